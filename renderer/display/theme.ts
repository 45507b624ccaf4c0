import type { ThemeColors } from '../sdk/types/servicepay';

/**
 * The pole display's one theme: dark and calm, read from a metre away. The same colours style the
 * display's own screens (as CSS variables) and the payment widget (the SDK's `theme.colors`), so
 * idle, cart, payment and thank-you look like one product. A store-specific theme would need a
 * stored setting; until then every store gets this one.
 */
export const DISPLAY_COLORS = {
  background: '#0f1f18',
  surface: '#17302a',
  text: '#f2f6f3',
  mutedText: '#b5c4bc',
  border: '#335246',
  accent: '#7fd6a4',
  accentText: '#0f1f18',
  danger: '#ffb4a2',
} as const satisfies Required<ThemeColors>;

/** Sets the theme's colours as the CSS variables display.css uses. */
export function applyDisplayTheme(root: HTMLElement = document.documentElement): void {
  const variables: Record<keyof typeof DISPLAY_COLORS, string> = {
    background: '--bg',
    surface: '--surface',
    text: '--ink',
    mutedText: '--muted',
    border: '--line',
    accent: '--accent',
    accentText: '--accent-ink',
    danger: '--danger',
  };
  for (const [name, variable] of Object.entries(variables) as [keyof typeof DISPLAY_COLORS, string][]) {
    root.style.setProperty(variable, DISPLAY_COLORS[name]);
  }
}
