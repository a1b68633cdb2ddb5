import { forwardRef } from 'react';
import type { AnchorHTMLAttributes } from 'react';
import { Link } from 'react-router';
import { useLanguage } from '../lib/use-language.ts';

// Served by the API server, not the SPA: these need a full page load.
const SERVER_PATHS = ['/sitemap.xml', '/robots.txt'];

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  replace?: boolean;
};

/** A router link that keeps the current language prefix (`/pricing` → `/es/pricing` on Spanish pages). */
export const LocalizedLink = forwardRef<HTMLAnchorElement, Props>(function LocalizedLink(
  { to, replace, ...rest },
  ref,
) {
  const { localize } = useLanguage();
  if (SERVER_PATHS.some((p) => to.startsWith(p)) || /^[a-z]+:/i.test(to)) {
    return <a ref={ref} href={to} {...rest} />;
  }
  return <Link ref={ref} to={localize(to)} replace={replace} {...rest} />;
});
