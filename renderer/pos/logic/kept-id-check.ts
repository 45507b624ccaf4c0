import { zonedDate } from '../../../shared/zoned-day';
import { whenWords } from './order-lookup-words';

/**
 * The ID checks made at the hand-over of online orders, kept on the register's computer (README
 * "Handing over at the counter"), so an order opened again (Back, a reload, a sign-out) does not ask
 * for an ID its customer showed already. A check holds as the store's ID rules say it does: for its
 * customer, on the store's day it was made (the service checks an ID "for a sale today").
 */
export interface KeptIdCheck {
  /** The customer whose ID was checked: the one the order named then. */
  customerId: string;
  /** Who checked it, as staff know them ("Casey Cashier"). */
  checkedBy: string;
  /** When, ISO 8601 UTC. */
  checkedAt: string;
}

/** The kept checks, by order id. */
export type KeptIdChecks = Readonly<Record<string, KeptIdCheck>>;

/** A check kept this long is gone: past the longest hold (720 hours), its order cannot be waiting. */
const KEPT_DAYS = 31;

const keyOf = (terminalId: string) => `servicepay.pos.id-checks.${terminalId}`;

const isCheck = (value: unknown): value is KeptIdCheck => {
  const kept = value as Partial<KeptIdCheck> | null;
  return (
    typeof kept?.customerId === 'string' &&
    typeof kept.checkedBy === 'string' &&
    typeof kept.checkedAt === 'string' &&
    !Number.isNaN(Date.parse(kept.checkedAt))
  );
};

/** The checks register `terminalId` keeps, younger than a month (an entry not one is dropped). */
export function loadIdChecks(
  terminalId: string,
  now: Date,
  storage: Pick<Storage, 'getItem'> = localStorage,
): KeptIdChecks {
  try {
    const kept = JSON.parse(storage.getItem(keyOf(terminalId)) ?? 'null') as unknown;
    if (typeof kept !== 'object' || kept === null || Array.isArray(kept)) return {};
    const oldest = now.getTime() - KEPT_DAYS * 86_400_000;
    return Object.fromEntries(
      Object.entries(kept).filter(([, check]) => isCheck(check) && Date.parse(check.checkedAt) >= oldest),
    ) as KeptIdChecks;
  } catch {
    return {};
  }
}

/** Keeps the checks of register `terminalId` (nothing kept once there are none). */
export function saveIdChecks(
  terminalId: string,
  checks: KeptIdChecks,
  storage: Pick<Storage, 'setItem' | 'removeItem'> = localStorage,
): void {
  if (Object.keys(checks).length > 0) storage.setItem(keyOf(terminalId), JSON.stringify(checks));
  else storage.removeItem(keyOf(terminalId));
}

/** Keeps `check` for order `orderId` on register `terminalId`, or forgets the order's (null: handed over). */
export function keepIdCheck(
  terminalId: string,
  orderId: string,
  check: KeptIdCheck | null,
  now: Date,
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = localStorage,
): void {
  const { [orderId]: _replaced, ...others } = loadIdChecks(terminalId, now, storage);
  saveIdChecks(terminalId, check ? { ...others, [orderId]: check } : others, storage);
}

/**
 * What a kept check says of the order opened again now: it stands (`words` say who checked it and
 * when, in the store's time), or the ID is asked again (`why`), or there is none.
 */
export type KeptVerdict = { kind: 'stands'; words: string } | { kind: 'again'; why: string } | { kind: 'none' };

export function keptVerdict(
  kept: KeptIdCheck | undefined,
  customerId: string,
  timeZone: string,
  now: Date,
): KeptVerdict {
  if (!kept) return { kind: 'none' };
  const when = whenWords(kept.checkedAt, timeZone, now);
  if (kept.customerId !== customerId) {
    return {
      kind: 'again',
      why: `The ID ${kept.checkedBy} checked ${when} is not the customer the order names now.`,
    };
  }
  if (zonedDate(new Date(kept.checkedAt), timeZone) !== zonedDate(now, timeZone)) {
    return {
      kind: 'again',
      why: `${kept.checkedBy} checked the ID ${when}: a check holds only on the store's day it was made.`,
    };
  }
  return { kind: 'stands', words: `ID checked by ${kept.checkedBy} ${when}: the customer on the order.` };
}

/** The review's ID line for an order opened: whether the kept check stands, and what the line adds. */
export function recalledIdCheck(
  kept: KeptIdCheck | undefined,
  customerId: string,
  timeZone: string,
  now: Date,
): { checked: boolean; note: string } {
  const verdict = keptVerdict(kept, customerId, timeZone, now);
  if (verdict.kind === 'stands') return { checked: true, note: verdict.words };
  return { checked: false, note: verdict.kind === 'again' ? verdict.why : '' };
}
