/**
 * What a deal took off each line, by line: a `Map` where it took from several lines, and for the
 * usual one line (a deal priced line by line on a small cart's line, a bundle of one product) a
 * pair that reads as a one-entry map. The search prices thousands of deals a cart: a map is some
 * 200 bytes of fresh memory each, the pair 32, and on a register or a busy service the engine's
 * cost follows the memory it touches (tests/bench/README.md, twenty-fifth session).
 */

/** One line's cents, read as a read-only map of one entry. */
export class OneLine implements ReadonlyMap<number, number> {
  readonly size = 1;

  constructor(
    readonly line: number,
    readonly cents: number,
  ) {}

  get(line: number): number | undefined {
    return line === this.line ? this.cents : undefined;
  }

  has(line: number): boolean {
    return line === this.line;
  }

  forEach(each: (cents: number, line: number, map: ReadonlyMap<number, number>) => void, self?: unknown): void {
    each.call(self, this.cents, this.line, this);
  }

  *entries(): MapIterator<[number, number]> {
    yield [this.line, this.cents];
  }

  *keys(): MapIterator<number> {
    yield this.line;
  }

  *values(): MapIterator<number> {
    yield this.cents;
  }

  [Symbol.iterator](): MapIterator<[number, number]> {
    return this.entries();
  }
}

/** `byLine` with `cents` off `line` added: the pair for a first line, a map past it (`byLine` null: none yet). */
export function withLine(
  byLine: OneLine | Map<number, number> | null,
  line: number,
  cents: number,
): OneLine | Map<number, number> {
  if (byLine === null) return new OneLine(line, cents);
  if (byLine instanceof OneLine) return new Map<number, number>().set(byLine.line, byLine.cents).set(line, cents);
  return byLine.set(line, cents);
}

/** What a deal took off all its lines. */
export function totalOf(byLine: ReadonlyMap<number, number>): number {
  if (byLine instanceof OneLine) return byLine.cents;
  let total = 0;
  for (const cents of byLine.values()) total += cents;
  return total;
}
