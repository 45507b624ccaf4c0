import { describe, expect, it } from 'vitest';
import {
  checkStoreSettings,
  pickupHoldHoursOf,
  preparationMinutesOf,
} from '../../../../renderer/backoffice/components/setup/store-settings-checks.js';
import { typedWhole } from '../../../../renderer/backoffice/logic/typed-whole.js';

// Whole numbers typed in the back office (store settings' minutes and hours, label copies): commas
// by the one rule for typed numbers (shared/typed-number.ts), a fraction told apart to say why not.
describe('a whole number as typed', () => {
  it('reads thousands commas and a point with only zeros after it', () => {
    expect(typedWhole(' 1,000 ', 'Minutes')).toEqual({ kind: 'whole', value: 1000 });
    expect(typedWhole('1,000,000', 'Minutes')).toEqual({ kind: 'whole', value: 1_000_000 });
    expect(typedWhole('90.0', 'Minutes')).toEqual({ kind: 'whole', value: 90 });
  });

  it('refuses any other comma in the shared words, and tells a fraction from no number', () => {
    expect(typedWhole('1,5', 'Minutes')).toEqual({
      kind: 'comma',
      sentence:
        'Minutes "1,5" could mean 1.5 or 15: a comma only separates thousands, three digits at a time (1,250); ' +
        'type 1.5 or 15.',
    });
    expect(typedWhole('1,250.5', 'Minutes')).toEqual({ kind: 'fraction', text: '1250.5' });
    expect(typedWhole('.5', 'Minutes')).toEqual({ kind: 'fraction', text: '.5' });
    for (const typed of ['', '  ', 'abc', '-5', '+5', '5 min']) expect(typedWhole(typed, 'Minutes').kind).toBe('other');
  });
});

describe('the store settings’ minutes and hours', () => {
  it('reads "1,000" minutes, and refuses a fraction saying why', () => {
    expect(preparationMinutesOf('1,000')).toEqual({ value: 1000 });
    expect(preparationMinutesOf('1,440')).toEqual({ value: 1440 });
    expect(preparationMinutesOf('1,441')).toEqual({
      sentence: 'Preparation time must be a whole number of minutes, 0 to 1440.',
    });
    expect(preparationMinutesOf('2.5')).toEqual({
      sentence: 'Preparation time must be a whole number of minutes, not 2.5: a pickup time is promised to the minute.',
    });
  });

  it('reads hours the same way, 1 to 720', () => {
    expect(pickupHoldHoursOf('720')).toEqual({ value: 720 });
    expect(pickupHoldHoursOf('0')).toEqual({
      sentence: 'Hold ready orders must be a whole number of hours, 1 to 720 (30 days).',
    });
    expect(pickupHoldHoursOf('1.5')).toEqual({
      sentence:
        'Hold ready orders must be a whole number of hours, not 1.5: a hold lasts hours or days, never part of an ' +
        'hour (type 2, or 36 for a day and a half).',
    });
    expect(pickupHoldHoursOf('7,20')).toMatchObject({
      sentence: expect.stringMatching(/^Hold ready orders "7,20" could mean 7.20 or 720/),
    });
  });

  it('gives the form’s numbers as read, or its first refusal', () => {
    const typed = { name: 'Green Valley', prepMinutes: '1,000', holdHours: '48', days: [] };
    expect(checkStoreSettings(typed)).toEqual({ ok: true, preparationMinutes: 1000, pickupHoldHours: 48 });
    expect(checkStoreSettings({ ...typed, name: ' ', prepMinutes: '1,5' })).toMatchObject({
      ok: false,
      problem: { field: 'name' },
    });
    expect(checkStoreSettings({ ...typed, holdHours: '4,8' })).toMatchObject({
      ok: false,
      problem: { field: 'pickupHoldHours' },
    });
  });
});
