import type { DrawerReport } from '../../../shared/contracts/cash.js';
import { ServicePayError } from '../../../shared/errors.js';
import { storeStamp } from '../../../shared/store-time.js';
import type { Queryable } from '../db/query.js';
import type { ServiceContext } from '../core/context.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import type { DrawerActor } from './drawer-access.js';
import { ShiftCash } from './shift-cash.js';
import { ShiftsRepository, type ShiftRow } from './shifts-repository.js';

/** Who reads a report: a manager sees the expected cash of a blind shift before it closes. */
export type ReportViewer = Pick<DrawerActor, 'manager'>;

/** True when `viewer` may see the expected cash of `shift` (not blind, or a manager). */
export const sees = (viewer: ReportViewer, shift: ShiftRow) => viewer.manager || shift.blind === 0;

export function noOpenDrawer(terminalId: string): ServicePayError {
  return new ServicePayError(
    'DRAWER_CLOSED',
    `register ${terminalId} has no open drawer: open one with a counted float first`,
  );
}

/**
 * A close of a register with no open drawer (a second close, or another manager's close first):
 * says who closed its last shift and when, in the store's time, rather than to open one.
 */
export async function nothingToClose(
  q: Queryable,
  shifts: ShiftsRepository,
  dispensary: Dispensary,
  terminalId: string,
): Promise<ServicePayError> {
  const [last] = await shifts.list(q, { dispensaryId: dispensary.id, terminalId, status: 'closed', limit: 1 });
  if (!last?.closed_at) return noOpenDrawer(terminalId);
  const z = last.z_number === null ? '' : ` (Z report ${Number(last.z_number)})`;
  const who = last.closed_by_name ?? 'someone';
  return new ServicePayError(
    'DRAWER_CLOSED',
    `the drawer of register ${terminalId} is closed already: ${who} closed it ` +
      `${storeStamp(last.closed_at, dispensary.timezone)}${z}; to take cash again, open it with a counted float`,
  );
}

/**
 * The X and Z reports of a store's shifts (README "Cash drawers"), read only: the drawer routes and
 * `servicepay drawers` read them here, and ./shift-cash.ts adds their figures up.
 */
export class ShiftReports {
  private readonly shifts: ShiftsRepository;
  private readonly cash: ShiftCash;

  constructor(private readonly ctx: Pick<ServiceContext, 'db' | 'now'>) {
    this.shifts = new ShiftsRepository(ctx.db);
    this.cash = new ShiftCash(ctx.db);
  }

  /** The X report of the register's open shift: its cash so far (hidden on a blind shift from a cashier). */
  async xReport(dispensary: Dispensary, terminalId: string, viewer: ReportViewer): Promise<DrawerReport> {
    const generatedAt = this.ctx.now().toISOString();
    const shift = await this.shifts.open(this.ctx.db, dispensary.id, terminalId);
    if (!shift) throw noOpenDrawer(terminalId);
    return this.cash.xReport(this.ctx.db, shift, sees(viewer, shift), generatedAt);
  }

  /** One shift of the register: its Z report once closed (as the close made it), else its X report. */
  async report(
    dispensary: Dispensary,
    terminalId: string,
    shiftId: string,
    viewer: ReportViewer,
  ): Promise<DrawerReport> {
    const generatedAt = this.ctx.now().toISOString();
    const shift = await this.shifts.find(this.ctx.db, shiftId);
    if (!shift || shift.dispensary_id !== dispensary.id || shift.terminal_id !== terminalId) {
      throw new ServicePayError('NOT_FOUND', `register ${terminalId} has no shift ${shiftId}`);
    }
    if (shift.status === 'closed') return this.cash.zReport(this.ctx.db, shift);
    return this.cash.xReport(this.ctx.db, shift, sees(viewer, shift), generatedAt);
  }

  /** The Z report of the store's closed shift `shiftId`; refused while it is open (it has none yet). */
  async zReport(dispensary: Dispensary, shiftId: string): Promise<DrawerReport> {
    const shift = await this.shifts.find(this.ctx.db, shiftId);
    if (!shift || shift.dispensary_id !== dispensary.id) {
      throw new ServicePayError('NOT_FOUND', `${dispensary.name} has no shift ${shiftId}`);
    }
    if (shift.status !== 'closed') throw stillOpen(shift);
    return this.cash.zReport(this.ctx.db, shift);
  }

  /** The register's Z report numbered `zNumber`, or its newest when `zNumber` is null. */
  async numbered(dispensary: Dispensary, terminalId: string, zNumber: number | null): Promise<DrawerReport> {
    const [newest] = await this.shifts.list(this.ctx.db, {
      dispensaryId: dispensary.id,
      terminalId,
      status: 'closed',
      limit: 1,
    });
    const shift =
      zNumber === null || (newest && Number(newest.z_number) === zNumber)
        ? newest
        : await this.shifts.numbered(this.ctx.db, dispensary.id, terminalId, zNumber);
    if (shift) return this.cash.zReport(this.ctx.db, shift);
    if (zNumber !== null && newest) {
      throw new ServicePayError(
        'NOT_FOUND',
        `register ${terminalId} has no Z report ${zNumber}: its last is ${Number(newest.z_number)}`,
      );
    }
    const open = await this.shifts.open(this.ctx.db, dispensary.id, terminalId);
    const words = open ? ': its first shift is still open, and has an X report until its drawer is closed' : '';
    throw new ServicePayError('NOT_FOUND', `register ${terminalId} has closed no shift yet${words}`);
  }

  /** The registers of the store that have opened a drawer, by terminal id. */
  terminals(dispensary: Dispensary): Promise<string[]> {
    return this.shifts.terminals(this.ctx.db, dispensary.id);
  }
}

function stillOpen(shift: ShiftRow): ServicePayError {
  return new ServicePayError(
    'CONFLICT',
    `the shift at register ${shift.terminal_id} is still open: it has a Z report once its drawer is closed, ` +
      'an X report until then',
  );
}
