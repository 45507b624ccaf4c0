import { describe, expect, it } from 'vitest';
import { ungroup, ungroupedOr } from '../../../shared/typed-number.js';

/** The one rule for commas in a number a person types (shared/typed-number.ts). */
describe('commas in a typed number', () => {
  it.each([
    ['1,250.00', '1250.00'],
    ['1,000', '1000'],
    [' 12,000 ', '12000'],
    ['1,234,567.5', '1234567.5'],
    ['-1,000', '-1000'],
    ['1,000.', '1000.'],
    // No comma: as typed (trimmed), for the field's own rule.
    [' 35.50 ', '35.50'],
    ['', ''],
    // No number, commas or not: as typed, for the field's own rule to say it is not one.
    ['two, three', 'two, three'],
    ['1,2a', '1,2a'],
  ])('reads %j as %j', (typed, text) => {
    expect(ungroup(typed)).toEqual({ ok: true, text });
  });

  it.each([
    ['1,5', '1.5 or 15'],
    ['12,50', '12.50 or 1250'],
    ['1,2345', '1.2345 or 12345'],
    ['1234,567', '1234.567 or 1234567'],
    ['-3,5', '-3.5 or -35'],
  ])('refuses %j, saying it could mean %s', (typed, readings) => {
    expect(ungroup(typed)).toEqual({
      ok: false,
      why: `could mean ${readings}: a comma only separates thousands, three digits at a time (1,250); type ${readings}`,
    });
  });

  it.each(['1,00,000', '1.234,56', ',5', '1,000,0', '1,,000', '1,'])(
    'refuses %j, saying where commas go and that a decimal takes a point',
    (typed) => {
      expect(ungroup(typed)).toEqual({
        ok: false,
        why:
          'has a comma that does not separate thousands, three digits at a time (1,250): type it without commas, ' +
          'and a decimal with a point (1.5)',
      });
    },
  );

  it('says a refusal as a sentence naming the field and what was typed', () => {
    expect(ungroupedOr(' 1,5 ', 'Price')).toEqual({
      sentence:
        'Price "1,5" could mean 1.5 or 15: a comma only separates thousands, three digits at a time (1,250); type 1.5 or 15.',
    });
    expect(ungroupedOr('1,500', 'Price')).toEqual({ text: '1500' });
  });
});
