import type { ProductView } from '../../../shared/contracts/products';
import type { LabResults } from '../../../shared/contracts/rooms';
import { packagePotencies } from '../../../shared/receipt/product-labels';

/**
 * What a product's package label will say, for the print dialog: the tag as a barcode, what is in
 * stock, the THC and CBD it states as the label lays them out (shared/receipt/product-labels.ts: the
 * package's own lab results where they give them, else the product's), the store and the date.
 */
export function packageLabelWords(product: ProductView, lab: LabResults | null | undefined): string {
  const { packageLabel, quantityOnHand, deli, unitType } = product;
  const stock = `${quantityOnHand} ${deli ? unitType : quantityOnHand === 1 ? 'unit' : 'units'}`;
  const potency = packagePotencies(product, lab)
    .map((line) => `, ${line}`)
    .join('');
  return `State tag ${packageLabel} as a barcode, ${stock} in stock${potency}, the store and today's date.`;
}
