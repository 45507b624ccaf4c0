import type { DisplayLine } from '../../../shared/contracts/display';

/**
 * How much of a line the customer is buying: "2 ×" for a counted line, its weight for a weighed one
 * ("3.537 g", as the register's cart shows it), never "1 ×" for what was put on the scale.
 */
export function lineAmount(line: Pick<DisplayLine, 'quantity' | 'unit'>): string {
  return line.unit ? `${line.quantity} ${line.unit}` : `${line.quantity} ×`;
}
