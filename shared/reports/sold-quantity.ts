/**
 * A quantity sold as the reports say it: units and grams apart, never added together ("2 units,
 * 7 g"); a product's own row is one or the other ("2", "7 g").
 */
export interface SoldQuantity {
  /** All of it, in thousandths (of a unit, or of a gram for what was sold by weight). */
  quantityMilli: number;
  /** Of it, thousandths of a gram sold by weight. */
  weighedMilli: number;
}

const decimal = (milli: number) => (milli / 1000).toLocaleString('en-US', { maximumFractionDigits: 3 });

export function soldQuantityWords({ quantityMilli, weighedMilli }: SoldQuantity): string {
  const units = quantityMilli - weighedMilli;
  if (weighedMilli === 0) return decimal(units);
  const grams = `${decimal(weighedMilli)} g`;
  if (units === 0) return grams;
  return `${decimal(units)} unit${units === 1000 ? '' : 's'}, ${grams}`;
}

/** One number where it is of one kind (units, or grams), for a spreadsheet; the words where it mixes both. */
export function soldQuantityValue(sold: SoldQuantity): number | string {
  const mixed = sold.weighedMilli !== 0 && sold.weighedMilli !== sold.quantityMilli;
  return mixed ? soldQuantityWords(sold) : sold.quantityMilli / 1000;
}
