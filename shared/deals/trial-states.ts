/**
 * Unit states and lists of changed lines the search writes its trials into, used again from set to
 * set and cart to cart instead of copied: every set of exclusive deals it
 * walks, and every stack priced on one, was two fresh arrays of the cart's units and one of its
 * lines, a third of what an `apply` allocated (issue 31's bench), garbage a busy service's collector
 * then pays for. The engine is synchronous and a trial's state is read only while it is priced (what
 * a deal took is kept by line, never as a state), so each place of use has its own and writes over it.
 */
import type { Units, UnitState } from './units.js';

/** States and changed lines by number (a depth of the search's walk, or one place of use). */
export class TrialStates {
  private readonly states: UnitState[] = [];
  private readonly changed: Uint8Array[] = [];

  /**
   * The `at`th state, set to `from`'s first `count` units. Its arrays stay as long as the largest
   * cart's units: only the first `count` entries are this cart's (every read is by unit).
   */
  copyState(at: number, from: UnitState, count: number): UnitState {
    const state = (this.states[at] ??= { left: [], taken: [] });
    for (let unit = 0; unit < count; unit += 1) {
      state.left[unit] = from.left[unit]!;
      state.taken[unit] = from.taken[unit]!;
    }
    return state;
  }

  /** The `at`th state, set to the cart's units before any deal (as `freshState`). */
  freshState(at: number, units: Units): UnitState {
    const state = (this.states[at] ??= { left: [], taken: [] });
    for (let unit = 0; unit < units.start.length; unit += 1) {
      state.left[unit] = units.start[unit]!;
      state.taken[unit] = false;
    }
    return state;
  }

  /** The `at`th state as last set. */
  stateAt(at: number): UnitState {
    return this.states[at]!;
  }

  /** The `at`th list of changed lines, set to `from`'s first `count` (null: none changed). */
  copyLines(at: number, from: Uint8Array | null, count: number): Uint8Array {
    let lines = this.changed[at];
    if (!lines || lines.length < count) lines = this.changed[at] = new Uint8Array(Math.max(count, 64));
    if (from) for (let line = 0; line < count; line += 1) lines[line] = from[line]!;
    else lines.fill(0, 0, count);
    return lines;
  }

  /** The `at`th list of changed lines as last set. */
  linesAt(at: number): Uint8Array {
    return this.changed[at]!;
  }
}
