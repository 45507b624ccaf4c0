/**
 * Typed arrays the engine uses again instead of making new ones. V8 keeps a typed array of up to
 * 64 bytes in its heap (a `new` costs ~50 ns), but gives a larger one memory of its own outside
 * it, which costs microseconds each time (2.5–6 µs on the bench machine, more than the loop it
 * serves; tests/bench/README.md) and more work for every garbage collection after. The engine is
 * synchronous and nothing keeps what `take` answers past the call that took it, so one buffer per
 * place of use grows to the largest cart and is used again.
 */
type Typed = Int32Array | Uint8Array | Uint32Array | Float64Array;

export class Scratch<T extends Typed> {
  private buffer: T;

  constructor(private readonly make: (length: number) => T) {
    this.buffer = make(64);
  }

  /** The first `length` entries of the buffer, as a view (for a sort): valid until the next use. */
  take(length: number): T {
    return this.atLeast(length).subarray(0, length) as T;
  }

  /** The buffer itself, at least `length` long (a view costs an object): its first `length` zeroed when `zero`. */
  atLeast(length: number, zero = false): T {
    if (this.buffer.length < length) this.buffer = this.make(Math.max(length, 2 * this.buffer.length));
    if (zero) this.buffer.fill(0, 0, length);
    return this.buffer;
  }
}
