import { readFileSync } from 'node:fs';

/** A cart of examples/README.md's sandbox table: the demo edibles and how many, and what it says they come to. */
export interface SandboxCart {
  lines: { name: string; quantity: number }[];
  /** In cents. */
  total: number;
  /** What a card payment of it does, as the table says it. */
  outcome: string;
}

/** The carts examples/README.md lists for trying the sandbox's test amounts from the example shop. */
export function sandboxCarts(): SandboxCart[] {
  const readme = readFileSync(new URL('../../examples/README.md', import.meta.url), 'utf8');
  const rows = readme.split('\n').filter((line) => /^\| \d+ /.test(line));
  return rows.map((row) => {
    const [cart = '', total = '', outcome = ''] = row
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    const lines = cart.split(', ').map((line) => {
      const [, quantity = '', name = ''] = /^(\d+) (.+)$/.exec(line) ?? [];
      return { name, quantity: Number(quantity) };
    });
    return { lines, total: Math.round(Number(total.replace('$', '')) * 100), outcome };
  });
}
