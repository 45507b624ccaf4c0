/**
 * The cash a register's drawer should hold, and what a count by denomination adds up to (issue 16,
 * README "Cash drawers"). Pure: integer cents in, integer cents out.
 */
import { formatMoney } from '../money.js';

/** Every cash movement of one shift, in cents (each zero or positive). */
export interface CashFlows {
  /** The float counted into the drawer when the shift opened. */
  float: number;
  /** Cash handed over by customers for cash payments (what was tendered, change included). */
  cashTendered: number;
  /** Change given back on those payments. */
  changeGiven: number;
  /** Cash handed out as the round-up of cashless ATM payments. */
  cashBack: number;
  /** Cash handed back for refunds of cash payments. */
  cashRefunds: number;
  paidIn: number;
  paidOut: number;
  safeDrops: number;
}

/** The fields of CashFlows, in the order a report lists them. */
export const CASH_FLOW_FIELDS = [
  'float',
  'cashTendered',
  'changeGiven',
  'cashBack',
  'cashRefunds',
  'paidIn',
  'paidOut',
  'safeDrops',
] as const satisfies readonly (keyof CashFlows)[];

/**
 * float + cash sales − change given − cash back of ATM round-ups − cash refunds + paid-in − paid-out
 * − safe drops. Refuses an amount that is not a whole, non-negative number of cents.
 */
export function expectedCash(flows: CashFlows): number {
  for (const field of CASH_FLOW_FIELDS) requireCents(field, flows[field]);
  return (
    flows.float +
    flows.cashTendered -
    flows.changeGiven -
    flows.cashBack -
    flows.cashRefunds +
    flows.paidIn -
    flows.paidOut -
    flows.safeDrops
  );
}

/** Counted minus expected: negative when the drawer is short, positive when it is over. */
export function overShort(counted: number, expected: number): number {
  return counted - expected;
}

/** Over/short for people: "balanced", "$5.00 short", "$2.00 over". */
export function overShortWords(cents: number): string {
  if (cents === 0) return 'balanced';
  return `${formatMoney(Math.abs(cents))} ${cents < 0 ? 'short' : 'over'}`;
}

/** US bills and coins, by the name a count uses, with their value in cents; largest first. */
export const DENOMINATIONS = {
  bill100: 10000,
  bill50: 5000,
  bill20: 2000,
  bill10: 1000,
  bill5: 500,
  bill2: 200,
  bill1: 100,
  coin100: 100,
  coin50: 50,
  coin25: 25,
  coin10: 10,
  coin5: 5,
  coin1: 1,
} as const;

export type Denomination = keyof typeof DENOMINATIONS;

/** How many of each bill and coin were counted (a denomination left out counts none). */
export type DenominationCount = Partial<Record<Denomination, number>>;

/** What a person reads for each denomination. */
export const DENOMINATION_LABELS: Record<Denomination, string> = {
  bill100: '$100 bills',
  bill50: '$50 bills',
  bill20: '$20 bills',
  bill10: '$10 bills',
  bill5: '$5 bills',
  bill2: '$2 bills',
  bill1: '$1 bills',
  coin100: '$1 coins',
  coin50: 'half dollars',
  coin25: 'quarters',
  coin10: 'dimes',
  coin5: 'nickels',
  coin1: 'pennies',
};

/** A count this large of one denomination is a typing slip, not a drawer. */
export const MAX_PIECES = 100_000;

/** The cents a count adds up to; throws a CountError naming the first bad entry. */
export function countTotal(count: DenominationCount): number {
  let total = 0;
  for (const [name, pieces] of Object.entries(count)) {
    if (!(name in DENOMINATIONS)) throw new CountError(name, `is not a US bill or coin this register counts`);
    const label = DENOMINATION_LABELS[name as Denomination];
    if (typeof pieces !== 'number' || !Number.isInteger(pieces)) {
      throw new CountError(name, `(${label}) must be a whole number of pieces`);
    }
    if (pieces < 0) throw new CountError(name, `(${label}) cannot be negative`);
    if (pieces > MAX_PIECES) throw new CountError(name, `(${label}) must be at most ${MAX_PIECES} pieces`);
    total += pieces * DENOMINATIONS[name as Denomination];
  }
  return total;
}

/** A count that cannot be added up, naming the denomination at fault. */
export class CountError extends Error {
  constructor(
    readonly denomination: string,
    readonly rule: string,
  ) {
    super(`${denomination} ${rule}`);
    this.name = 'CountError';
  }
}

function requireCents(field: string, value: number): void {
  if (!Number.isInteger(value) || value < 0) {
    throw new RangeError(`${field} must be a whole, non-negative number of cents (got ${value})`);
  }
}
