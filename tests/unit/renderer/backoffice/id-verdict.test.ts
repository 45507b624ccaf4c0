import { describe, expect, it } from 'vitest';
import type { Verification } from '../../../../shared/contracts/customers.js';
import { idVerdict } from '../../../../renderer/backoffice/components/customers/id-verdict.js';
import { CALIFORNIA, COLORADO } from '../../../support/state-profiles.js';

const ok = { resultCode: 'SUCCESS' as const, resultReason: null, today: '2026-12-05' };
/** An ID check as the service answers it: measured by `profile` (California's when the store enforces none). */
const passed = (profile = CALIFORNIA): Verification => ({ ...ok, profile, verification: { verified: true, age: 40 } });
const expired = (profile = CALIFORNIA): Verification => ({
  ...ok,
  profile,
  verification: { verified: false, age: 40, problem: 'id_expired', reason: 'This ID expired on January 1, 2020.' },
});

describe("a customer's ID check in the back office's words", () => {
  it('claims no state\'s rules where the store enforces none (the demo store): no "may buy (California\'s rules)"', () => {
    const verdict = idVerdict(passed(), null);
    expect(verdict).toEqual({
      words:
        "ID checked today: 40 years old. This store enforces no state's rules, so the register asks for no ID check.",
      tone: 'good',
    });
    expect(verdict.words).not.toMatch(/may buy|California/);
  });

  it('says what the check found without refusing a sale no rule of the store refuses', () => {
    expect(idVerdict(expired(), null)).toEqual({
      words:
        "By California's ID check: This ID expired on January 1, 2020. This store enforces no state's rules, " +
        'so no sale is refused for it.',
      tone: 'notice',
    });
  });

  it('names the profile the store enforces', () => {
    expect(idVerdict(passed(COLORADO), COLORADO)).toEqual({
      words: "ID checked today: 40 years old, may buy (Colorado's rules).",
      tone: 'good',
    });
    expect(idVerdict(expired(COLORADO), COLORADO)).toEqual({
      words: 'Do not sell: This ID expired on January 1, 2020.',
      tone: 'bad',
    });
  });
});
