import type { ThemeColors } from '../sdk/types/servicepay';

/** The staff windows' colours (staff.css) for the payment widget, so its buttons match the app's green. */
export const STAFF_WIDGET_COLORS: ThemeColors = {
  accent: '#1f6f4a',
  accentText: '#ffffff',
  text: '#1d2321',
  mutedText: '#5c6661',
  border: '#d9ddd8',
  danger: '#a8321e',
};
