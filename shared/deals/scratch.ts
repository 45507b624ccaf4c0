/**
 * Typed arrays the engine uses again instead of making new ones. V8 keeps a typed array of up to
 * 64 bytes in its heap (a `new` costs ~50 ns), but gives a larger one memory of its own outside
 * it, which costs microseconds each time (2.5–6 µs on the bench machine, more than the loop it
 * serves; tests/bench/README.md) and more work for every garbage collection after. The engine is
 * synchronous and nothing keeps a buffer past the call that asked for it, so one buffer per
 * place of use grows to the largest cart and is used again.
 */
type Typed = Int32Array | Uint8Array | Uint32Array | Float64Array;

/** Up to this many entries, `sortFirst` sorts by insertion: a cart's few units or deals. */
const FEW = 64;

export class Scratch<T extends Typed> {
  private buffer: T;

  constructor(private readonly make: (length: number) => T) {
    this.buffer = make(64);
  }

  /**
   * The buffer with its first `length` entries sorted in place, smallest first (as a typed array's
   * own sort does, for the finite numbers the engine writes): by insertion for a few, which costs
   * less than the view and the call into the built-in sort, and by that sort for more.
   */
  sortFirst(length: number): T {
    const buffer = this.buffer;
    if (length > FEW) {
      buffer.subarray(0, length).sort();
      return buffer;
    }
    for (let at = 1; at < length; at += 1) {
      const value = buffer[at]!;
      let to = at - 1;
      for (; to >= 0 && buffer[to]! > value; to -= 1) buffer[to + 1] = buffer[to]!;
      buffer[to + 1] = value;
    }
    return buffer;
  }

  /** The buffer itself, at least `length` long (a view costs an object): its first `length` zeroed when `zero`. */
  atLeast(length: number, zero = false): T {
    if (this.buffer.length < length) this.buffer = this.make(Math.max(length, 2 * this.buffer.length));
    if (zero) this.buffer.fill(0, 0, length);
    return this.buffer;
  }
}

/**
 * A list of numbers used again, as `Scratch` is, for amounts that go back into a state's units or
 * into what a deal took. V8 reads an entry of a `Float64Array` as a double, and a double stored into
 * a unit's `left` turns that whole list into a list of doubles, each boxed (allocated) wherever it is
 * read after; a plain list keeps the engine's whole cents as small integers.
 */
export class Numbers {
  private readonly list: number[] = [];

  /** The list, at least `length` long: its first `length` entries 0 when `zero`. */
  atLeast(length: number, zero = false): number[] {
    const list = this.list;
    while (list.length < length) list.push(0);
    if (zero) list.fill(0, 0, length);
    return list;
  }
}
