import type { ThemeColor, WidgetOptions } from '../protocol';

/** Which CSS variable of widget.css each theme colour sets. */
const VARIABLES: Record<ThemeColor, string[]> = {
  background: ['--bg'],
  surface: ['--surface', '--soft'],
  text: ['--ink'],
  mutedText: ['--muted'],
  border: ['--line'],
  accent: ['--accent', '--good'],
  accentText: ['--accent-ink'],
  danger: ['--bad'],
};

/** Applies init's theme.colors (hex colours, checked by the loader) to the widget's CSS variables. */
export function applyTheme(options: WidgetOptions, root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(options.colors ?? {}) as [ThemeColor, string][]) {
    if (!/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value)) continue;
    for (const variable of VARIABLES[name]) root.style.setProperty(variable, value);
  }
}
