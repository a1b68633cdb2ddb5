import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export type PublicConfig = {
  googleEnabled: boolean;
  billing: string;
  mail: string;
  devMailbox: boolean;
};

/** Server switches the browser needs (is Google sign-in configured?). */
export function usePublicConfig() {
  return useQuery({
    queryKey: ['config'],
    queryFn: () => api.get<PublicConfig>('/api/config'),
    staleTime: 5 * 60_000,
  });
}
