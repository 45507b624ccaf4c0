import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the state system got it. */
export interface StateCall {
  method: string;
  path: string;
  licenseNumber: string | null;
  body: unknown;
}

const UNITS = new Set(['Each', 'Grams', 'Milligrams', 'Ounces', 'Pounds']);
const RECEIPT_FIELDS = [
  'SalesDateTime',
  'SalesCustomerType',
  'PatientLicenseNumber',
  'ExternalReceiptNumber',
  'Transactions',
];
const LINE_FIELDS = ['PackageLabel', 'Quantity', 'UnitOfMeasure', 'TotalAmount'];

/** What is wrong with a body of POST (or PUT, with `Id`) /sales/v2/receipts, in Metrc's shape. */
export function receiptProblems(body: unknown, withId: boolean): string[] {
  if (!Array.isArray(body) || body.length === 0) return ['the body is not a list of receipts'];
  return body.flatMap((receipt: Record<string, unknown>, index) => {
    const at = `receipt ${index}`;
    const problems: string[] = [];
    const expected = withId ? ['Id', ...RECEIPT_FIELDS] : RECEIPT_FIELDS;
    const keys = Object.keys(receipt).sort();
    if (keys.join() !== [...expected].sort().join()) problems.push(`${at} has fields ${keys.join(', ')}`);
    if (
      typeof receipt.SalesDateTime !== 'string' ||
      !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(receipt.SalesDateTime)
    ) {
      problems.push(`${at}: SalesDateTime ${String(receipt.SalesDateTime)}`);
    }
    if (receipt.SalesCustomerType === 'Patient') {
      if (typeof receipt.PatientLicenseNumber !== 'string') problems.push(`${at}: a patient without a number`);
    } else if (receipt.SalesCustomerType !== 'Consumer' || receipt.PatientLicenseNumber !== null) {
      problems.push(`${at}: customer ${String(receipt.SalesCustomerType)} ${String(receipt.PatientLicenseNumber)}`);
    }
    const lines = receipt.Transactions;
    if (!Array.isArray(lines) || lines.length === 0) return [...problems, `${at} has no transactions`];
    lines.forEach((line: Record<string, unknown>, n) => {
      if (Object.keys(line).sort().join() !== [...LINE_FIELDS].sort().join()) problems.push(`${at} line ${n} fields`);
      if (typeof line.PackageLabel !== 'string' || !/^1A[0-9A-Z]{22}$/.test(line.PackageLabel)) {
        problems.push(`${at} line ${n}: PackageLabel ${String(line.PackageLabel)}`);
      }
      if (typeof line.Quantity !== 'number' || !(line.Quantity > 0)) problems.push(`${at} line ${n}: Quantity`);
      if (!UNITS.has(line.UnitOfMeasure as string)) problems.push(`${at} line ${n}: UnitOfMeasure`);
      if (typeof line.TotalAmount !== 'number' || line.TotalAmount < 0) problems.push(`${at} line ${n}: TotalAmount`);
    });
    return problems;
  });
}

const ADJUSTMENT_FIELDS = ['Label', 'Quantity', 'UnitOfMeasure', 'AdjustmentReason', 'AdjustmentDate', 'ReasonNote'];

/** What is wrong with a body of POST /packages/v2/adjust, in Metrc's shape. */
export function adjustmentProblems(body: unknown): string[] {
  if (!Array.isArray(body) || body.length === 0) return ['the body is not a list of adjustments'];
  return body.flatMap((adjustment: Record<string, unknown>, index) => {
    const at = `adjustment ${index}`;
    const problems: string[] = [];
    if (Object.keys(adjustment).sort().join() !== [...ADJUSTMENT_FIELDS].sort().join()) {
      problems.push(`${at} has fields ${Object.keys(adjustment).join(', ')}`);
    }
    if (typeof adjustment.Label !== 'string' || !/^1A[0-9A-Z]{22}$/.test(adjustment.Label)) {
      problems.push(`${at}: Label ${String(adjustment.Label)}`);
    }
    if (typeof adjustment.Quantity !== 'number' || adjustment.Quantity === 0) problems.push(`${at}: Quantity`);
    if (!UNITS.has(adjustment.UnitOfMeasure as string)) problems.push(`${at}: UnitOfMeasure`);
    if (typeof adjustment.AdjustmentReason !== 'string' || adjustment.AdjustmentReason === '') {
      problems.push(`${at}: AdjustmentReason`);
    }
    if (typeof adjustment.AdjustmentDate !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(adjustment.AdjustmentDate)) {
      problems.push(`${at}: AdjustmentDate ${String(adjustment.AdjustmentDate)}`);
    }
    if (adjustment.ReasonNote !== null && typeof adjustment.ReasonNote !== 'string') problems.push(`${at}: ReasonNote`);
    return problems;
  });
}

const TRANSFER_FIELDS = ['ManifestNumber', 'ShipperFacilityLicenseNumber', 'ReceivedDateTime', 'Packages'];
const RECEIVED_FIELDS = ['PackageLabel', 'Accepted', 'ReceivedQuantity', 'UnitOfMeasure', 'RejectionReason'];
const LOCATION_FIELDS = ['Label', 'Location', 'Sublocation', 'MoveDate'];
const TAG = /^1A[0-9A-Z]{22}$/;
const sameKeys = (value: Record<string, unknown>, fields: readonly string[]) =>
  Object.keys(value).sort().join() === [...fields].sort().join();

/** What is wrong with a body of PUT /transfers/v2/incoming/receive: one transfer, each package accepted or refused. */
export function transferProblems(body: unknown): string[] {
  if (!Array.isArray(body) || body.length !== 1) return ['the body is not a list of one transfer'];
  const transfer = body[0] as Record<string, unknown>;
  const problems: string[] = [];
  if (!sameKeys(transfer, TRANSFER_FIELDS))
    problems.push(`the transfer has fields ${Object.keys(transfer).join(', ')}`);
  if (
    typeof transfer.ReceivedDateTime !== 'string' ||
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(transfer.ReceivedDateTime)
  ) {
    problems.push(`ReceivedDateTime ${String(transfer.ReceivedDateTime)}`);
  }
  const packages = transfer.Packages;
  if (!Array.isArray(packages) || packages.length === 0) return [...problems, 'the transfer has no packages'];
  packages.forEach((pkg: Record<string, unknown>, n) => {
    if (!sameKeys(pkg, RECEIVED_FIELDS)) problems.push(`package ${n} fields`);
    if (typeof pkg.PackageLabel !== 'string' || !TAG.test(pkg.PackageLabel))
      problems.push(`package ${n}: PackageLabel`);
    const accepted = pkg.Accepted === true;
    if (
      accepted ? pkg.RejectionReason !== null : typeof pkg.RejectionReason !== 'string' || pkg.ReceivedQuantity !== 0
    ) {
      problems.push(`package ${n}: accepted ${String(pkg.Accepted)} with ${String(pkg.RejectionReason)}`);
    }
    if (typeof pkg.ReceivedQuantity !== 'number' || pkg.ReceivedQuantity < 0)
      problems.push(`package ${n}: ReceivedQuantity`);
    if (!['Each', 'Grams', 'Milliliters'].includes(pkg.UnitOfMeasure as string))
      problems.push(`package ${n}: UnitOfMeasure`);
  });
  return problems;
}

/** What is wrong with a body of PUT /packages/v2/location. */
export function locationProblems(body: unknown): string[] {
  if (!Array.isArray(body) || body.length === 0) return ['the body is not a list of location changes'];
  return body.flatMap((change: Record<string, unknown>, n) => {
    const problems: string[] = [];
    if (!sameKeys(change, LOCATION_FIELDS)) problems.push(`change ${n} fields`);
    if (typeof change.Label !== 'string' || !TAG.test(change.Label)) problems.push(`change ${n}: Label`);
    if (typeof change.Location !== 'string' || change.Location === '') problems.push(`change ${n}: Location`);
    if (typeof change.MoveDate !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(change.MoveDate))
      problems.push(`change ${n}: MoveDate`);
    return problems;
  });
}

/** The bodies the state accepts by PUT on a path, each checked by its shape. */
const PUT_RECORDS: Record<string, (body: unknown) => string[]> = {
  '/transfers/v2/incoming/receive': transferProblems,
  '/packages/v2/location': locationProblems,
};

/**
 * A state tracking system (Metrc's sales receipts, package adjustments, transfers received and
 * location changes) on 127.0.0.1: it checks HTTP Basic auth and the
 * licence number, checks each body's shape (answering 400 with the problems), keeps the receipts it
 * accepted by id, and answers each request with the next of `answers` first (a 500, a stall…).
 */
export class MetrcTestServer {
  readonly calls: StateCall[] = [];
  readonly receipts = new Map<number, unknown>();
  /** The package adjustments it accepted, in order. */
  readonly adjustments: unknown[] = [];
  /** The transfers received and location changes it accepted, in order. */
  readonly transfers: unknown[] = [];
  readonly locations: unknown[] = [];
  answers: (number | 'stall')[] = [];
  /** Milliseconds before every answer (two instances racing). */
  delayMs = 0;
  private nextId = 7001;
  private server: Server | undefined;
  private waiters: { count: number; called: () => void }[] = [];

  constructor(readonly expected: { vendorKey: string; userKey: string; licenseNumber: string }) {}

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const url = new URL(request.url!, 'http://state.test');
        const text = Buffer.concat(chunks).toString('utf8');
        const call = {
          method: request.method!,
          path: url.pathname,
          licenseNumber: url.searchParams.get('licenseNumber'),
        };
        this.calls.push({ ...call, body: text ? (JSON.parse(text) as unknown) : null });
        for (const waiter of this.waiters.filter((waiting) => waiting.count <= this.calls.length)) waiter.called();
        this.waiters = this.waiters.filter((waiting) => waiting.count > this.calls.length);
        const answer = (status: number, body: unknown) =>
          setTimeout(
            () => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body)),
            this.delayMs,
          );
        const scripted = this.answers.shift();
        if (scripted === 'stall') return;
        if (scripted !== undefined) {
          return answer(scripted, {
            Message: scripted >= 500 ? 'The state system is down' : 'The receipt was refused',
          });
        }
        const basic = `Basic ${Buffer.from(`${this.expected.vendorKey}:${this.expected.userKey}`).toString('base64')}`;
        if (request.headers.authorization !== basic) return answer(401, { Message: 'Bad keys' });
        if (call.licenseNumber !== this.expected.licenseNumber) return answer(401, { Message: 'Not your licence' });
        const body = this.calls[this.calls.length - 1]!.body;
        if (url.pathname === '/sales/v2/receipts' && (request.method === 'POST' || request.method === 'PUT')) {
          const problems = receiptProblems(body, request.method === 'PUT');
          if (problems.length > 0)
            return answer(
              400,
              problems.map((message) => ({ message })),
            );
          if (request.method === 'PUT') {
            const id = (body as { Id: number }[])[0]!.Id;
            if (!this.receipts.has(id)) return answer(404, { Message: `No receipt ${id}` });
            this.receipts.set(id, body);
            return answer(200, { Ids: [id] });
          }
          const id = this.nextId++;
          this.receipts.set(id, body);
          return answer(200, { Ids: [id], Warnings: [] });
        }
        if (url.pathname === '/packages/v2/adjust' && request.method === 'POST') {
          const problems = adjustmentProblems(body);
          if (problems.length > 0)
            return answer(
              400,
              problems.map((message) => ({ message })),
            );
          this.adjustments.push(...(body as unknown[]));
          return answer(200, {});
        }
        const checked = request.method === 'PUT' ? PUT_RECORDS[url.pathname] : undefined;
        if (checked) {
          const problems = checked(body);
          if (problems.length > 0)
            return answer(
              400,
              problems.map((message) => ({ message })),
            );
          (url.pathname === '/packages/v2/location' ? this.locations : this.transfers).push(...(body as unknown[]));
          return answer(200, {});
        }
        const deleted = /^\/sales\/v2\/receipts\/(\d+)$/.exec(url.pathname);
        if (deleted && request.method === 'DELETE' && this.receipts.delete(Number(deleted[1]))) return answer(200, {});
        return answer(404, { Message: `No route ${request.method} ${url.pathname}` });
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  /** Resolves once `count` calls have come in (at once when they have). */
  called(count: number): Promise<void> {
    if (this.calls.length >= count) return Promise.resolve();
    return new Promise((called) => this.waiters.push({ count, called }));
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
