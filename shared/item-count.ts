/** How many items an order's lines make, as a picker counts them: units, a weighed line counting one. */
export function itemCount(lines: readonly { deli: boolean; quantity: number }[]): number {
  return lines.reduce((sum, line) => sum + (line.deli ? 1 : line.quantity), 0);
}
