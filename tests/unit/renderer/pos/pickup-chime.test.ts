import { describe, expect, it } from 'vitest';
import { loadChime, saveChime, shouldChime } from '../../../../renderer/pos/logic/chime-settings';
import { queued } from './queue-fixtures.js';

/** A register's localStorage, as far as the chime uses it. */
function storage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('the new-order chime', () => {
  const fresh = queued({ orderNumber: 'NEW111' });
  const picking = queued({ orderNumber: 'PCK222', fulfillmentStatus: 'IN_PROCESS', status: 'IN_PROCESS' });

  it('is off unless this register turned it on, and keeps the choice', () => {
    const kept = storage();
    expect(loadChime(kept)).toBe(false);
    saveChime(true, kept);
    expect(loadChime(kept)).toBe(true);
    saveChime(false, kept);
    expect(loadChime(kept)).toBe(false);
    expect(loadChime(storage({ 'servicepay-pickup-chime': 'yes please' }))).toBe(false);
  });

  it('is off when storage refuses (the choice lasts the window)', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(loadChime(refusing)).toBe(false);
    expect(() => saveChime(true, refusing)).not.toThrow();
  });

  it('sounds for an order this register had not seen, waiting to be picked', () => {
    expect(shouldChime(true, new Set(['id-PCK222']), [picking, fresh])).toBe(true);
  });

  it('is quiet when off, on the first read, and for orders already seen or already moving', () => {
    expect(shouldChime(false, new Set(), [fresh])).toBe(false);
    // The first read lists what was already waiting when the register started.
    expect(shouldChime(true, null, [fresh])).toBe(false);
    expect(shouldChime(true, new Set(['id-NEW111']), [fresh])).toBe(false);
    // Another register started it before this one read it: nothing new to pick.
    expect(shouldChime(true, new Set(), [picking])).toBe(false);
    expect(shouldChime(true, new Set(), [])).toBe(false);
  });
});
