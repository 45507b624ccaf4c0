import type { StateRecordLine } from '../../../shared/contracts/state-reporting.js';
import type { StateRecord } from './receipts-repository.js';
import { metrcAmount } from './receipt-lines.js';
import type { StateSettingsRecord } from './settings-repository.js';
import type { StateAdjustmentRecord } from './adjustments-outbox-repository.js';
import type { StatePackageRecord } from './package-records-repository.js';

/** One request to the state system. */
export interface StateRequest {
  method: 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** JSON, or none (a void). */
  body: string | null;
  /** `Basic base64(vendorKey:userKey)`. */
  authorization: string;
}

/** A void or refund that cannot be sent: why, in words. */
export interface Unsendable {
  refused: string;
}

/** One sales receipt in Metrc's shape (the body of POST and PUT /sales/v2/receipts is a list of them). */
export function metrcReceipt(record: StateRecord, lines: readonly StateRecordLine[] = record.lines) {
  return {
    SalesDateTime: record.salesDateTime,
    SalesCustomerType: record.customerType === 'medical' ? 'Patient' : 'Consumer',
    PatientLicenseNumber: record.patientLicenseNumber,
    ExternalReceiptNumber: record.orderNumber,
    Transactions: lines.map((line) => ({
      PackageLabel: line.packageLabel,
      Quantity: line.quantity,
      UnitOfMeasure: line.unitOfMeasure,
      TotalAmount: metrcAmount(line.totalCents),
    })),
  };
}

/**
 * The request that reports `record` (README "Seed-to-sale reporting"): a sale is POSTed; a void
 * DELETEs its sale's receipt, as Metrc voids one; a refund PUTs its sale's receipt again with the
 * amounts net of every refund so far (Metrc keeps one receipt per sale, corrected in place). A void
 * or refund names the state's id of its sale, answered when the sale was sent.
 */
export function stateRequest(
  record: StateRecord,
  sale: StateRecord | undefined,
  settings: Pick<StateSettingsRecord, 'baseUrl' | 'licenseNumber' | 'vendorKey' | 'userKey'>,
): StateRequest | Unsendable {
  const license = `licenseNumber=${encodeURIComponent(settings.licenseNumber)}`;
  const receipts = `${settings.baseUrl.replace(/\/+$/, '')}/sales/v2/receipts`;
  const authorization = `Basic ${Buffer.from(`${settings.vendorKey}:${settings.userKey}`).toString('base64')}`;
  if (record.kind === 'sale') {
    return {
      method: 'POST',
      url: `${receipts}?${license}`,
      body: JSON.stringify([metrcReceipt(record)]),
      authorization,
    };
  }
  const what = record.kind === 'void' ? 'void' : 'correct';
  if (!sale || sale.status === 'failed') {
    return {
      refused: `its sale was not accepted by the state, so there is no receipt to ${what}: retry the sale first`,
    };
  }
  if (sale.stateReceiptId === null) {
    return {
      refused: `the state did not answer the sale's receipt id: ${what} receipt of order ${sale.orderNumber} in the state system`,
    };
  }
  if (record.kind === 'void') {
    return {
      method: 'DELETE',
      url: `${receipts}/${encodeURIComponent(sale.stateReceiptId)}?${license}`,
      body: null,
      authorization,
    };
  }
  const id = /^\d+$/.test(sale.stateReceiptId) ? Number(sale.stateReceiptId) : sale.stateReceiptId;
  const body = JSON.stringify([{ Id: id, ...metrcReceipt(record) }]);
  return { method: 'PUT', url: `${receipts}?${license}`, body, authorization };
}

/** The state's id of a receipt it accepted: Metrc answers `{"Ids":[…]}` (or a list of ids). */
export function answeredId(text: string): string | null {
  try {
    const parsed = JSON.parse(text) as unknown;
    const ids = Array.isArray(parsed) ? parsed : (parsed as { Ids?: unknown } | null)?.Ids;
    const first: unknown = Array.isArray(ids) ? ids[0] : (parsed as { Id?: unknown } | null)?.Id;
    return typeof first === 'number' || typeof first === 'string' ? String(first) : null;
  } catch {
    return null;
  }
}

/**
 * The request that reports a package adjustment: Metrc's `POST /packages/v2/adjust` with one
 * adjustment (Label, signed Quantity, UnitOfMeasure, AdjustmentReason, AdjustmentDate on the store's
 * calendar, ReasonNote).
 */
export function adjustmentRequest(
  record: StateAdjustmentRecord,
  settings: Pick<StateSettingsRecord, 'baseUrl' | 'licenseNumber' | 'vendorKey' | 'userKey'>,
): StateRequest {
  const license = `licenseNumber=${encodeURIComponent(settings.licenseNumber)}`;
  const body = [
    {
      Label: record.packageLabel,
      Quantity: record.quantity,
      UnitOfMeasure: record.unitOfMeasure,
      AdjustmentReason: record.reason,
      AdjustmentDate: record.adjustmentDate,
      ReasonNote: record.reasonNote === '' ? null : record.reasonNote,
    },
  ];
  return {
    method: 'POST',
    url: `${settings.baseUrl.replace(/\/+$/, '')}/packages/v2/adjust?${license}`,
    body: JSON.stringify(body),
    authorization: `Basic ${Buffer.from(`${settings.vendorKey}:${settings.userKey}`).toString('base64')}`,
  };
}

/**
 * The request that reports a delivery received or a package moved: the acceptance of an incoming
 * transfer (`PUT /transfers/v2/incoming/receive`: each package accepted with what arrived, or
 * rejected with the reason) or Metrc's room change (`PUT /packages/v2/location`), the body made
 * when the record was written.
 */
export function packageRecordRequest(
  record: Pick<StatePackageRecord, 'kind' | 'body'>,
  settings: Pick<StateSettingsRecord, 'baseUrl' | 'licenseNumber' | 'vendorKey' | 'userKey'>,
): StateRequest {
  const path = record.kind === 'received' ? 'transfers/v2/incoming/receive' : 'packages/v2/location';
  return {
    method: 'PUT',
    url: `${settings.baseUrl.replace(/\/+$/, '')}/${path}?licenseNumber=${encodeURIComponent(settings.licenseNumber)}`,
    body: record.body,
    authorization: `Basic ${Buffer.from(`${settings.vendorKey}:${settings.userKey}`).toString('base64')}`,
  };
}
