import type { PrintResult } from '../../../shared/contracts/printers';

/** What the register says after packing an order, by how its bag label printed. */
export function bagLabelWords(orderNumber: string, result: PrintResult, bags = 1): string {
  if (result.printed) {
    return bags === 1
      ? `Order ${orderNumber} packed; its bag label printed.`
      : `Order ${orderNumber} packed; its ${bags} bag labels printed, one for each bag.`;
  }
  if (!result.configured) {
    return `Order ${orderNumber} packed. This register has no printer: write the order number on ${bags === 1 ? 'the bag' : 'each bag'}.`;
  }
  const said = (result.problem ?? 'the printer did not answer').replace(/[.!]?$/, '');
  const problem = `${said.charAt(0).toLowerCase()}${said.slice(1)}`;
  return `Order ${orderNumber} packed, but its bag label${bags === 1 ? '' : 's'} did not print: ${problem}. Write the order number on ${bags === 1 ? 'the bag' : 'each bag'}.`;
}
