import { Menu, UserRound, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../lib/auth.tsx';
import { cn } from '../../lib/cn.ts';
import { useLanguage } from '../../lib/use-language.ts';
import { LocalizedLink } from '../localized-link.tsx';
import { buttonClass } from '../ui/button.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { LogoMark } from './logo.tsx';

export function Header() {
  const { t } = useTranslation();
  const { basePath } = useLanguage();
  const { session, profile, signedIn } = useProfile();
  const [open, setOpen] = useState(false);
  // Close the phone menu whenever the page changes (state reset keyed on the path).
  const [menuPath, setMenuPath] = useState(basePath);
  if (menuPath !== basePath) {
    setMenuPath(basePath);
    setOpen(false);
  }

  const links = [
    { to: '/', label: t('nav.home') },
    { to: '/pricing', label: t('nav.pricing') },
    { to: '/app', label: t('nav.app') },
    ...(profile.data?.is_admin ? [{ to: '/admin', label: t('nav.admin') }] : []),
  ];
  const isActive = (to: string) => (to === '/' ? basePath === '/' : basePath.startsWith(to));
  const linkClass = (to: string) =>
    cn(
      'rounded-md px-3 py-2 text-sm font-medium',
      isActive(to)
        ? 'text-brand-800 bg-brand-50'
        : 'text-slate-700 hover:text-slate-900 hover:bg-slate-100',
    );

  const account = session.isPending ? (
    <span className="h-9 w-24" aria-hidden="true" />
  ) : signedIn ? (
    <LocalizedLink
      to="/profile"
      className={buttonClass('secondary', 'sm')}
      aria-label={t('nav.profile')}
    >
      <UserRound aria-hidden="true" className="h-4 w-4" />
      <span className="max-w-36 truncate">
        {profile.data?.full_name || session.data?.user.name || t('nav.profile')}
      </span>
    </LocalizedLink>
  ) : (
    <>
      <LocalizedLink to="/auth?mode=signin" className={buttonClass('ghost', 'sm')}>
        {t('nav.signIn')}
      </LocalizedLink>
      <LocalizedLink to="/auth?mode=signup" className={buttonClass('primary', 'sm')}>
        {t('nav.signUp')}
      </LocalizedLink>
    </>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <LocalizedLink to="/" className="flex items-center gap-2 text-lg font-bold text-slate-900">
          <LogoMark />
          <span>{t('brand')}</span>
        </LocalizedLink>
        <nav aria-label={t('nav.main')} className="hidden items-center gap-1 md:flex">
          {links.map((l) => (
            <LocalizedLink
              key={l.to}
              to={l.to}
              className={linkClass(l.to)}
              aria-current={isActive(l.to) ? 'page' : undefined}
            >
              {l.label}
            </LocalizedLink>
          ))}
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          <LanguageSwitcher />
          {account}
        </div>
        <button
          type="button"
          className="rounded-md p-2 text-slate-800 hover:bg-slate-100 md:hidden"
          aria-expanded={open}
          aria-controls="mobile-menu"
          aria-label={open ? t('nav.closeMenu') : t('nav.menu')}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? (
            <X aria-hidden="true" className="h-6 w-6" />
          ) : (
            <Menu aria-hidden="true" className="h-6 w-6" />
          )}
        </button>
      </div>
      {open && (
        <div id="mobile-menu" className="border-t border-slate-200 bg-white px-4 pb-4 md:hidden">
          <nav aria-label={t('nav.main')} className="flex flex-col py-2">
            {links.map((l) => (
              <LocalizedLink
                key={l.to}
                to={l.to}
                className={cn(linkClass(l.to), 'py-3 text-base')}
                aria-current={isActive(l.to) ? 'page' : undefined}
              >
                {l.label}
              </LocalizedLink>
            ))}
          </nav>
          <div className="flex flex-wrap items-center gap-2 border-t border-slate-200 pt-3">
            <LanguageSwitcher />
            {account}
          </div>
        </div>
      )}
    </header>
  );
}
