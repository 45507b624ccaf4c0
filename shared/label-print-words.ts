import type { ProductLabelResult } from './contracts/product-labels.js';

/**
 * How a print of a product's labels went, in one sentence for people (the back office and
 * `servicepay products label`): "Printed 2 shelf labels of Blue Dream on front-1's printer.", or
 * that they did not print, and the printer's problem.
 */
export function labelPrintWords(
  result: Pick<ProductLabelResult, 'printed' | 'problem' | 'printer' | 'productName' | 'kind' | 'copies'>,
): string {
  const labels = `${result.kind} ${result.copies === 1 ? 'label' : 'labels'} of ${result.productName}`;
  if (result.printed) return `Printed ${result.copies} ${labels} on ${result.printer}'s printer.`;
  const which = result.copies === 1 ? `The ${labels}` : `The ${result.copies} ${labels}`;
  const problem = (result.problem ?? 'The printer did not take the print').replace(/\.?$/, '.');
  return `${which} did not print on ${result.printer}'s printer. ${problem}`;
}
