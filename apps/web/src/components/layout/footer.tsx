import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '../localized-link.tsx';
import { LogoMark } from './logo.tsx';

export function Footer() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  const link = 'text-sm text-slate-300 hover:text-white';
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4">
        <div className="md:col-span-2">
          <LocalizedLink to="/" className="flex items-center gap-2 text-lg font-bold text-white">
            <LogoMark />
            <span>{t('brand')}</span>
          </LocalizedLink>
          <p className="mt-3 max-w-sm text-sm text-slate-300">{t('footer.tagline')}</p>
        </div>
        <nav aria-labelledby="footer-product">
          <h2 id="footer-product" className="text-sm font-semibold text-white">
            {t('footer.product')}
          </h2>
          <ul className="mt-3 space-y-2">
            <li>
              <LocalizedLink to="/app" className={link}>
                {t('footer.uploadDocuments')}
              </LocalizedLink>
            </li>
            <li>
              <LocalizedLink to="/pricing" className={link}>
                {t('footer.pricing')}
              </LocalizedLink>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-company">
          <h2 id="footer-company" className="text-sm font-semibold text-white">
            {t('footer.company')}
          </h2>
          <ul className="mt-3 space-y-2">
            <li>
              <LocalizedLink to="/contact" className={link}>
                {t('footer.contact')}
              </LocalizedLink>
            </li>
            <li>
              <LocalizedLink to="/privacy-policy" className={link}>
                {t('footer.privacy')}
              </LocalizedLink>
            </li>
            <li>
              <LocalizedLink to="/terms-of-service" className={link}>
                {t('footer.terms')}
              </LocalizedLink>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-5 text-sm text-slate-400 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>{t('footer.copyright', { year })}</p>
          <LocalizedLink to="/sitemap.xml" className="text-slate-300 hover:text-white">
            {t('footer.sitemap')}
          </LocalizedLink>
        </div>
      </div>
    </footer>
  );
}
