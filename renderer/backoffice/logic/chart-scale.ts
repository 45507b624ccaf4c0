/**
 * The sales chart's value axis: a round top (1, 2, 2.5 or 5 times a power of ten, in dollars) and
 * evenly spaced ticks, so a manager reads amounts off the axis at a glance.
 */
export function valueTicks(peakCents: number, count = 4): number[] {
  const peak = Math.max(peakCents, 100);
  const peakDollars = peak / 100;
  const rough = peakDollars / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough)!;
  const ticks: number[] = [];
  for (let value = 0; value <= step * count + 1e-9; value += step) ticks.push(Math.round(value * 100));
  while (ticks.length > 2 && ticks[ticks.length - 2]! >= peak) ticks.pop();
  return ticks;
}

/** "$2.50", "$85", "$1.2k", "$12k": a bar's amount in a few characters. */
export function shortMoney(cents: number): string {
  const dollars = cents / 100;
  // Under $10 a rounded amount would misread a tick or a tax ($2.50 is not "$3").
  if (dollars < 10 && !Number.isInteger(dollars)) return `$${dollars.toFixed(2)}`;
  if (dollars < 1000) return `$${Math.round(dollars)}`;
  const thousands = dollars / 1000;
  return `$${thousands < 10 ? thousands.toFixed(1).replace(/\.0$/, '') : Math.round(thousands)}k`;
}
