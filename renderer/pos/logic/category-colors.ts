/**
 * A colour per catalog category, so a cashier finds a tile by colour before reading it. Each is dark
 * enough for white text (WCAG AA) and is used as the tile's band and the category chip's dot.
 */
const COLORS: Record<string, string> = {
  FLOWER: '#2f7d4f',
  PREROLL: '#6b7d2a',
  VAPE: '#4b55b5',
  EDIBLE: '#b4532a',
  BEVERAGE: '#117a8b',
  CONCENTRATE: '#9a6a00',
  TINCTURE: '#7a4bb0',
  TOPICAL: '#b03a6f',
  CAPSULE: '#2f6fb0',
  ACCESSORY: '#5a6570',
};

/** The colour of a category; unknown ones share a neutral slate. */
export function categoryColor(type: string): string {
  return COLORS[type] ?? '#5a6570';
}
