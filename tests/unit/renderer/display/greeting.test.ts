import { describe, expect, it } from 'vitest';
import { earnedThanks, firstNameOnly, pointsGreeting } from '../../../../renderer/display/logic/greeting.js';

describe('the display greets the customer', () => {
  it('by first name only, with their points (the name not said twice) when the store runs a programme', () => {
    expect(firstNameOnly('  Maria Elena Garcia ')).toBe('Maria');
    expect(firstNameOnly(null)).toBe('');
    expect(pointsGreeting('Maria Garcia', 1420)).toBe('1,420 points');
    expect(pointsGreeting('Maria', 1)).toBe('1 point');
    expect(pointsGreeting('Maria', 0)).toBe('0 points');
  });

  it('says the balance left while reward dollars are on the sale, never the whole balance', () => {
    expect(pointsGreeting('Maria Garcia', 500, 200)).toBe('300 points left after this sale');
    expect(pointsGreeting('Maria', 1420, 1419)).toBe('1 point left after this sale');
    expect(pointsGreeting('Maria', 1420, 0)).toBe('1,420 points');
    expect(pointsGreeting(null, 500, 200)).toBe('');
  });

  it('thanks the customer with the points the sale earned, and says nothing of none', () => {
    expect(earnedThanks(42)).toBe('You earned 42 points');
    expect(earnedThanks(1)).toBe('You earned 1 point');
    expect(earnedThanks(1500)).toBe('You earned 1,500 points');
    expect(earnedThanks(0)).toBe('');
    expect(earnedThanks(undefined)).toBe('');
  });

  it('says nothing of points without a name or without points', () => {
    expect(pointsGreeting(null, 500)).toBe('');
    expect(pointsGreeting('   ', 500)).toBe('');
    expect(pointsGreeting('Maria', undefined)).toBe('');
  });
});
