/**
 * Colour contrast as WCAG 2 measures it (relative luminance, contrast ratio), and the nearest colour
 * that reaches a ratio: a theme's text colour is kept where it reads, else moved toward black or
 * white — whichever reads better — only as far as needed.
 */

type Rgb = [number, number, number];

/** "#0f1f18" or "#fff" → [15, 31, 24]. */
export function parseHex(hex: string): Rgb {
  const digits = hex.replace('#', '');
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits;
  return [0, 2, 4].map((at) => parseInt(full.slice(at, at + 2), 16)) as Rgb;
}

export const toHex = (rgb: Rgb): string =>
  `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `from` moved `share` (0 to 1) of the way to `to`. */
export function mix(from: string, to: string, share: number): string {
  const a = parseHex(from);
  const b = parseHex(to);
  return toHex(a.map((channel, index) => channel + (b[index]! - channel) * share) as Rgb);
}

const worst = (color: string, backgrounds: readonly string[]) =>
  Math.min(...backgrounds.map((background) => contrast(color, background)));

/**
 * `color` when it reaches `ratio` on every one of `backgrounds`; else the least change of it toward
 * black or white that does (in steps of 5 %), else whichever of black and white reads best.
 */
export function readable(color: string, backgrounds: readonly string[], ratio: number): string {
  if (worst(color, backgrounds) >= ratio) return color;
  for (let step = 1; step <= 20; step++) {
    const candidates = ['#000000', '#ffffff']
      .map((pole) => mix(color, pole, step / 20))
      .filter((candidate) => worst(candidate, backgrounds) >= ratio);
    if (candidates.length) return candidates.sort((a, b) => worst(b, backgrounds) - worst(a, backgrounds))[0]!;
  }
  return worst('#000000', backgrounds) >= worst('#ffffff', backgrounds) ? '#000000' : '#ffffff';
}
