import type { ThemeColor, WidgetOptions } from '../protocol';
import { luminance, mix, readable } from './contrast';

/** widget.css's colours, which a theme without colours keeps as they are. */
const DEFAULTS = {
  ink: '#1f2933',
  muted: '#52606d',
  line: '#cbd2d9',
  soft: '#f5f7fa',
  surface: '#ffffff',
  accent: '#1d4ed8',
  accentInk: '#ffffff',
  good: '#0f766e',
  bad: '#b42318',
};

/** WCAG AA: text (and the approved sign) 4.5:1; focus rings, borders and button shapes 3:1. */
const TEXT = 4.5;
const SHAPE = 3;

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/**
 * The widget's CSS variables for init's theme.colors: the colours given, and the others derived
 * from them so that every text reads on what it sits on — the amount, headings and messages on the
 * background and the surfaces, the primary button's text on the accent, errors on the background
 * (contrast ≥ 4.5:1) — whatever the theme: a colour given that would not read is moved toward black
 * or white only as far as needed. No colours: nothing (widget.css's own, which read on white).
 */
export function themeVariables(given: Partial<Record<ThemeColor, string>>): Record<string, string> {
  const colors = Object.fromEntries(Object.entries(given).filter(([, value]) => HEX.test(value ?? ''))) as Partial<
    Record<ThemeColor, string>
  >;
  if (!Object.keys(colors).length) return {};
  const bg = colors.background ?? '#ffffff';
  const dark = luminance(bg) < 0.18;
  // Surfaces (buttons, fields, the notice) a shade off a dark background, so one text colour reads on both.
  const surface = colors.surface ?? (dark ? mix(bg, '#ffffff', 0.08) : DEFAULTS.surface);
  const soft = colors.surface ?? (dark ? mix(bg, '#ffffff', 0.12) : DEFAULTS.soft);
  const grounds = [bg, surface, soft];
  const ink = readable(colors.text ?? (dark ? '#f5f7fa' : DEFAULTS.ink), grounds, TEXT);
  const line = colors.border ?? (dark ? mix(bg, '#ffffff', 0.3) : DEFAULTS.line);
  const accent = readable(colors.accent ?? DEFAULTS.accent, [bg], SHAPE);
  // The primary button's text: the colour given, else white, else the background's, else derived.
  const accentInk = readable(
    colors.accentText ?? [DEFAULTS.accentInk, bg].find((c) => readable(c, [accent], TEXT) === c) ?? bg,
    [accent],
    TEXT,
  );
  return {
    '--bg': bg,
    '--surface': surface,
    '--soft': soft,
    '--ink': ink,
    '--muted': readable(colors.mutedText ?? (dark ? mix(ink, bg, 0.3) : DEFAULTS.muted), grounds, TEXT),
    '--line': line,
    '--field-line': readable(line, [surface], SHAPE),
    '--accent': accent,
    '--accent-ink': accentInk,
    '--good': readable(colors.accent ?? DEFAULTS.good, [bg], TEXT),
    '--bad': readable(colors.danger ?? DEFAULTS.bad, grounds, TEXT),
  };
}

/** Applies init's theme.colors (hex colours, checked by the loader) to the widget's CSS variables. */
export function applyTheme(options: WidgetOptions, root: HTMLElement = document.documentElement): void {
  for (const [variable, value] of Object.entries(themeVariables(options.colors ?? {})))
    root.style.setProperty(variable, value);
}
