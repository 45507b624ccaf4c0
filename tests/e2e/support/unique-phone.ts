/**
 * A phone number of this run's own, as people write it ("(916) 482-0173"): a store keeps one
 * customer per phone (README "Customers"), and a worker's service keeps its customers between
 * tests and files, so a journey adding customers never reuses another's number.
 */
export function uniquePhone(): string {
  const digits = crypto.getRandomValues(new Uint32Array(1))[0]!.toString().padStart(10, '0');
  // An exchange from 200 to 999, then four digits: some eight million numbers.
  const exchange = 200 + (Number(digits.slice(0, 4)) % 800);
  return `(916) ${exchange}-${digits.slice(-4)}`;
}
