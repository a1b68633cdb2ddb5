import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { Profile } from '../../../lib/api.ts';
import { profileKey } from '../../../lib/auth.tsx';

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { full_name: string }) => api.patch<Profile>('/api/profile', input),
    onSuccess: (profile) => client.setQueryData(profileKey, profile),
  });
}
