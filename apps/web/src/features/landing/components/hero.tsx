import { ArrowRight, ShieldCheck, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '../../../components/localized-link.tsx';
import { buttonClass } from '../../../components/ui/button.tsx';

/** A drawn illustration (no photo): a creased, skewed page becoming a flat one. */
function HeroArt() {
  return (
    <svg viewBox="0 0 420 300" className="h-auto w-full" role="presentation" aria-hidden="true">
      <defs>
        <linearGradient id="crease" x1="0" x2="1" y1="0" y2="1">
          <stop offset="0" stopColor="#f1eee6" />
          <stop offset="0.5" stopColor="#d9d3c4" />
          <stop offset="1" stopColor="#efe9dc" />
        </linearGradient>
      </defs>
      <g transform="rotate(-9 100 150)">
        <path
          d="M28 52 L152 38 L166 118 L158 196 L172 262 L44 270 L36 190 L22 120 Z"
          fill="url(#crease)"
          stroke="#bcb39f"
          strokeWidth="1.5"
        />
        <path
          d="M22 120 L166 118 M36 190 L158 196 M95 44 L100 266"
          stroke="#a89f88"
          strokeWidth="1.2"
          opacity="0.7"
        />
        {[70, 84, 98, 140, 154, 168, 214, 228, 242].map((y, i) => (
          <path
            key={y}
            d={`M42 ${y} q ${25 + (i % 3) * 6} ${i % 2 ? 5 : -5} 55 0 t 52 ${i % 2 ? -3 : 4}`}
            stroke="#6b7280"
            strokeWidth="3"
            fill="none"
            strokeLinecap="round"
            opacity="0.55"
          />
        ))}
      </g>
      <g>
        <circle cx="210" cy="150" r="22" fill="#0d766d" />
        <path
          d="M200 150h18m-6-7 7 7-7 7"
          stroke="#fff"
          strokeWidth="3"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </g>
      <g>
        <rect
          x="252"
          y="36"
          width="146"
          height="228"
          rx="4"
          fill="#ffffff"
          stroke="#cbd5e1"
          strokeWidth="1.5"
        />
        <rect x="268" y="56" width="70" height="8" rx="2" fill="#0f172a" />
        {[80, 94, 108, 136, 150, 164, 192, 206, 220].map((y, i) => (
          <rect
            key={y}
            x="268"
            y={y}
            width={i % 3 === 2 ? 78 : 114}
            height="5"
            rx="2"
            fill="#334155"
            opacity="0.8"
          />
        ))}
        <rect x="330" y="236" width="52" height="12" rx="3" fill="#c8fff4" />
      </g>
    </svg>
  );
}

export function Hero() {
  const { t } = useTranslation('landing');
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-paper to-paper">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-2">
        <div>
          <p className="inline-flex items-center gap-1.5 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-800 shadow-sm ring-1 ring-brand-100">
            <Sparkles aria-hidden="true" className="h-4 w-4" />
            {t('hero.eyebrow')}
          </p>
          <h1 className="mt-5 text-4xl font-extrabold leading-tight tracking-tight text-slate-900 sm:text-5xl lg:text-6xl">
            {t('hero.title')}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-slate-700">{t('hero.subtitle')}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <LocalizedLink to="/app" className={buttonClass('primary', 'lg')}>
              {t('hero.primaryCta')}
              <ArrowRight aria-hidden="true" className="h-4 w-4" />
            </LocalizedLink>
            <LocalizedLink to="/pricing" className={buttonClass('secondary', 'lg')}>
              {t('hero.secondaryCta')}
            </LocalizedLink>
          </div>
          <p className="mt-5 flex items-center gap-2 text-sm text-slate-700">
            <ShieldCheck aria-hidden="true" className="h-4 w-4 text-brand-700" />
            {t('hero.trust')}
          </p>
        </div>
        <div className="mx-auto w-full max-w-lg">
          <HeroArt />
        </div>
      </div>
    </section>
  );
}
