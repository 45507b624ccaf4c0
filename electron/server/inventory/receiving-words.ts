import type { ManifestPackageView, ReceiptPreview, ReceiptView } from '../../../shared/contracts/receiving.js';
import { unitMismatch, type ManifestDraft, type ProductMatcher } from '../../../shared/inventory/manifest.js';
import { fromMilli } from '../../../shared/quantity.js';
import { tagKey, type TagHolder } from '../catalog/import/package-tags.js';
import type { PlannedLine } from './receiving-decisions.js';
import type { ReceivableProduct, ReceivingRepository } from './receiving-repository.js';

/**
 * The manifest as the preview answers it: quantities in units (or grams), each package's likely
 * products, each saying why it cannot take the package where it cannot.
 */
export function manifestView(
  manifest: ManifestDraft,
  matcher: ProductMatcher,
  products: readonly ReceivableProduct[],
  /** By `tagKey`, as receiving-repository.ts `tagsHeld` answers them. */
  tagsHeld: ReadonlyMap<string, Pick<TagHolder, 'storeName'>>,
): NonNullable<ReceiptPreview['manifest']> {
  const byId = new Map(products.map((p) => [p.productId, p]));
  const packages = manifest.packages.map((pkg): ManifestPackageView => ({
    label: pkg.label,
    itemName: pkg.itemName,
    quantity: fromMilli(pkg.quantityMilli),
    unit: pkg.unit,
    wholesaleCents: pkg.wholesaleCents ?? null,
    packagedOn: pkg.packagedOn ?? null,
    expiresOn: pkg.expiresOn ?? null,
    strain: pkg.strain ?? null,
    category: pkg.category ?? null,
    suggestions: matcher.suggest(pkg.itemName).map(({ productId, score }) => {
      const product = byId.get(productId)!;
      return {
        productId,
        name: product.name,
        sku: product.sku,
        score: Math.round(score * 100) / 100,
        cannotTake: unitMismatch(pkg.unit, product.deli),
      };
    }),
    tagInStockAt: tagsHeld.get(tagKey(pkg.label))?.storeName ?? null,
  }));
  return {
    manifestNumber: manifest.manifestNumber,
    shipperLicense: manifest.shipperLicense,
    shipperName: manifest.shipperName ?? null,
    packages,
  };
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** The audit trail's sentence: "Manifest 0000012345 from C11-…: 3 packages received into Quarantine, 1 refused, 1 short". */
export function receiptInWords(manifest: ManifestDraft, plan: readonly PlannedLine[], room: string): string {
  const received = plan.filter((line) => 'product' in line);
  const short = received.filter((line) => 'product' in line && line.receivedMilli < line.pkg.quantityMilli).length;
  const refused = plan.length - received.length;
  const parts = [`${plural(received.length, 'package')} received into ${room}`];
  if (refused > 0) parts.push(`${refused} refused`);
  if (short > 0) parts.push(`${short} short`);
  return `Manifest ${manifest.manifestNumber} from ${manifest.shipperName ?? manifest.shipperLicense}: ${parts.join(', ')}`;
}

type Found = NonNullable<Awaited<ReturnType<ReceivingRepository['find']>>>;

export function toReceiptView({ receipt, lines }: Found): ReceiptView {
  const views = lines.map((line) => {
    const shipped = Number(line.shippedMilli);
    const received = Number(line.receivedMilli);
    return {
      label: line.label,
      itemName: line.itemName,
      unit: line.unit,
      shipped: fromMilli(shipped),
      received: fromMilli(received),
      shortage: line.refused === null ? fromMilli(shipped - received) : 0,
      productId: line.productId,
      productName: line.productName,
      packageId: line.packageId,
      unitCostCents: line.unitCostCents === null ? null : Number(line.unitCostCents),
      refused: line.refused,
    };
  });
  return {
    receiptId: receipt.id,
    manifestNumber: receipt.manifest_number,
    shipperLicense: receipt.shipper_license,
    shipperName: receipt.shipper_name,
    room: receipt.room_name,
    accepted: views.filter((line) => line.refused === null).length,
    refused: views.filter((line) => line.refused !== null).length,
    short: views.filter((line) => line.shortage > 0).length,
    note: receipt.note,
    by: receipt.actor_name,
    byName: receipt.byName ?? null,
    at: receipt.at,
    storeDay: receipt.store_day,
    lines: views,
  };
}
