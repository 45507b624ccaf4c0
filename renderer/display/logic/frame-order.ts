import type { DisplaySnapshot } from '../../../shared/contracts/display';

/**
 * Keeps the pole display on the newest state it was sent. With several service instances, frames of
 * one register can arrive out of order (each instance relays what it hears from the database); a
 * frame with a lower `seq` than one already shown is stale. A new stream starts over: its first frame
 * is the current state, whatever its number (a restored database numbers again from where it was).
 */
export class FrameOrder {
  private newest = -1;

  /** True when `frame` is as new as or newer than every frame taken since the stream opened. */
  take(frame: Pick<DisplaySnapshot, 'seq'>): boolean {
    if (frame.seq < this.newest) return false;
    this.newest = frame.seq;
    return true;
  }

  /** The stream (re)opened. */
  restart(): void {
    this.newest = -1;
  }
}
