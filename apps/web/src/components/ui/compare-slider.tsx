import { useId, useState } from 'react';
import { cn } from '../../lib/cn.ts';

type Props = {
  /** Source of the original image, shown on the left of the handle. */
  before: string;
  /** Source of the restored image, revealed on the right of the handle. */
  after: string;
  /** Alt text and visible badge of the original image. */
  beforeLabel: string;
  /** Alt text and visible badge of the restored image. */
  afterLabel: string;
  /** Accessible name of the range input (what screen readers announce for the slider). */
  sliderLabel: string;
  /**
   * Intrinsic size of the images when known up front: it reserves the space before loading.
   * Without it, the aspect ratio is taken from the restored image once it has loaded.
   */
  width?: number;
  height?: number;
  /** Tallest the figure may get, as a CSS length; its width follows from the aspect ratio. */
  maxHeight?: string;
  loading?: 'eager' | 'lazy';
  className?: string;
};

/**
 * Before/after comparison: the restored image is revealed up to a handle driven by a native
 * range input, so arrows, Home and End work and screen readers announce the value.
 */
export function CompareSlider({
  before,
  after,
  beforeLabel,
  afterLabel,
  sliderLabel,
  width,
  height,
  maxHeight = '60vh',
  loading,
  className,
}: Props) {
  const [position, setPosition] = useState(50);
  const [measuredRatio, setMeasuredRatio] = useState(3 / 4);
  const id = useId();
  const knownSize = width !== undefined && height !== undefined && width > 0 && height > 0;
  const ratio = knownSize ? width / height : measuredRatio;
  return (
    <figure
      className={cn(
        'relative mx-auto select-none overflow-hidden rounded-xl border border-slate-200 bg-slate-100 has-[input:focus-visible]:ring-4 has-[input:focus-visible]:ring-brand-600',
        className,
      )}
      style={{ aspectRatio: String(ratio), width: `min(100%, calc(${maxHeight} * ${ratio}))` }}
    >
      <img
        src={before}
        alt={beforeLabel}
        width={width}
        height={height}
        className="absolute inset-0 h-full w-full object-contain"
        loading={loading}
      />
      <img
        src={after}
        alt={afterLabel}
        width={width}
        height={height}
        className="absolute inset-0 h-full w-full bg-slate-100 object-contain"
        style={{ clipPath: `inset(0 0 0 ${position}%)` }}
        loading={loading}
        onLoad={
          knownSize
            ? undefined
            : (e) => {
                const img = e.currentTarget;
                if (img.naturalWidth && img.naturalHeight)
                  setMeasuredRatio(img.naturalWidth / img.naturalHeight);
              }
        }
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
        style={{ accentColor: 'var(--color-brand-700)' }}
      />
    </figure>
  );
}
