import { useId, useState } from 'react';

type Props = {
  before: string;
  after: string;
  beforeLabel: string;
  afterLabel: string;
  sliderLabel: string;
};

/**
 * Before/after comparison of one document: the restored page is revealed up to a handle driven
 * by a native range input, so arrows, Home and End work and screen readers announce the value.
 */
export function CompareSlider({ before, after, beforeLabel, afterLabel, sliderLabel }: Props) {
  const [position, setPosition] = useState(50);
  const [ratio, setRatio] = useState(3 / 4);
  const id = useId();
  return (
    <figure
      className="relative mx-auto w-full select-none overflow-hidden rounded-xl border border-slate-200 bg-slate-100 has-[input:focus-visible]:ring-4 has-[input:focus-visible]:ring-brand-600"
      style={{ aspectRatio: String(ratio), maxWidth: `calc(60vh * ${ratio})` }}
    >
      <img
        src={before}
        alt={beforeLabel}
        className="absolute inset-0 h-full w-full object-contain"
      />
      <img
        src={after}
        alt={afterLabel}
        className="absolute inset-0 h-full w-full bg-slate-100 object-contain"
        style={{ clipPath: `inset(0 0 0 ${position}%)` }}
        onLoad={(e) => {
          const img = e.currentTarget;
          if (img.naturalWidth && img.naturalHeight) setRatio(img.naturalWidth / img.naturalHeight);
        }}
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 w-0.5 bg-white shadow-[0_0_0_1px_rgba(15,23,42,0.3)]"
        style={{ left: `${position}%` }}
      >
        <span className="absolute top-1/2 left-1/2 flex h-9 w-9 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-white text-sm font-bold text-slate-800 shadow-md">
          ⇔
        </span>
      </div>
      <span className="absolute top-3 left-3 rounded bg-slate-900/80 px-2 py-1 text-xs font-semibold text-white">
        {beforeLabel}
      </span>
      <span className="absolute top-3 right-3 rounded bg-brand-800/90 px-2 py-1 text-xs font-semibold text-white">
        {afterLabel}
      </span>
      <label htmlFor={id} className="sr-only">
        {sliderLabel}
      </label>
      <input
        id={id}
        type="range"
        min={0}
        max={100}
        value={position}
        onChange={(e) => setPosition(Number(e.target.value))}
        className="absolute inset-0 h-full w-full cursor-ew-resize opacity-0"
      />
    </figure>
  );
}
