import type { DisplayOutcome, DisplaySnapshot, DisplayState } from '../../../shared/contracts/display.js';
import type { SseFrame } from '../../../shared/sse.js';
import type { Dispensary } from '../catalog/dispensary-repository.js';
import type { LiveHub } from '../live/live-hub.js';

/** The live-channel key of a terminal's display. */
export function displayKey(terminalId: string): string {
  return `display:${terminalId}`;
}

interface Entry {
  snapshot: DisplaySnapshot;
}

/**
 * What each terminal's pole display shows, held in memory: it is a view of the cashier's current
 * sale, not a record (the order and its payments are). Each change is published as `display.state`
 * on `display:<terminalId>`, and a display that (re)connects is sent the current state first.
 * A terminal that never set a state is idle.
 */
export class DisplayBoard {
  private readonly entries = new Map<string, Entry>();
  private seq = 0;

  constructor(
    private readonly live: LiveHub,
    private readonly now: () => Date,
    private readonly dispensaryName: (dispensaryId: string) => string | undefined,
  ) {
    live.provideSnapshot('display', (dispensaryId, key) => [this.frame(this.current(dispensaryId, key))]);
  }

  /** The terminal's current snapshot (idle when nothing was set). */
  get(dispensary: Dispensary, terminalId: string): DisplaySnapshot {
    return this.current(dispensary.id, displayKey(terminalId));
  }

  /** Replaces the terminal's state and tells its display. */
  set(dispensary: Dispensary, terminalId: string, state: DisplayState): DisplaySnapshot {
    const key = displayKey(terminalId);
    this.seq += 1;
    const snapshot: DisplaySnapshot = {
      terminalId,
      storeName: dispensary.name,
      seq: this.seq,
      updatedAt: this.now().toISOString(),
      state,
    };
    this.entries.set(`${dispensary.id}:${key}`, { snapshot });
    this.live.publishTo(dispensary.id, key, 'display.state', snapshot);
    return snapshot;
  }

  /** Passes what the customer did on the display to the POS following the same topic. */
  reportOutcome(dispensary: Dispensary, terminalId: string, outcome: DisplayOutcome): void {
    this.live.publishTo(dispensary.id, displayKey(terminalId), 'display.outcome', {
      ...outcome,
      terminalId,
      at: this.now().toISOString(),
    });
  }

  private current(dispensaryId: string, key: string): DisplaySnapshot {
    const entry = this.entries.get(`${dispensaryId}:${key}`);
    if (entry) return entry.snapshot;
    return {
      terminalId: key.slice('display:'.length),
      storeName: this.dispensaryName(dispensaryId) ?? '',
      seq: 0,
      updatedAt: new Date(0).toISOString(),
      state: { phase: 'idle' },
    };
  }

  private frame(snapshot: DisplaySnapshot): SseFrame {
    return { event: 'display.state', data: JSON.stringify(snapshot) };
  }
}
