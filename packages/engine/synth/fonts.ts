import { existsSync } from 'node:fs';
import { GlobalFonts } from '@napi-rs/canvas';

/** Logical font roles used by the page layouts. */
export type FontRole = 'sans' | 'sansBold' | 'serif' | 'serifBold' | 'mono' | 'monoBold';

const DIRS = ['/usr/share/fonts/truetype/liberation', '/usr/share/fonts/truetype/dejavu'];
const CANDIDATES: Record<FontRole, string[]> = {
  sans: ['LiberationSans-Regular.ttf', 'DejaVuSans.ttf'],
  sansBold: ['LiberationSans-Bold.ttf', 'DejaVuSans-Bold.ttf'],
  serif: ['LiberationSerif-Regular.ttf', 'DejaVuSerif.ttf'],
  serifBold: ['LiberationSerif-Bold.ttf', 'DejaVuSerif-Bold.ttf'],
  mono: ['LiberationMono-Regular.ttf', 'DejaVuSansMono.ttf'],
  monoBold: ['LiberationMono-Bold.ttf', 'DejaVuSansMono-Bold.ttf'],
};

let registered: Record<FontRole, string> | null = null;
let files: Record<FontRole, string> | null = null;

/**
 * Registers one system TTF per role under a private family name (@napi-rs/canvas bundles no
 * fonts). Throws a clear error when the Debian font packages are missing.
 * @example const fonts = ensureFonts(); ctx.font = `24px ${fonts.serif}`;
 */
export function ensureFonts(): Record<FontRole, string> {
  if (registered) return registered;
  const result = {} as Record<FontRole, string>;
  const found = {} as Record<FontRole, string>;
  for (const role of Object.keys(CANDIDATES) as FontRole[]) {
    const file = findFont(CANDIDATES[role]);
    if (!file) {
      throw new Error(
        `synth: no TrueType font found for "${role}" in ${DIRS.join(' or ')}; ` +
          'install fonts-dejavu-core or fonts-liberation (apt-get install fonts-dejavu-core)',
      );
    }
    const family = `Uncrumple Synth ${role}`;
    GlobalFonts.registerFromPath(file, family);
    result[role] = `"${family}"`;
    found[role] = file;
  }
  registered = result;
  files = found;
  return result;
}

/**
 * The font file behind each role. The synthetic pages, and so every bench figure, depend on
 * them: Liberation (fonts-liberation) when installed, else DejaVu, which sets text wider and
 * moves the figures by several hundredths. The benches print them.
 * @example console.log(synthFontFiles().sans); // /usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf
 */
export function synthFontFiles(): Record<FontRole, string> {
  ensureFonts();
  return files!;
}

function findFont(names: string[]): string | null {
  // Any font for the role will do, but prefer the same family for every role.
  for (const dir of DIRS) {
    for (const name of names) {
      const path = `${dir}/${name}`;
      if (existsSync(path)) return path;
    }
  }
  return null;
}
