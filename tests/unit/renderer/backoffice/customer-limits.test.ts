import { describe, expect, it } from 'vitest';
import type { LimitGroup } from '../../../../shared/compliance';
import {
  draftOf,
  fieldsOf,
  limitAmount,
  limitProblem,
} from '../../../../renderer/backoffice/components/customers/customer-draft.js';
import { draftProblems } from '../../../../renderer/backoffice/components/customers/customer-problems.js';

// A medical customer's own limits as typed in the back office: read by the one rule for typed
// numbers (shared/typed-number.ts), thousands commas read and any other comma refused in its words.
const cannabis: LimitGroup = {
  id: 'medicinal_cannabis',
  name: 'medicinal cannabis',
  unit: 'weight_mg',
  limit: 226_796,
  recommendationMaximum: 907_184,
};
const plants: LimitGroup = { id: 'immature_plants', name: 'immature plants', unit: 'count', limit: 12 };
const groups = [cannabis, plants];
const BOTH_READINGS = 'a comma only separates thousands, three digits at a time (1,250)';

const medical = (limits: Record<string, string>) => ({
  ...draftOf(null, groups),
  firstName: 'Maria',
  lastName: 'Garcia',
  dateOfBirth: '1990-01-15',
  idNumber: 'D7654321',
  idJurisdiction: 'CA',
  idExpiry: '2030-01-15',
  customerType: 'medical' as const,
  medicalNumber: 'REC-2231',
  medicalExpires: '2030-06-30',
  limits,
});

describe("a customer's own limits as typed", () => {
  it('reads thousands commas: grams in milligrams, a count as it is', () => {
    expect(limitAmount('1,000', cannabis)).toEqual({ amount: 1_000_000 });
    expect(limitAmount(' 1,000.5 ', cannabis)).toEqual({ amount: 1_000_500 });
    expect(limitAmount('226.796', cannabis)).toEqual({ amount: 226_796 });
    expect(limitAmount('1,200', plants)).toEqual({ amount: 1200 });
    expect(limitAmount('  ', plants)).toEqual({ amount: null });
    const fields = fieldsOf(medical({ medicinal_cannabis: '1,000', immature_plants: '12' }), groups);
    expect(fields.medical?.limits).toEqual({ medicinal_cannabis: 1_000_000, immature_plants: 12 });
  });

  it('refuses any other comma saying both readings, in the shared words', () => {
    expect(limitProblem('1,5', cannabis)).toBe(`"1,5" could mean 1.5 or 15: ${BOTH_READINGS}; type 1.5 or 15`);
    expect(limitProblem('12,50', plants)).toBe(
      `"12,50" could mean 12.50 or 1250: ${BOTH_READINGS}; type 12.50 or 1250`,
    );
    expect(limitProblem('1,00,000', cannabis)).toMatch(/^"1,00,000" has a comma that does not separate thousands/);
  });

  it('keeps each field’s own rule: grams to the milligram, a count whole', () => {
    expect(limitProblem('1.2345', cannabis)).toBe('must be a number of grams, such as 226.796');
    expect(limitProblem('1,200.5', plants)).toBe('must be a whole number of immature plants');
    expect(limitProblem('', cannabis)).toBe('');
  });

  it('says the refusal beside its field, and sends no limit it cannot read', () => {
    const draft = medical({ medicinal_cannabis: '1,5', immature_plants: '1,000' });
    expect(draftProblems(draft, groups, '2026-06-15')).toEqual({
      'medical.limits.medicinal_cannabis': `Own limit of medicinal cannabis "1,5" could mean 1.5 or 15: ${BOTH_READINGS}; type 1.5 or 15.`,
    });
    expect(fieldsOf(draft, groups).medical?.limits).toEqual({ immature_plants: 1000 });
  });
});
