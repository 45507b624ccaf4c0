import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALIFORNIA } from '../../support/state-profiles.js';
import type { PrintResult, PrinterView } from '../../../shared/contracts/printers.js';
import { wrapText } from '../../../shared/receipt/receipt-document.js';
import { decodeEscPos } from '../../support/escpos-decoder.js';
import { TestPrinter } from '../../support/test-printer.js';
import { cashSale, drawer, loginAt, shiftOf } from '../cash/support/drawer-fixtures.js';
import { paymentService, orderStatus, type PaymentHarness } from '../payments/support/payment-fixtures.js';
import { products } from '../support/catalog-fixtures.js';
import { addCustomer, paidCashSale } from './support/customer-sales.js';

let service: PaymentHarness;
let printer: TestPrinter;
let front1: string;
let front2: string;
let manager: string;
let shiftId: string;
beforeAll(async () => {
  service = await paymentService({ printerTimeoutMs: 600 });
  printer = await new TestPrinter().start();
  front1 = await loginAt(service.app, 'cashier', 'cashier-demo-1', 'front-1');
  front2 = await loginAt(service.app, 'cashier', 'cashier-demo-1', 'front-2');
  manager = await loginAt(service.app, 'manager', 'manager-demo-1', 'office');
  shiftId = shiftOf(await drawer(service, front1, 'front-1', 'open', { amount: 20_000 }))!.id;
});
afterAll(async () => {
  await printer.stop();
  await service.close();
});

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

function setPrinter(terminal: string, body: object, token = manager): Promise<LightMyRequestResponse> {
  const url = `/v2.0/dispensary/demo/setup/printers/${terminal}`;
  return service.request({ method: 'PUT', url, headers: auth(token), payload: body });
}

async function print(terminal: string, body: object, token = front1): Promise<PrintResult> {
  const response = await printAt(terminal, body, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PrintResult>();
}

function printAt(terminal: string, body: object, token: string, action = 'print'): Promise<LightMyRequestResponse> {
  const url = `/v2.0/dispensary/demo/registers/${terminal}/printer/${action}`;
  return service.request({ method: 'POST', url, headers: auth(token), payload: body });
}

describe('setting a register’s printer up', () => {
  it('refuses a bad host, port, path or paper width, saying why', async () => {
    const refused = async (body: object) => {
      const response = await setPrinter('front-1', body);
      expect(response.statusCode, response.body).toBe(400);
      return response.json<{ resultDetail: string }>().resultDetail;
    };
    expect(await refused({ address: 'tcp://print er:9100' })).toBe(
      'address has a host that is not an IP address or host name: print er',
    );
    expect(await refused({ address: 'tcp://192.168.1.50:70000' })).toBe(
      'address has a port that is not a whole number from 1 to 65535: 70000',
    );
    expect(await refused({ address: 'http://192.168.1.50' })).toContain('must start with tcp://');
    expect(await refused({ address: '/etc/passwd' })).toContain('is not a device path under /dev');
    expect(await refused({ address: '/dev/../etc/passwd' })).toContain('is not a device path under /dev');
    expect(await refused({ address: printer.address, paperWidth: 76 })).toBe(
      'paperWidth must be 80 or 58 (millimetres of paper), not 76',
    );
    const badTerminal = await setPrinter('front 1!', { address: printer.address });
    expect(badTerminal.statusCode).toBe(400);
  });

  it('refuses a register the store does not have, naming it and the store’s registers; one signed in at is one', async () => {
    await loginAt(service.app, 'manager', 'manager-demo-1', 'bo-1a2b3c4d');
    const typo = await setPrinter('fornt-1', { address: printer.address });
    expect(typo.statusCode, typo.body).toBe(400);
    expect(typo.json<{ resultDetail: string }>().resultDetail).toBe(
      `terminalId "fornt-1" is not one of Green Valley Dispensary's registers: its registers are front-1, front-2 ` +
        "and office (a register becomes one of the store's once someone signs in at it, or once it is attached to " +
        'the store server)',
    );
    const listed = await service.request({
      method: 'GET',
      url: '/v2.0/dispensary/demo/setup/printers',
      headers: auth(manager),
    });
    expect(listed.json<{ printers: PrinterView[] }>().printers).toEqual([]);
    await loginAt(service.app, 'cashier', 'cashier-demo-1', 'front-9');
    expect((await setPrinter('front-9', { address: printer.address })).statusCode).toBe(200);
    const removed = await service.request({
      method: 'DELETE',
      url: '/v2.0/dispensary/demo/setup/printers/front-9',
      headers: auth(manager),
    });
    expect(removed.statusCode).toBe(200);
  });

  it('sets, lists and replaces one printer per register; a cashier may not', async () => {
    const set = await setPrinter('front-1', { address: `tcp://127.0.0.1:${printer.port}`, openDrawerOnCash: true });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<{ printer: PrinterView }>().printer).toMatchObject({
      terminalId: 'front-1',
      address: printer.address,
      paperWidth: 80,
      openDrawerOnCash: true,
    });
    expect((await setPrinter('front-2', { address: 'tcp://printer-2.local' })).statusCode).toBe(200);
    const listed = await service.request({
      method: 'GET',
      url: '/v2.0/dispensary/demo/setup/printers',
      headers: auth(manager),
    });
    expect(listed.json<{ printers: PrinterView[] }>().printers.map((p) => [p.terminalId, p.address])).toEqual([
      ['front-1', printer.address],
      ['front-2', 'tcp://printer-2.local:9100'],
    ]);
    const removed = await service.request({
      method: 'DELETE',
      url: '/v2.0/dispensary/demo/setup/printers/front-2',
      headers: auth(manager),
    });
    expect(removed.statusCode).toBe(200);
    expect((await setPrinter('front-1', { address: printer.address }, front1)).statusCode).toBe(403);
  });
});

describe('printing at a register', () => {
  it('prints a cash sale’s receipt with its lines, cut and drawer kick first', async () => {
    const sale = await cashSale(service, front1, 0, 1000);
    const before = printer.jobs.length;
    expect(await print('front-1', { receipt: { orderId: sale.ticketId }, openDrawer: true })).toEqual({
      resultCode: 'SUCCESS',
      resultReason: null,
      printed: true,
      configured: true,
      drawerOpened: true,
    });
    expect(printer.jobs).toHaveLength(before + 1);
    const job = decodeEscPos(printer.jobs.at(-1)!);
    if (process.env.SHOW_RECEIPT) console.log(job.lines.join('\n'));
    expect(job.events[0]).toEqual({ kind: 'kick', pin: 2, onMs: 100, offMs: 500 });
    expect(job.kicks).toHaveLength(1);
    expect(job.cuts).toBe(1);
    const lastText = job.events.findLastIndex((event) => event.kind === 'text' && event.text !== '');
    expect(job.events.findIndex((event) => event.kind === 'cut')).toBeGreaterThan(lastText);
    const text = job.lines.join('\n');
    expect(text).toContain(`Order ${sale.ticketAlphaNumId}`);
    expect(text).toContain('Cashier: ');
    expect(job.lines.some((line) => /^Total +\$\d+\.\d\d$/.test(line))).toBe(true);
    expect(job.lines.some((line) => /^Change +\$10\.00$/.test(line))).toBe(true);
    expect(job.lines.every((line) => line.length <= 48)).toBe(true);
    expect(job.events.find((event) => event.kind === 'text' && event.large)).toBeDefined();
  });

  it('prints 32 columns on 58 mm paper, and no kick when the printer does not open the drawer', async () => {
    expect((await setPrinter('front-1', { address: printer.address, paperWidth: 58 })).statusCode).toBe(200);
    const sale = await cashSale(service, front1, 1, 0);
    const result = await print('front-1', { receipt: { orderId: sale.ticketId }, openDrawer: true });
    expect(result).toMatchObject({ printed: true, drawerOpened: false });
    expect(decodeEscPos(printer.jobs.at(-1)!).kicks).toHaveLength(0);
    expect(await print('front-1', { receipt: { orderId: sale.ticketId, reprint: true } })).toMatchObject({
      printed: true,
    });
    const job = decodeEscPos(printer.jobs.at(-1)!);
    expect(job.lines).toContain('-'.repeat(32));
    expect(job.lines.every((line) => line.length <= 32)).toBe(true);
    expect(job.lines.map((line) => line.trim())).toContain('Reprint');
    expect((await setPrinter('front-1', { address: printer.address, openDrawerOnCash: true })).statusCode).toBe(200);
  });

  it('prints the shift’s X report and a test page', async () => {
    expect(await print('front-1', { report: { shiftId } })).toMatchObject({ printed: true });
    const report = decodeEscPos(printer.jobs.at(-1)!).lines.map((line) => line.trim());
    expect(report).toContain('X report');
    expect(report).toContain('Register front-1');
    expect(report.some((line) => /^Float +\$200\.00$/.test(line))).toBe(true);
    expect(report.some((line) => line.startsWith('Expected in drawer'))).toBe(true);
    expect(await print('front-1', { test: true })).toMatchObject({ printed: true });
    expect(decodeEscPos(printer.jobs.at(-1)!).lines.map((line) => line.trim())).toContain('Printer test');
    const both = await printAt('front-1', { test: true, report: { shiftId } }, front1);
    expect(both.statusCode).toBe(400);
  });

  it('opens the drawer for a no-sale: recorded on the shift, a kick and nothing printed', async () => {
    const opened = await printAt('front-1', { reason: 'Change for a $50' }, front1, 'open-drawer');
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json<PrintResult>()).toMatchObject({ printed: true, drawerOpened: true });
    const job = decodeEscPos(printer.jobs.at(-1)!);
    expect(job).toMatchObject({ lines: [], cuts: 0, kicks: [{ pin: 2 }] });
    const report = await drawer(service, front1, 'front-1', 'x-report');
    const movements = report.json<{ report: { movements: { kind: string; reason: string }[] } }>().report.movements;
    expect(movements.at(-1)).toMatchObject({ kind: 'no_sale', reason: 'Change for a $50' });
  });

  it('prints a Z report’s over/short in the words of the screens and the audit trail', async () => {
    const front7 = await loginAt(service.app, 'cashier', 'cashier-demo-1', 'front-7');
    expect((await setPrinter('front-7', { address: printer.address })).statusCode).toBe(200);
    const shift = shiftOf(await drawer(service, front7, 'front-7', 'open', { amount: 10_000 }))!;
    const closed = await drawer(service, front7, 'front-7', 'close', { amount: 9_500 });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await print('front-7', { report: { shiftId: shift.id } }, front7)).toMatchObject({ printed: true });
    const lines = decodeEscPos(printer.jobs.at(-1)!).lines;
    expect(lines).toContain(`Over/short${' '.repeat(48 - 'Over/short'.length - '$5.00 short'.length)}$5.00 short`);
    expect(lines.join('\n')).not.toMatch(/Short|-\$5\.00/);
    const trail = await service.request({
      method: 'GET',
      url: '/v2.0/audit?dispensaryShortName=demo',
      headers: auth(manager),
    });
    const events = trail.json<{ events: { action: string; reason: string; terminalId: string | null }[] }>().events;
    const close = events.find((event) => event.action === 'drawer_closed' && event.terminalId === 'front-7');
    expect(close?.reason).toMatch(/: \$5\.00 short$/);
  });

  it('answers configured: false at a register with no printer', async () => {
    const sale = await cashSale(service, front1, 2, 0);
    expect(await print('front-2', { receipt: { orderId: sale.ticketId } }, front2)).toEqual({
      resultCode: 'SUCCESS',
      resultReason: null,
      printed: false,
      configured: false,
      drawerOpened: false,
    });
  });
});

describe('a printer that fails never fails the sale', () => {
  it('a printer that refuses the connection: the sale is paid, the answer says why', async () => {
    await printer.setMode('refuse');
    try {
      const sale = await cashSale(service, front1, 3, 500);
      const result = await print('front-1', { receipt: { orderId: sale.ticketId }, openDrawer: true });
      expect(result).toEqual({
        resultCode: 'SUCCESS',
        resultReason: null,
        printed: false,
        configured: true,
        drawerOpened: false,
        problem: `The printer at 127.0.0.1:${printer.port} refused the connection (is it on, and is that its address?)`,
      });
      expect(await orderStatus(service, sale.ticketId!)).toBe('PAID');
    } finally {
      await printer.setMode('ok');
    }
  });

  it('a printer that takes the connection and stalls: answered within the timeout', async () => {
    await printer.setMode('stall');
    try {
      const sale = await cashSale(service, front1, 4, 0);
      const started = Date.now();
      const result = await print('front-1', { receipt: { orderId: sale.ticketId } });
      expect(Date.now() - started).toBeLessThan(3000);
      expect(result).toMatchObject({ printed: false, configured: true });
      expect(result.problem).toBe(
        `The printer at 127.0.0.1:${printer.port} took the connection but did not take the print within 0.6 seconds`,
      );
      expect(await orderStatus(service, sale.ticketId!)).toBe('PAID');
    } finally {
      await printer.setMode('ok');
    }
  });
});

describe('a printer out of paper', () => {
  it('is sent no receipt, only the cash sale’s drawer kick, and the cashier is told', async () => {
    await printer.setMode('paper-out');
    try {
      const sale = await cashSale(service, front1, 5, 0);
      const before = printer.jobs.length;
      const result = await print('front-1', { receipt: { orderId: sale.ticketId }, openDrawer: true });
      expect(result).toMatchObject({ printed: false, configured: true, drawerOpened: true });
      expect(result.problem).toBe('The printer is out of paper: load a new roll, then print again');
      const sent = printer.decoded.slice(before);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.kicks).toHaveLength(1);
      expect(sent[0]!.lines.join('')).toBe('');
      expect(await orderStatus(service, sale.ticketId!)).toBe('PAID');
      // A new roll in: the receipt prints again from the order.
      await printer.setMode('ok');
      const again = await print('front-1', { receipt: { orderId: sale.ticketId, reprint: true } });
      expect(again).toMatchObject({ printed: true });
    } finally {
      await printer.setMode('ok');
    }
  });

  it('a printer that does not answer status requests still prints', async () => {
    await printer.setMode('no-status');
    try {
      const before = printer.jobs.length;
      expect(await print('front-1', { test: true })).toMatchObject({ printed: true, configured: true });
      expect(printer.decoded.slice(before)[0]!.cuts).toBe(1);
    } finally {
      await printer.setMode('ok');
    }
  });
});

describe('who may print', () => {
  it('staff at that register or a manager; not another register’s cashier, nor a pole display', async () => {
    const other = await printAt('front-1', { test: true }, front2);
    expect(other.statusCode).toBe(403);
    expect(other.json<{ resultDetail: string }>().resultDetail).toBe(
      'you are signed in at register front-2: only a manager may print at register front-1',
    );
    expect((await printAt('front-1', { test: true }, service.tokens.display)).statusCode).toBe(403);
    expect((await printAt('front-1', { test: true }, manager)).statusCode).toBe(200);
    const kick = await printAt('front-1', { reason: 'x' }, front2, 'open-drawer');
    expect(kick.statusCode).toBe(403);
  });
});

describe('a receipt under a state’s rules', () => {
  it.each([80, 58] as const)(
    'prints the licence, tags, weights, layers and the whole warning on %i mm paper',
    async (paper) => {
      const columns = paper === 80 ? 48 : 32;
      const store = (payload: object) =>
        service.request({ method: 'PUT', url: '/v2.0/dispensary/demo/setup/store', headers: auth(manager), payload });
      expect((await setPrinter('front-1', { address: printer.address, paperWidth: paper })).statusCode).toBe(200);
      expect((await store({ complianceProfile: 'us-ca', licenceNumber: 'C10-0000123-LIC' })).statusCode).toBe(200);
      try {
        const sale = await compliantSale(paper);
        expect(await print('front-1', { receipt: { orderId: sale.orderId } })).toMatchObject({ printed: true });
        const lines = decodeEscPos(printer.jobs.at(-1)!).lines.map((line) => line.trimEnd());
        if (process.env.SHOW_RECEIPT) console.log(lines.join('\n'));
        expect(lines.every((line) => line.length <= columns)).toBe(true);
        const trimmed = lines.map((line) => line.trim());
        expect(trimmed).toContain('State licence C10-0000123-LIC');
        expect(trimmed).toContain('Customer: adult-use');
        expect(trimmed).toContain(`Tag ${sale.packageLabel}`);
        expect(trimmed).toContain('3.5 g cannabis');
        expect(trimmed.some((line) => line.startsWith('California cannabis'))).toBe(true);
        const warning = trimmed.findIndex((line) => line.startsWith('GOVERNMENT WARNING:'));
        const wrapped = wrapText(CALIFORNIA.receiptWarning, columns);
        expect(trimmed.slice(warning, warning + wrapped.length)).toEqual(wrapped);
      } finally {
        expect((await store({ complianceProfile: null })).statusCode).toBe(200);
        expect((await setPrinter('front-1', { address: printer.address, openDrawerOnCash: true })).statusCode).toBe(
          200,
        );
      }
    },
  );
});

/** A cash sale of one 3.5 g jar of flower to a checked adult-use customer (a new one per `paper`). */
async function compliantSale(paper: number): Promise<{ orderId: string; packageLabel: string }> {
  const buyer = await addCustomer(service, front1, `D40000${paper}`);
  const [jar] = await products(service.app, "p.type = 'FLOWER' AND p.deli = 0 AND p.cannabis_weight_mg = 3500");
  const ticket = await paidCashSale(service, front1, [{ productId: jar!.id, quantity: 1 }], buyer.id);
  return { orderId: ticket.orderId, packageLabel: ticket.items[0]!.packageLabel };
}
