import { describe, expect, it } from 'vitest';
import { contrast, luminance, readable } from '../../../../renderer/sdk/widget/contrast';
import { themeVariables } from '../../../../renderer/sdk/widget/theme';
import type { ThemeColor } from '../../../../renderer/sdk/protocol';

/** Every text of the widget on what it sits on (widget.css, screens.css), at WCAG AA. */
function expectReadable(vars: Record<string, string>): void {
  const on = (text: string, ...grounds: string[]) =>
    grounds.forEach((ground) =>
      expect(contrast(vars[text]!, vars[ground]!), `${text} on ${ground}`).toBeGreaterThanOrEqual(4.5),
    );
  on('--ink', '--bg', '--surface', '--soft');
  on('--muted', '--bg', '--surface', '--soft');
  on('--bad', '--bg', '--surface');
  on('--good', '--bg');
  on('--accent-ink', '--accent');
  // The focus ring and the primary button's shape on the background: 3:1.
  expect(contrast(vars['--accent']!, vars['--bg']!)).toBeGreaterThanOrEqual(3);
}

describe('contrast (WCAG 2)', () => {
  it('measures as WCAG does', () => {
    expect(luminance('#ffffff')).toBeCloseTo(1);
    expect(luminance('#000')).toBe(0);
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('keeps a colour that reads, and moves one that does not only as far as needed', () => {
    expect(readable('#1f2933', ['#ffffff'], 4.5)).toBe('#1f2933');
    const moved = readable('#1f2933', ['#0f1f18'], 4.5);
    expect(contrast(moved, '#0f1f18')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(moved, '#0f1f18')).toBeLessThan(7);
  });
});

describe('theme.colors: every text reads, whatever the theme', () => {
  it('the README’s example: a dark green background and a light green accent', () => {
    const vars = themeVariables({ background: '#0f1f18', accent: '#7fd6a4' });
    expectReadable(vars);
    // The accent as given; the text on it dark (white on light green does not read).
    expect(vars['--accent']).toBe('#7fd6a4');
    expect(luminance(vars['--accent-ink']!)).toBeLessThan(0.2);
  });

  it('no colours: widget.css’s own, untouched', () => {
    expect(themeVariables({})).toEqual({});
  });

  const themes: Partial<Record<ThemeColor, string>>[] = [
    { background: '#ffffff' },
    { background: '#000000' },
    { background: '#777777' },
    { background: '#f8f5ef', accent: '#ffe066' },
    { background: '#1e1b4b', accent: '#312e81', text: '#222222', mutedText: '#333333', danger: '#7f1d1d' },
    { background: '#fafafa', surface: '#fff', text: '#eeeeee', accent: '#fefefe', accentText: '#ffffff' },
    { accent: '#7fd6a4' },
    { background: '#0f1f18', surface: '#1b3a2c', border: '#2d5a45' },
  ];
  it.each(themes)('%o', (colors) => expectReadable(themeVariables(colors)));

  it('a colour that is not a hex colour is ignored', () => {
    expect(themeVariables({ background: 'red' })).toEqual({});
  });
});
