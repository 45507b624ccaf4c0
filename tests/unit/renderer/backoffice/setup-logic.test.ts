import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../renderer/common/http.js';
import {
  hoursLabels,
  hoursProblem,
  toEditable,
  toWeek,
  type DayHours,
} from '../../../../renderer/backoffice/logic/opening-hours.js';
import { refusalOf } from '../../../../renderer/common/refusal.js';

const refusal = (detail: string) => new ApiError(400, 'INVALID_INPUT', detail);

describe("the service's refusals in the screen's words", () => {
  it('names the field as the form does, and makes a sentence', () => {
    expect(
      refusalOf(refusal('rate.percent must be a percentage from 0 to 100'), { 'rate.percent': 'Rate (%)' }),
    ).toEqual({
      sentence: 'Rate (%) must be a percentage from 0 to 100.',
      field: 'rate.percent',
    });
    // Any index of a list field.
    expect(refusalOf(refusal('rates[2].name repeats the rate "Sales"'), { 'rates[].name': 'Rate name' }).sentence).toBe(
      'Rate name repeats the rate "Sales".',
    );
    expect(refusalOf(refusal('openingHours[1].close must be later than open (10:00)'), hoursLabels()).sentence).toBe(
      "Monday's closing time must be later than open (10:00).",
    );
  });

  it('keeps a sentence that names no field of the form, and says when the service could not answer', () => {
    expect(refusalOf(refusal('a location named "Curbside" already exists'))).toEqual({
      sentence: 'A location named "Curbside" already exists.',
      field: '',
    });
    expect(refusalOf(new Error('boom')).sentence).toBe('The service could not answer. Try again.');
  });
});

describe('opening hours as a manager edits them', () => {
  const week = [null, ...Array(5).fill({ open: '10:00', close: '20:00' }), { open: '10:00', close: '24:00' }];

  it('turns midnight into 12:00 AM and back, and keeps closed days closed', () => {
    const days = toEditable(week);
    expect(days[0]!.open).toBe(false);
    expect(days[6]).toEqual({ open: true, from: '10:00', to: '00:00' });
    expect(toWeek(days)).toEqual(week);
  });

  it('says which day cannot be kept, and why', () => {
    const days: DayHours[] = toEditable(week);
    expect(hoursProblem(days)).toBeNull();
    days[3] = { open: true, from: '18:00', to: '09:00' };
    expect(hoursProblem(days)).toEqual({
      day: 3,
      sentence: 'On Wednesday the store must close after it opens, on the same day (12:00 AM closes at midnight).',
    });
    days[3] = { open: true, from: '', to: '09:00' };
    expect(hoursProblem(days)?.sentence).toBe('Enter the time the store opens on Wednesday.');
  });
});
