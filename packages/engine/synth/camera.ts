import type { Rng } from './prng.ts';
import type { DistortionFamily } from './surface.ts';

/** Where each photo pixel lands on the page: page coordinates (u, v) and a Lambert shade. */
export interface PageRaster {
  width: number;
  height: number;
  /** page x per pixel; NaN where the background shows */
  u: Float32Array;
  v: Float32Array;
  shade: Float32Array;
}

interface Grid {
  gw: number;
  gh: number;
  x: Float64Array;
  y: Float64Array;
  z: Float64Array;
}

/**
 * Pinhole camera: rotates the displaced page, projects it, frames it with a margin, and
 * rasterises the grid's triangles with a depth buffer. The result is a backward map (photo
 * pixel → page point) that the photo renderer samples bilinearly.
 */
export function photograph(
  grid: Grid,
  step: number,
  pageW: number,
  pageH: number,
  family: DistortionFamily,
  rng: Rng,
): PageRaster {
  const strong = family === 'perspective';
  const tiltX = rng.range(strong ? 0.18 : 0.02, strong ? 0.5 : 0.2) * rng.pick([-1, 1]);
  const tiltY = rng.range(strong ? 0.08 : 0, strong ? 0.35 : 0.14) * rng.pick([-1, 1]);
  const roll = rng.range(-1, 1) * (strong ? 0.35 : 0.12);
  const long = Math.max(pageW, pageH);
  const f = long * rng.range(1.0, 1.6);
  const dist = f * 1.05;
  const [cx1, sx1] = [Math.cos(tiltX), Math.sin(tiltX)];
  const [cy1, sy1] = [Math.cos(tiltY), Math.sin(tiltY)];
  const [cr, sr] = [Math.cos(roll), Math.sin(roll)];
  const n = grid.gw * grid.gh;
  const px = new Float64Array(n);
  const py = new Float64Array(n);
  const pz = new Float64Array(n);
  const cam = { x: new Float64Array(n), y: new Float64Array(n), z: new Float64Array(n) };
  for (let k = 0; k < n; k++) {
    // roll (z), then tilt about x, then about y
    let X = grid.x[k]! * cr - grid.y[k]! * sr;
    let Y = grid.x[k]! * sr + grid.y[k]! * cr;
    let Z = grid.z[k]!;
    const Y2 = Y * cx1 - Z * sx1;
    const Z2 = Y * sx1 + Z * cx1;
    Y = Y2;
    Z = Z2;
    const X3 = X * cy1 + Z * sy1;
    const Z3 = -X * sy1 + Z * cy1;
    X = X3;
    Z = Z3;
    cam.x[k] = X;
    cam.y[k] = Y;
    cam.z[k] = Z;
    const depth = dist - Z;
    px[k] = (f * X) / depth;
    py[k] = (f * Y) / depth;
    pz[k] = depth;
  }
  let minX = Infinity,
    maxX = -Infinity,
    minY = Infinity,
    maxY = -Infinity;
  for (let k = 0; k < n; k++) {
    minX = Math.min(minX, px[k]!);
    maxX = Math.max(maxX, px[k]!);
    minY = Math.min(minY, py[k]!);
    maxY = Math.max(maxY, py[k]!);
  }
  // Scale so the photo is about as large as the page, with a random margin and offset.
  const scale = Math.sqrt((pageW * pageH) / ((maxX - minX) * (maxY - minY))) * rng.range(0.9, 1.0);
  const margin = rng.range(0.04, 0.13);
  const width = Math.round((maxX - minX) * scale * (1 + 2 * margin));
  const height = Math.round((maxY - minY) * scale * (1 + 2 * margin));
  const offX =
    (width - (maxX - minX) * scale) / 2 + rng.range(-0.5, 0.5) * margin * width - minX * scale;
  const offY =
    (height - (maxY - minY) * scale) / 2 + rng.range(-0.5, 0.5) * margin * height - minY * scale;
  for (let k = 0; k < n; k++) {
    px[k] = px[k]! * scale + offX;
    py[k] = py[k]! * scale + offY;
  }
  const shade = lambert(grid.gw, grid.gh, cam, rng);
  return rasterise(grid.gw, grid.gh, step, pageW, pageH, px, py, pz, shade, width, height);
}

function lambert(
  gw: number,
  gh: number,
  cam: { x: Float64Array; y: Float64Array; z: Float64Array },
  rng: Rng,
): Float32Array {
  const ang = rng.range(0, Math.PI * 2);
  const elev = rng.range(0.45, 0.9);
  const L = [
    Math.cos(ang) * Math.cos(elev),
    Math.sin(ang) * Math.cos(elev),
    Math.sin(elev),
  ] as const;
  const ambient = rng.range(0.4, 0.6);
  const out = new Float32Array(gw * gh);
  const at = (i: number, j: number): number =>
    Math.min(gh - 1, Math.max(0, j)) * gw + Math.min(gw - 1, Math.max(0, i));
  let flat = 0;
  const dots = new Float64Array(gw * gh);
  for (let j = 0; j < gh; j++) {
    for (let i = 0; i < gw; i++) {
      const a = at(i + 1, j),
        b = at(i - 1, j),
        c = at(i, j + 1),
        d = at(i, j - 1);
      const ux = cam.x[a]! - cam.x[b]!,
        uy = cam.y[a]! - cam.y[b]!,
        uz = cam.z[a]! - cam.z[b]!;
      const vx = cam.x[c]! - cam.x[d]!,
        vy = cam.y[c]! - cam.y[d]!,
        vz = cam.z[c]! - cam.z[d]!;
      // normal = v × u points towards the camera (+z) for an unrotated page (x right, y down)
      let nx = vy * uz - vz * uy;
      let ny = vz * ux - vx * uz;
      let nz = vx * uy - vy * ux;
      const len = Math.hypot(nx, ny, nz) || 1;
      nx /= len;
      ny /= len;
      nz /= len;
      if (nz < 0) {
        nx = -nx;
        ny = -ny;
        nz = -nz;
      }
      const dot = Math.max(0, nx * L[0] + ny * L[1] + nz * L[2]);
      dots[j * gw + i] = dot;
      flat += dot;
    }
  }
  // Normalise so the page's average orientation is lit at 1.0; creases turn lighter or darker.
  flat /= gw * gh;
  for (let k = 0; k < out.length; k++)
    out[k] = ambient + (1 - ambient) * (dots[k]! / Math.max(flat, 1e-3));
  return out;
}

function rasterise(
  gw: number,
  gh: number,
  step: number,
  pageW: number,
  pageH: number,
  px: Float64Array,
  py: Float64Array,
  pz: Float64Array,
  shade: Float32Array,
  width: number,
  height: number,
): PageRaster {
  const u = new Float32Array(width * height).fill(NaN);
  const v = new Float32Array(width * height).fill(NaN);
  const sh = new Float32Array(width * height);
  const depth = new Float32Array(width * height).fill(Infinity);
  const tri = (a: number, b: number, c: number): void => {
    const ax = px[a]!,
      ay = py[a]!,
      bx = px[b]!,
      by = py[b]!,
      cx = px[c]!,
      cy = py[c]!;
    const area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    if (Math.abs(area) < 1e-9) return;
    const x0 = Math.max(0, Math.ceil(Math.min(ax, bx, cx)));
    const x1 = Math.min(width - 1, Math.floor(Math.max(ax, bx, cx)));
    const y0 = Math.max(0, Math.ceil(Math.min(ay, by, cy)));
    const y1 = Math.min(height - 1, Math.floor(Math.max(ay, by, cy)));
    const ua = Math.min(pageW, (a % gw) * step),
      va = Math.min(pageH, Math.floor(a / gw) * step);
    const ub = Math.min(pageW, (b % gw) * step),
      vb = Math.min(pageH, Math.floor(b / gw) * step);
    const uc = Math.min(pageW, (c % gw) * step),
      vc = Math.min(pageH, Math.floor(c / gw) * step);
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const w0 = ((bx - x) * (cy - y) - (by - y) * (cx - x)) / area;
        const w1 = ((cx - x) * (ay - y) - (cy - y) * (ax - x)) / area;
        const w2 = 1 - w0 - w1;
        if (w0 < -1e-6 || w1 < -1e-6 || w2 < -1e-6) continue;
        const k = y * width + x;
        const z = w0 * pz[a]! + w1 * pz[b]! + w2 * pz[c]!;
        if (z >= depth[k]!) continue;
        depth[k] = z;
        u[k] = Math.min(pageW - 1, w0 * ua + w1 * ub + w2 * uc);
        v[k] = Math.min(pageH - 1, w0 * va + w1 * vb + w2 * vc);
        sh[k] = w0 * shade[a]! + w1 * shade[b]! + w2 * shade[c]!;
      }
    }
  };
  for (let j = 0; j + 1 < gh; j++) {
    for (let i = 0; i + 1 < gw; i++) {
      const k = j * gw + i;
      tri(k, k + 1, k + gw);
      tri(k + 1, k + gw + 1, k + gw);
    }
  }
  return { width, height, u, v, shade: sh };
}
