import type { SKRSContext2D } from '@napi-rs/canvas';
import type { Rng } from './prng.ts';

/** Page decorations: logos, stamps, signatures, highlighter and photos (all seeded). */

export function drawLogo(ctx: SKRSContext2D, x: number, y: number, size: number, rng: Rng): string {
  const hue = rng.int(0, 359);
  const color = `hsl(${hue}, 65%, 42%)`;
  const accent = `hsl(${(hue + 40) % 360}, 75%, 55%)`;
  ctx.save();
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.arc(x + size / 2, y + size / 2, size / 2, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = accent;
  ctx.beginPath();
  ctx.moveTo(x + size * 0.2, y + size * 0.75);
  ctx.lineTo(x + size * 0.5, y + size * 0.18);
  ctx.lineTo(x + size * 0.8, y + size * 0.75);
  ctx.closePath();
  ctx.fill();
  ctx.restore();
  return color;
}

export function drawStamp(
  ctx: SKRSContext2D,
  cx: number,
  cy: number,
  label: string,
  size: number,
  font: string,
  rng: Rng,
): void {
  const color = rng.pick([
    'rgba(200, 30, 40, 0.8)',
    'rgba(30, 60, 190, 0.8)',
    'rgba(20, 130, 60, 0.8)',
  ]);
  ctx.save();
  ctx.translate(cx, cy);
  ctx.rotate(rng.range(-0.35, 0.35));
  ctx.font = `${size}px ${font}`;
  const w = ctx.measureText(label).width + size;
  const h = size * 1.6;
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  ctx.lineWidth = size * 0.12;
  ctx.strokeRect(-w / 2, -h / 2, w, h);
  ctx.lineWidth = size * 0.05;
  ctx.strokeRect(-w / 2 + size * 0.18, -h / 2 + size * 0.18, w - size * 0.36, h - size * 0.36);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(label, 0, size * 0.05);
  ctx.restore();
}

export function drawSignature(
  ctx: SKRSContext2D,
  x: number,
  y: number,
  w: number,
  h: number,
  rng: Rng,
): void {
  ctx.save();
  ctx.strokeStyle = rng.pick(['#1b2f8f', '#0d1a5c', '#222']);
  ctx.lineWidth = Math.max(2, h * 0.05);
  ctx.lineCap = 'round';
  ctx.beginPath();
  let px = x;
  let py = y + h * 0.6;
  ctx.moveTo(px, py);
  const loops = rng.int(4, 7);
  for (let i = 0; i < loops; i++) {
    const nx = x + (w * (i + 1)) / loops;
    const ny = y + h * rng.range(0.3, 0.8);
    ctx.bezierCurveTo(
      px + w * 0.1,
      y - h * rng.range(0, 0.3),
      nx - w * 0.05,
      y + h * rng.range(0.9, 1.2),
      nx,
      ny,
    );
    px = nx;
    py = ny;
  }
  ctx.moveTo(x + w * 0.1, y + h * 0.85);
  ctx.quadraticCurveTo(x + w * 0.5, y + h * 1.05, x + w * 0.95, y + h * 0.8);
  ctx.stroke();
  ctx.restore();
}

export function drawHighlight(
  ctx: SKRSContext2D,
  x: number,
  y: number,
  w: number,
  h: number,
  rng: Rng,
): void {
  ctx.save();
  ctx.globalCompositeOperation = 'multiply';
  ctx.fillStyle = rng.pick([
    'rgba(255, 235, 40, 0.75)',
    'rgba(140, 240, 120, 0.6)',
    'rgba(255, 160, 210, 0.55)',
  ]);
  ctx.fillRect(x, y, w, h);
  ctx.restore();
}

/** A synthetic "photo": sky gradient, sun, hills and a few shapes. */
export function drawPhoto(
  ctx: SKRSContext2D,
  x: number,
  y: number,
  w: number,
  h: number,
  rng: Rng,
): void {
  ctx.save();
  ctx.beginPath();
  ctx.rect(x, y, w, h);
  ctx.clip();
  const sky = ctx.createLinearGradient(x, y, x, y + h);
  const hue = rng.int(180, 230);
  sky.addColorStop(0, `hsl(${hue}, 70%, 45%)`);
  sky.addColorStop(1, `hsl(${hue + 20}, 60%, 80%)`);
  ctx.fillStyle = sky;
  ctx.fillRect(x, y, w, h);
  ctx.fillStyle = `hsl(${rng.int(30, 55)}, 90%, 60%)`;
  ctx.beginPath();
  ctx.arc(x + w * rng.range(0.2, 0.8), y + h * rng.range(0.15, 0.4), h * 0.12, 0, Math.PI * 2);
  ctx.fill();
  for (let layer = 0; layer < 3; layer++) {
    ctx.fillStyle = `hsl(${rng.int(90, 150)}, ${40 + layer * 10}%, ${40 - layer * 9}%)`;
    ctx.beginPath();
    ctx.moveTo(x, y + h);
    const base = y + h * (0.5 + layer * 0.15);
    for (let i = 0; i <= 8; i++) ctx.lineTo(x + (w * i) / 8, base - h * rng.range(0, 0.18));
    ctx.lineTo(x + w, y + h);
    ctx.closePath();
    ctx.fill();
  }
  for (let i = 0; i < 3; i++) {
    ctx.fillStyle = `hsla(${rng.int(0, 359)}, 70%, 50%, 0.8)`;
    ctx.fillRect(x + w * rng.range(0, 0.85), y + h * rng.range(0.55, 0.85), w * 0.08, h * 0.12);
  }
  ctx.restore();
  ctx.strokeStyle = '#333';
  ctx.lineWidth = 2;
  ctx.strokeRect(x, y, w, h);
}
