import type { PrintResult } from '../../../shared/contracts/printers';

/** What the register says after packing an order, by how its bag label printed. */
export function bagLabelWords(orderNumber: string, result: PrintResult): string {
  if (result.printed) return `Order ${orderNumber} packed; its bag label printed.`;
  if (!result.configured) {
    return `Order ${orderNumber} packed. This register has no printer: write the order number on the bag.`;
  }
  const said = (result.problem ?? 'the printer did not answer').replace(/[.!]?$/, '');
  const problem = `${said.charAt(0).toLowerCase()}${said.slice(1)}`;
  return `Order ${orderNumber} packed, but its bag label did not print: ${problem}. Write the order number on the bag.`;
}
