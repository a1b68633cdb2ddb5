import { useId, useState } from 'react';

type Props = {
  before: string;
  after: string;
  width: number;
  height: number;
  beforeLabel: string;
  afterLabel: string;
  sliderLabel: string;
};

/** Before/after comparison: the "after" image is revealed up to a handle driven by a native range input (keyboard: arrows, Home, End). */
export function CompareSlider({
  before,
  after,
  width,
  height,
  beforeLabel,
  afterLabel,
  sliderLabel,
}: Props) {
  const [position, setPosition] = useState(50);
  const id = useId();
  return (
    <figure
      className="relative mx-auto select-none overflow-hidden rounded-xl border border-slate-200 bg-slate-100 shadow-sm has-[input:focus-visible]:ring-4 has-[input:focus-visible]:ring-brand-600"
      style={{
        aspectRatio: `${width} / ${height}`,
        width: `min(100%, calc(70vh * ${width / height}))`,
      }}
    >
      <img
        src={before}
        alt={beforeLabel}
        width={width}
        height={height}
        className="absolute inset-0 h-full w-full object-contain"
        loading="lazy"
      />
      <img
        src={after}
        alt={afterLabel}
        width={width}
        height={height}
        className="absolute inset-0 h-full w-full object-contain"
        style={{ clipPath: `inset(0 0 0 ${position}%)` }}
        loading="lazy"
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
      <span className="absolute left-3 top-3 rounded bg-slate-900/80 px-2 py-1 text-xs font-semibold text-white">
        {beforeLabel}
      </span>
      <span className="absolute right-3 top-3 rounded bg-brand-800/90 px-2 py-1 text-xs font-semibold text-white">
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
        style={{ accentColor: 'var(--color-brand-700)' }}
      />
    </figure>
  );
}
