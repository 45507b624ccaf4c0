import { describe, expect, it } from 'vitest';
import { code128, moduleWidth } from '../../../electron/server/printing/code128.js';

const pairs = (...values: number[]) => String.fromCharCode(...values);

describe('Code 128 for ESC/POS', () => {
  it('keeps letters and short digit runs in code set B', () => {
    expect(code128('S45F6P')).toEqual({ data: '{BS45F6P', modules: 11 * 8 + 13 });
    expect(code128('a{b').data).toBe('{Ba{{b');
  });

  it('puts runs of four or more digits in code set C, two a symbol, an odd run’s first digit in B', () => {
    expect(code128('12345678')).toEqual({ data: `{C${pairs(12, 34, 56, 78)}`, modules: 11 * 6 + 13 });
    const tag = code128('1A4060300003D12000000001');
    expect(tag.data).toBe(`{B1A{C${pairs(40, 60, 30, 0, 3)}{BD1{C${pairs(20, 0, 0, 0, 1)}`);
    // 17 symbols (three of them code set switches), start and check: 19 × 11, and the stop's 13.
    expect(tag.modules).toBe(222);
    expect(code128('A12345').data).toBe(`{BA1{C${pairs(23, 45)}`);
  });

  it('prints as wide as the paper allows, and refuses what cannot fit in words', () => {
    expect(moduleWidth('S45F6P', 101, 58)).toBe(2);
    expect(moduleWidth('tag', 222, 80)).toBe(1);
    expect(() => moduleWidth('tag', 222, 58)).toThrow('the barcode of tag is too wide for 58 mm paper');
  });
});
