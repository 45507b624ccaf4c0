import { describe, expect, it } from 'vitest';
import { asOfWords, changeOf, emptyWords, quantityWords } from '../../../../renderer/backoffice/logic/report-words.js';

describe('a change against the previous period', () => {
  it.each([
    [112_000, 100_000, '+12 %', 'up', 'up 12 % from $1,000.00'],
    [92_000, 100_000, '\u22128 %', 'down', 'down 8 % from $1,000.00'],
    [100_400, 100_000, '0 %', 'same', 'about the same from $1,000.00'],
    [100_500, 100_000, '+1 %', 'up', 'up 1 % from $1,000.00'],
    [99_500, 100_000, '\u22121 %', 'down', 'down 1 % from $1,000.00'],
    [300_000, 100_000, '+200 %', 'up', 'up 200 % from $1,000.00'],
  ])('%i against %i reads "%s" (%s)', (current, previous, words, tone, spoken) => {
    expect(changeOf(current, previous, '$1,000.00')).toEqual({ words, tone, spoken });
  });

  it('says "New" when there was nothing before, "No change" when there is nothing either time', () => {
    expect(changeOf(500, 0)).toMatchObject({ words: 'New', tone: 'new' });
    expect(changeOf(0, 0)).toMatchObject({ words: 'No change', tone: 'same' });
    expect(changeOf(0, 500)).toMatchObject({ words: '\u2212100 %', tone: 'down' });
  });

  it('measures against the size of a negative previous figure (net of returns)', () => {
    expect(changeOf(-500, -1000)).toMatchObject({ words: '+50 %', tone: 'up' });
    expect(changeOf(1000, 20_000_000)).toMatchObject({ words: '\u2212100 %' });
  });
});

describe('quantities and empty ranges in words', () => {
  it('reads whole units as a count and fractions as grams', () => {
    expect(quantityWords(3000)).toBe('3');
    expect(quantityWords(12_500)).toBe('12.5 g');
    expect(quantityWords(1_234_000)).toBe('1,234');
    expect(quantityWords(3_125)).toBe('3.125 g');
  });

  it('says the range had nothing', () => {
    expect(emptyWords('sales', { from: '2026-11-01', to: '2026-11-30' })).toBe('No sales from Nov 1 to Nov 30.');
    expect(emptyWords('sales', { from: '2026-11-30', to: '2026-11-30' })).toBe('No sales on Nov 30.');
  });
});

describe('where and as of when a report was read', () => {
  const now = new Date('2026-11-30T23:50:00Z');
  const read = { asOf: '2026-11-30T23:42:00Z', readFrom: 'replica' as const, fallback: null };

  it("says the store's time with its zone, and the replica", () => {
    expect(asOfWords(read, 'America/Los_Angeles', now)).toBe('As of 3:42\u00a0PM\u00a0PST (from the read replica)');
  });

  it("gives the fallback's words when the replica was not used", () => {
    const fell = {
      ...read,
      readFrom: 'primary' as const,
      fallback: 'the read replica is 95 s behind (the most is 30 s)',
    };
    expect(asOfWords(fell, 'America/Los_Angeles', now)).toBe(
      'As of 3:42\u00a0PM\u00a0PST (from the main database): The read replica is 95 s behind (the most is 30 s).',
    );
  });

  it('names the day when the data is of another day', () => {
    const older = { ...read, asOf: '2026-11-29T17:05:00Z', readFrom: 'primary' as const };
    expect(asOfWords(older, 'America/Los_Angeles', now)).toBe('As of Yesterday, 9:05\u00a0AM\u00a0PST');
  });
});
