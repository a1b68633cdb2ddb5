import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export type ApiKey = {
  id: string;
  name: string;
  prefix: string;
  created_at: string;
  last_used_at: string | null;
};

export const apiKeysKey = ['api-keys'] as const;

export function useApiKeys() {
  return useQuery({
    queryKey: apiKeysKey,
    queryFn: async () => (await api.get<{ keys: ApiKey[] }>('/api/api-keys')).keys,
  });
}

export function createApiKey(name: string) {
  return api.post<{ key: ApiKey; secret: string }>('/api/api-keys', { name });
}

export function revokeApiKey(id: string) {
  return api.delete(`/api/api-keys/${id}`);
}
