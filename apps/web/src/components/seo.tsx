import { useEffect } from 'react';

type Head = { title: string; description: string; canonicalPath?: string };

function upsert(selector: string, create: () => HTMLElement): HTMLElement {
  return document.head.querySelector<HTMLElement>(selector) ?? document.head.appendChild(create());
}

/** Sets the page's <title>, meta description and (optionally) its canonical link. */
export function usePageHead({ title, description, canonicalPath }: Head) {
  useEffect(() => {
    document.title = title;
    const meta = upsert('meta[name="description"]', () =>
      Object.assign(document.createElement('meta'), { name: 'description' }),
    );
    meta.setAttribute('content', description);
  }, [title, description]);

  useEffect(() => {
    if (!canonicalPath) return;
    const link = upsert('link[rel="canonical"]', () =>
      Object.assign(document.createElement('link'), { rel: 'canonical' }),
    );
    link.setAttribute('href', new URL(canonicalPath, window.location.origin).href);
    return () => link.remove();
  }, [canonicalPath]);
}
