import { describe, expect, it } from 'vitest';
import { firstNameOnly, pointsGreeting } from '../../../../renderer/display/logic/greeting.js';

describe('the display greets the customer', () => {
  it('by first name only, with their points when the store runs a programme', () => {
    expect(firstNameOnly('  Maria Elena Garcia ')).toBe('Maria');
    expect(firstNameOnly(null)).toBe('');
    expect(pointsGreeting('Maria Garcia', 1420)).toBe('Maria · 1,420 points');
    expect(pointsGreeting('Maria', 1)).toBe('Maria · 1 point');
    expect(pointsGreeting('Maria', 0)).toBe('Maria · 0 points');
  });

  it('says nothing of points without a name or without points', () => {
    expect(pointsGreeting(null, 500)).toBe('');
    expect(pointsGreeting('   ', 500)).toBe('');
    expect(pointsGreeting('Maria', undefined)).toBe('');
  });
});
