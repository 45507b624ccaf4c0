import type { ReceiptPreview, ReceiptView } from '../../../shared/contracts/receiving';
import { receiptSummary } from '../../../shared/inventory/receipt-summary';
import { formatMoney } from '../../../shared/money';
import { storeDateTime } from '../../../shared/store-time';
import { ApiError } from '../../common/http';
import { asSentence } from '../../common/refusal';
import type { PackageControl } from './receipt-draft';

/** A refusal in words, and where: a package's field (`row`, counted from 0), the room, the note, or the whole delivery. */
export interface ReceiptRefusal {
  sentence: string;
  row: number | null;
  control: PackageControl | 'room' | 'note' | '';
}

const LABELS: Record<string, string> = {
  received: 'Received',
  productId: 'Product',
  refused: 'Reason',
  'create.name': 'The new product’s name',
  'create.type': 'The new product’s category',
  'create.priceCents': 'The new product’s price',
  'create.taxClass': 'The new product’s tax class',
  'create.sku': 'The new product’s SKU',
  'create.brand': 'The new product’s brand',
};
const CONTROLS: Record<string, PackageControl> = {
  received: 'received',
  productId: 'product',
  refused: 'reason',
  label: 'product',
};

/**
 * The service's refusal of a delivery, where it belongs: `packages[i].field` (the i-th decision sent,
 * the manifest's i-th package) and `manifest.packages[i].label` beside that package's field, `room`
 * and `note` beside theirs, anything else (a manifest received already) over the whole screen.
 */
export function receiptRefusal(failure: unknown, fallback: string): ReceiptRefusal {
  if (!(failure instanceof ApiError)) return { sentence: asSentence(fallback), row: null, control: '' };
  const match = /^(?:manifest\.)?packages\[(\d+)\]\.([\w.]+) (.+)$/s.exec(failure.message);
  if (match) {
    const [, index, field, rest] = match as unknown as [string, string, string, string];
    // "is more than was shipped…" reads with its field's name; "Sour Diesel (FLW-006) sells by the unit…" on its own.
    // A new product's refusal always says whose field it is ("The new product’s SKU FLW-001 is used…").
    const label = LABELS[field] ?? (field.startsWith('create') ? 'The new product' : undefined);
    const named =
      label && (/^(is|must|names|decides) /.test(rest) || field.startsWith('create')) ? `${label} ${rest}` : rest;
    return { sentence: asSentence(named), row: Number(index), control: CONTROLS[field] ?? 'product' };
  }
  const own = /^(room|note) (.+)$/s.exec(failure.message);
  if (own) {
    const [, field, rest] = own as unknown as [string, 'room' | 'note', string];
    return { sentence: asSentence(`${field === 'room' ? 'Room' : 'Note'} ${rest}`), row: null, control: field };
  }
  // The service's own phrase of a whole-delivery refusal ("manifest 0004512873 was already received at…").
  return { sentence: asSentence(failure.message), row: null, control: '' };
}

/**
 * Every refusal of a delivery the service found (its `details.problems`, each beside its field), else
 * its one refusal: a delivery is answered with every package's problem at once.
 */
export function receiptRefusals(failure: unknown, fallback: string): ReceiptRefusal[] {
  const problems = failure instanceof ApiError ? (failure.details?.problems ?? []) : [];
  if (problems.length === 0) return [receiptRefusal(failure, fallback)];
  const apiError = failure as ApiError;
  return problems.map((problem) =>
    receiptRefusal(new ApiError(apiError.status, apiError.code, problem.message), fallback),
  );
}

/** "Received manifest 0004512873 into Quarantine: 2 accepted, 1 refused, 1 short.", no part of 0 said. */
export const receiptWords = (receipt: ReceiptView): string => receiptSummary(receipt);

/**
 * Where the received packages went, and what selling them takes: said of the receipt (a package
 * moved since is where its product's Packages say), so it stays true while the summary shows.
 */
export function whereWords(receipt: ReceiptView, sells: boolean): string {
  if (receipt.accepted === 0) return 'Nothing was received: every package was refused.';
  const one = receipt.accepted === 1;
  const these = one ? 'The package was' : `The ${receipt.accepted} packages were`;
  if (sells) return `${these} received onto the sales floor, where ${one ? 'it sells' : 'they sell'}.`;
  return (
    `${these} received into ${receipt.room}, where nothing sells: move ${one ? 'it' : 'them'} to the ` +
    "sales floor once checked (the product's Packages say where each is now)."
  );
}

/** A cost each, or "—" when the manifest gave no price. */
export const costWords = (cents: number | null): string => (cents === null ? '—' : formatMoney(cents));

/** The format the service is told, from the file's name: `.csv`, else JSON. */
export const formatOf = (fileName: string): 'csv' | 'json' =>
  fileName.toLowerCase().endsWith('.csv') ? 'csv' : 'json';

/**
 * Why a manifest received already cannot be received again, in the store's time as other screens say
 * it: "Manifest 0004512873 was received at Green Valley Dispensary (Today, 4:46 AM PST)."
 */
export function receivedAlreadyWords(preview: ReceiptPreview, timeZone: string, now = new Date()): string {
  const number = preview.manifest?.manifestNumber ?? '';
  const before = preview.receivedBefore;
  if (!before) return preview.receivedAlready ? `Manifest ${number} was ${preview.receivedAlready}.` : '';
  return `Manifest ${number} was received at ${before.storeName} (${storeDateTime(before.at, timeZone, now)}).`;
}
