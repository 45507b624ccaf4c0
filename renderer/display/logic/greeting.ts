/**
 * What the pole display says of the customer: others in the queue can read it, so a first name
 * only, whatever the POS sent, and of their loyalty the balance alone, never the ledger.
 */

/** "Maria" of "  Maria Elena Garcia ", '' of nothing. */
export const firstNameOnly = (name: string | null): string => name?.trim().split(/\s+/)[0] ?? '';

/** "Maria · 1,420 points"; '' without a name or points (a store without a programme). */
export function pointsGreeting(name: string | null, points: number | undefined): string {
  const first = firstNameOnly(name);
  if (!first || points === undefined) return '';
  return `${first} · ${points.toLocaleString('en-US')} point${points === 1 ? '' : 's'}`;
}
