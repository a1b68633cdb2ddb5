import { useQuery } from '@tanstack/react-query';

/** One before/after pair produced by our own engine (apps/web/public/showcase/, made by the engine's bench). */
export type ShowcaseItem = {
  id: string;
  kind: string;
  family: string;
  before: string;
  after: string;
  width: number;
  height: number;
};

async function fetchManifest(): Promise<ShowcaseItem[]> {
  const response = await fetch('/showcase/manifest.json', {
    headers: { Accept: 'application/json' },
  });
  // Until the engine has produced the showcase the file is absent (the SPA fallback answers HTML).
  if (!response.ok || !(response.headers.get('content-type') ?? '').includes('json')) return [];
  const items: unknown = await response.json().catch(() => []);
  return Array.isArray(items)
    ? (items as ShowcaseItem[]).filter((i) => i && i.before && i.after)
    : [];
}

export function useShowcase() {
  return useQuery({
    queryKey: ['showcase'],
    queryFn: fetchManifest,
    staleTime: Infinity,
    retry: false,
  });
}
