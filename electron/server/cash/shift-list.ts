import type { ShiftList, ShiftListQuery } from '../../../shared/contracts/cash.js';
import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import type { ServiceContext } from '../core/context.js';
import { storeDay } from '../../../shared/zoned-day.js';
import type { FilterValue, PagedList } from '../db/list-cursor.js';
import { decodeCursor, encodeCursor } from '../db/newest-first.js';
import { shiftView } from './drawer-views.js';
import { ShiftCash } from './shift-cash.js';
import { ShiftsRepository } from './shifts-repository.js';

/** A store day (`YYYY-MM-DD`, its time zone) as the instants it runs between; refuses a date that is not real. */
function openedOn(day: string, timeZone: string, now: Date): { from: string; to: string } {
  try {
    return storeDay(day, timeZone, now);
  } catch (error) {
    if (error instanceof ServicePayError) throw invalidInput('day', 'must be a real date (YYYY-MM-DD)');
    throw error;
  }
}

/**
 * The list a cursor of shifts pages, and no other: the store and the filters (as the repository reads
 * them) it was issued for.
 */
export const shiftsList = (filter: Readonly<Record<string, FilterValue>>): PagedList => ({
  name: 'shifts',
  filter,
  field: 'before',
});

/**
 * The back office's list of a store's shifts (README "Cash drawers"): open drawers with the cash
 * they should hold now, closed shifts with their count and over/short, newest opened first, filtered
 * by the store day they were opened on, register, cashier who opened them and status, keyset paged.
 * For managers only: they see the expected cash of blind shifts too.
 */
export class ShiftLister {
  private readonly shifts: ShiftsRepository;
  private readonly cash: ShiftCash;

  constructor(private readonly ctx: Pick<ServiceContext, 'db' | 'now'>) {
    this.shifts = new ShiftsRepository(ctx.db);
    this.cash = new ShiftCash(ctx.db);
  }

  async list(dispensary: Dispensary, query: ShiftListQuery): Promise<ShiftList> {
    const limit = query.limit ?? 50;
    const day = query.day === undefined ? undefined : openedOn(query.day, dispensary.timezone, this.ctx.now());
    const chosen = {
      dispensaryId: dispensary.id,
      openedFrom: day?.from,
      openedBefore: day?.to,
      terminalId: query.terminal,
      openedById: query.cashier,
      status: query.status,
    };
    const list = shiftsList(chosen);
    const after = query.before === undefined ? undefined : decodeCursor(list, query.before);
    const rows = await this.shifts.list(this.ctx.db, {
      ...chosen,
      after: after && { openedAt: after.createdAt, id: after.id },
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const shifts = [];
    for (const row of page) {
      // A store has one open shift per register: only those few add up their cash here.
      const expected = row.status === 'open' ? await this.cash.expected(this.ctx.db, row) : null;
      shifts.push(shiftView(row, expected, true));
    }
    const last = page.at(-1);
    return {
      resultCode: 'SUCCESS',
      resultReason: null,
      shifts,
      nextCursor: rows.length > limit && last ? encodeCursor(list, last.opened_at, last.id) : null,
    };
  }
}
