import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { Profile } from '../../../lib/api.ts';

export type ProfilePage = { items: Profile[]; total: number; page: number; pageSize: number };
export const PAGE_SIZE = 20;

export function useAdminProfiles(q: string, page: number) {
  return useQuery({
    queryKey: ['admin', 'profiles', q, page],
    queryFn: () => {
      const params = new URLSearchParams({ page: String(page), pageSize: String(PAGE_SIZE) });
      if (q) params.set('q', q);
      return api.get<ProfilePage>(`/api/admin/profiles?${params}`);
    },
    placeholderData: keepPreviousData,
  });
}

export function useSetPremium() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, is_premium }: { id: string; is_premium: boolean }) =>
      api.patch<Profile>(`/api/admin/profiles/${encodeURIComponent(id)}`, { is_premium }),
    onSuccess: (updated) => {
      // Update the row in every cached page that holds it; the list itself keeps its order.
      client.setQueriesData<ProfilePage>({ queryKey: ['admin', 'profiles'] }, (old) =>
        old ? { ...old, items: old.items.map((p) => (p.id === updated.id ? updated : p)) } : old,
      );
    },
  });
}
