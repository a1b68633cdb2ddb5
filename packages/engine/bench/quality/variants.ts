import sharp from 'sharp';
import type { RgbImage } from '../../src/types.ts';
import { decodeRgb, encodePng } from '../../synth/index.ts';

/** A variant's page, and the quarter turns (degrees clockwise) it applied to it. */
export interface VariantOutput {
  image: RgbImage;
  rotation: number;
}

/** One way of turning a photo into a page: the thing a bench row measures. */
export interface Variant {
  name: string;
  run(photo: RgbImage): Promise<VariantOutput>;
}

/** The untouched photo: the baseline every other row must beat. */
export const unchanged: Variant = {
  name: 'input unchanged',
  run: async (photo) => ({ image: photo, rotation: 0 }),
};

/**
 * The variants available right now. The engine's `restore()` and the geometry engineer's
 * `planGeometry` land while the bench is in use, so both are imported dynamically and a missing
 * export leaves its row out with a note instead of breaking the bench.
 */
export async function loadVariants(
  notes: string[],
  options: { geometry?: boolean; modes?: boolean } = {},
): Promise<Variant[]> {
  const variants: Variant[] = [unchanged];
  if (options.geometry !== false) {
    try {
      const plan = (await import('../../src/geometry/plan.ts')) as Record<string, unknown>;
      const resample = (await import('../../src/resample/bicubic.ts')) as Record<string, unknown>;
      if (
        typeof plan.planGeometry === 'function' &&
        typeof resample.resampleBicubic === 'function'
      ) {
        variants.push(
          geometryOnly(plan.planGeometry as PlanFn, resample.resampleBicubic as ResampleFn),
        );
      }
    } catch (error) {
      notes.push(`geometry-only row skipped: ${(error as Error).message}`);
    }
  }
  try {
    const engine = (await import('../../src/index.ts')) as Record<string, unknown>;
    if (typeof engine.restore === 'function') {
      const restore = engine.restore as RestoreFn;
      variants.push(engineVariant(restore, 'color'));
      if (options.modes)
        variants.push(engineVariant(restore, 'gray'), engineVariant(restore, 'bw'));
    } else notes.push('engine row skipped: src/index.ts does not export restore() yet');
  } catch (error) {
    notes.push(`engine row skipped: ${(error as Error).message}`);
  }
  return variants;
}

type Mode = 'color' | 'gray' | 'bw';
type RestoreFn = (
  input: Uint8Array,
  options?: { format?: 'png'; mode?: Mode },
) => Promise<{ file: Uint8Array; report: { pages: Array<{ rotation: number }> } }>;
type PlanFn = (work: RgbImage) => {
  map: { outWidth: number; outHeight: number };
  rotation: number;
};
type ResampleFn = (
  src: RgbImage,
  map: unknown,
  opts: { outWidth: number; outHeight: number; srcScale: number },
) => RgbImage;

function engineVariant(restore: RestoreFn, mode: Mode): Variant {
  return {
    name: mode === 'color' ? 'engine' : `engine ${mode}`,
    async run(photo) {
      const result = await restore(await encodePng(photo), { format: 'png', mode });
      return { image: await decodeRgb(result.file), rotation: result.report.pages[0]!.rotation };
    },
  };
}

/** planGeometry at working size + bicubic resampling, no appearance stage: isolates geometry. */
function geometryOnly(planGeometry: PlanFn, resampleBicubic: ResampleFn): Variant {
  return {
    name: 'geometry only',
    async run(photo) {
      const scale = Math.min(1, 1600 / Math.max(photo.width, photo.height));
      const work =
        scale < 1
          ? await resizeRgb(
              photo,
              Math.round(photo.width * scale),
              Math.round(photo.height * scale),
            )
          : photo;
      const plan = planGeometry(work);
      const srcScale = photo.width / work.width;
      const image = resampleBicubic(photo, plan.map, {
        outWidth: Math.round(plan.map.outWidth * srcScale),
        outHeight: Math.round(plan.map.outHeight * srcScale),
        srcScale,
      });
      return { image, rotation: plan.rotation };
    },
  };
}

export async function resizeRgb(image: RgbImage, width: number, height: number): Promise<RgbImage> {
  const buf = await sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: 3 },
  })
    .resize(width, height, { kernel: 'cubic', fit: 'fill' })
    .raw()
    .toBuffer();
  return { width, height, data: new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength) };
}
