import type { StateProfile } from '../../../../shared/compliance';
import type { Verification } from '../../../../shared/contracts/customers';

/** A customer's ID check today as the back office says it, and how it looks. */
export interface IdVerdict {
  words: string;
  /** good: may buy; bad: do not sell; notice: the check found a problem no rule of the store enforces. */
  tone: 'good' | 'bad' | 'notice';
}

/**
 * Their ID check today in words, saying only what is true of the store's rules (README "Customers"):
 * with a state profile enforced, whether they may buy under it, named; with none, the service still
 * checks by California's (its fallback, `verification.profile`), but no sale is refused for it, so
 * the words claim no state's rules and name the profile only as what the check was measured by.
 */
export function idVerdict(check: Verification, enforced: StateProfile | null): IdVerdict {
  const { verified, age, reason } = check.verification;
  if (enforced) {
    return verified
      ? { words: `ID checked today: ${age} years old, may buy (${enforced.stateName}'s rules).`, tone: 'good' }
      : { words: `Do not sell: ${reason}`, tone: 'bad' };
  }
  const none = "This store enforces no state's rules";
  if (verified) {
    return {
      words: `ID checked today: ${age} years old. ${none}, so the register asks for no ID check.`,
      tone: 'good',
    };
  }
  return {
    words: `By ${check.profile.stateName}'s ID check: ${reason} ${none}, so no sale is refused for it.`,
    tone: 'notice',
  };
}
