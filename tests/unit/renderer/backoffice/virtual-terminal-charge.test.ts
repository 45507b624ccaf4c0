// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/backoffice/"}
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useVirtualTerminalStore } from '../../../../renderer/backoffice/stores/virtual-terminal.js';
import { fakeService, refused, signedIn, type Answer } from './fake-service.js';

/** The virtual terminal finds an order with what is left to take of it: part of it may be paid at a register. */
const ticket = { orderId: 'o-1', orderNumber: 'AB12CD', status: 'AWAITING_PROCESSING', total: '51.63', tax: '4.10' };
const TICKET = 'GET /v2.0/dispensary/demo/ecommerce/ticket/by-number/AB12CD';
const PAYMENTS = 'GET /v2.0/payments';
const ok = (body: object): Answer => ({ body: { resultCode: 'SUCCESS', resultReason: null, ...body } });
const paymentsOf = (...payments: { status: string; originalAmount: number }[]) => ok({ payments, nextCursor: null });

beforeEach(() => signedIn(['ticket:read']));
afterEach(() => vi.unstubAllGlobals());

describe('the virtual terminal takes what is left of an order', () => {
  it('reads the order’s payments with it, and takes its total less what is paid', async () => {
    const calls = fakeService({
      [TICKET]: [ok(ticket)],
      [PAYMENTS]: [
        paymentsOf({ status: 'approved', originalAmount: 1000 }, { status: 'declined', originalAmount: 4163 }),
      ],
    });
    const vt = useVirtualTerminalStore();
    await vt.lookUp(' ab12cd ');
    expect(vt.order?.orderNumber).toBe('AB12CD');
    expect(vt.charge).toEqual({ total: 5163, paid: 1000, pending: 0, due: 4163 });
    expect(calls[1]?.url.searchParams.get('ticketAlphaNumId')).toBe('AB12CD');
    expect(calls[1]?.url.searchParams.get('dispensaryShortName')).toBe('demo');
  });

  it('without its payments read, it knows only the total (the service still refuses more than is left)', async () => {
    fakeService({ [TICKET]: [ok(ticket)], [PAYMENTS]: [refused(503, 'UNAVAILABLE', 'down')] });
    const vt = useVirtualTerminalStore();
    await vt.lookUp('AB12CD');
    expect(vt.order?.orderNumber).toBe('AB12CD');
    expect(vt.charge).toBeNull();
  });

  it('a live update of the order reads it again with what is left, its status unmoved (paid in part elsewhere)', async () => {
    fakeService({
      [TICKET]: [ok(ticket)],
      [PAYMENTS]: [paymentsOf(), paymentsOf({ status: 'approved', originalAmount: 2000 })],
      'GET /v2.0/dispensary/demo/ecommerce/ticket/o-1': [ok(ticket)],
    });
    const vt = useVirtualTerminalStore();
    await vt.lookUp('AB12CD');
    expect(vt.charge?.due).toBe(5163);
    vt.updated({
      orderId: 'o-1',
      orderNumber: 'AB12CD',
      status: 'AWAITING_PROCESSING',
      paymentStatus: 'UNPAID',
      source: 'online',
      total: '51.63',
      createdAt: '2026-12-05T09:00:00.000Z',
      updatedAt: '2026-12-05T09:00:00.000Z',
    });
    await vi.waitFor(() => expect(vt.charge?.due).toBe(3163));
  });
});
