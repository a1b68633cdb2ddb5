import { ArrowRight, ImageOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '../../../components/localized-link.tsx';
import { buttonClass } from '../../../components/ui/button.tsx';
import { CompareSlider } from '../../../components/ui/compare-slider.tsx';
import { cn } from '../../../lib/cn.ts';
import { useShowcase } from '../api/showcase.ts';

export function Showcase() {
  const { t } = useTranslation('landing');
  const showcase = useShowcase();
  const items = showcase.data ?? [];
  const [selected, setSelected] = useState(0);
  const item = items[Math.min(selected, items.length - 1)];

  return (
    <section id="showcase" aria-labelledby="showcase-title" className="bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="showcase-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            {t('showcase.title')}
          </h2>
          <p className="mt-3 text-lg text-slate-700">{t('showcase.subtitle')}</p>
        </div>
        <div className="mx-auto mt-10 max-w-4xl">
          {item ? (
            <>
              <CompareSlider
                key={item.id}
                before={item.before}
                after={item.after}
                width={item.width}
                height={item.height}
                maxHeight="70vh"
                loading="lazy"
                className="shadow-sm"
                beforeLabel={t('showcase.before')}
                afterLabel={t('showcase.after')}
                sliderLabel={t('showcase.slider')}
              />
              {items.length > 1 && (
                <div
                  className="mt-4 flex flex-wrap justify-center gap-2"
                  role="group"
                  aria-label={t('showcase.examples')}
                >
                  {items.map((it, i) => (
                    <button
                      key={it.id}
                      type="button"
                      aria-pressed={i === selected}
                      onClick={() => setSelected(i)}
                      className={cn(
                        'rounded-full border px-3 py-1.5 text-sm font-medium',
                        i === selected
                          ? 'border-brand-700 bg-brand-700 text-white'
                          : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
                      )}
                    >
                      {t('showcase.example', { n: i + 1 })}
                    </button>
                  ))}
                </div>
              )}
              <p className="mt-3 text-center text-sm text-slate-600">{t('showcase.note')}</p>
            </>
          ) : (
            <div
              data-testid="showcase-slot"
              className="flex aspect-[4/3] flex-col items-center justify-center rounded-xl border-2 border-dashed border-slate-300 bg-slate-50 p-8 text-center sm:aspect-[16/9]"
            >
              <ImageOff aria-hidden="true" className="h-10 w-10 text-slate-500" />
              <p className="mt-3 font-semibold text-slate-800">{t('showcase.emptyTitle')}</p>
              <p className="mt-1 max-w-md text-sm text-slate-700">{t('showcase.emptyText')}</p>
            </div>
          )}
        </div>
        <div className="mt-10 text-center">
          <LocalizedLink to="/app" className={buttonClass('primary', 'lg')}>
            {t('showcase.cta')}
            <ArrowRight aria-hidden="true" className="h-4 w-4" />
          </LocalizedLink>
        </div>
      </div>
    </section>
  );
}
