import { describe, expect, it } from 'vitest';
import { timeOrderedUuid } from '../../../electron/server/db/ids.js';

describe('timeOrderedUuid', () => {
  it('is a version 7 UUID with the RFC variant', () => {
    expect(timeOrderedUuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('sorts by creation time', () => {
    const ms = Date.parse('2026-11-22T10:00:00Z');
    const earlier = timeOrderedUuid(ms);
    const later = timeOrderedUuid(Date.parse('2026-11-22T10:00:00.001Z'));
    expect(earlier < later).toBe(true);
    expect(earlier.replace('-', '').slice(0, 12)).toBe(ms.toString(16).padStart(12, '0'));
  });

  it('sorts ids of one millisecond in the order they were made (a fixed clock, a burst)', () => {
    const ms = Date.parse('2026-12-05T10:00:00Z');
    const made = Array.from({ length: 500 }, () => timeOrderedUuid(ms));
    expect([...made].sort()).toEqual(made);
    expect(new Set(made).size).toBe(500);
    for (const id of made) expect(id.replace('-', '').slice(0, 12)).toBe(ms.toString(16).padStart(12, '0'));
  });
});
