/**
 * A manager's PIN approving guarded cash movements (README "Cash drawers"): 4 to 8 digits, and not
 * one digit repeated, which anyone could guess. The service, the back office and the POS check the
 * same rule.
 */
export type PinProblem = 'not_digits' | 'repeated';

/** Why `pin` cannot be a PIN, or null when it can. */
export function pinProblem(pin: string): PinProblem | null {
  if (!/^[0-9]{4,8}$/.test(pin)) return 'not_digits';
  return /^(\d)\1+$/.test(pin) ? 'repeated' : null;
}
