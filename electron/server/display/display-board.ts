import type { DisplayOutcome, DisplaySnapshot, DisplayState } from '../../../shared/contracts/display.js';
import type { SseFrame } from '../../../shared/sse.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import type { DataLayer } from '../db/data-layer.js';
import type { LiveHub } from '../core/live-hub.js';
import type { Principal } from '../core/principal.js';
import { DisplayRepository } from './display-repository.js';

/** The live-channel key of a terminal's display. */
export function displayKey(terminalId: string): string {
  return `display:${terminalId}`;
}

/**
 * What each terminal's pole display shows: a view of the cashier's current sale, kept in the
 * database so a POS and its display served by two service instances see the same thing. Each change
 * is published as `display.state` on `display:<terminalId>`, and a display that (re)connects is
 * sent the current state first. A terminal that never set a state is idle.
 */
export class DisplayBoard {
  private readonly displays: DisplayRepository;

  constructor(
    private readonly db: DataLayer,
    private readonly live: LiveHub,
    private readonly now: () => Date,
    private readonly dispensaryName: (dispensaryId: string) => Promise<string | undefined>,
  ) {
    this.displays = new DisplayRepository(db);
    live.provideSnapshot('display', async (dispensaryId, key) => [
      this.frame(await this.current(dispensaryId, key.slice('display:'.length))),
    ]);
  }

  /** The terminal's current snapshot (idle when nothing was set). */
  get(dispensary: Dispensary, terminalId: string): Promise<DisplaySnapshot> {
    return this.current(dispensary.id, terminalId);
  }

  /** Replaces the terminal's state, set by `by` (the POS's login), and tells its display. */
  async set(dispensary: Dispensary, terminalId: string, state: DisplayState, by: Principal): Promise<DisplaySnapshot> {
    const updatedAt = this.now().toISOString();
    const setBy = `${by.kind}:${by.subjectId}`;
    const seq = await this.db.write((tx) =>
      this.displays.save(tx, dispensary.id, terminalId, JSON.stringify(state), updatedAt, setBy),
    );
    const snapshot: DisplaySnapshot = { terminalId, storeName: dispensary.name, seq, updatedAt, state };
    this.live.publishTo(dispensary.id, displayKey(terminalId), 'display.state', snapshot);
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

  private async current(dispensaryId: string, terminalId: string): Promise<DisplaySnapshot> {
    const [stored, storeName] = await Promise.all([
      this.displays.find(this.db, dispensaryId, terminalId),
      this.dispensaryName(dispensaryId),
    ]);
    if (stored) {
      const state = JSON.parse(stored.stateJson) as DisplayState;
      return { terminalId, storeName: storeName ?? '', seq: stored.seq, updatedAt: stored.updatedAt, state };
    }
    return {
      terminalId,
      storeName: storeName ?? '',
      seq: 0,
      updatedAt: new Date(0).toISOString(),
      state: { phase: 'idle' },
    };
  }

  private frame(snapshot: DisplaySnapshot): SseFrame {
    return { event: 'display.state', data: JSON.stringify(snapshot) };
  }
}
