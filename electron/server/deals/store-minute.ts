import { weekdayOf } from '../../../shared/deals/schedule.js';
import { zonedParts } from '../../../shared/zoned-day.js';

/** A store's time as the deals read it: its calendar day, weekday and minute after midnight. */
export interface StoreMinute {
  date: string;
  weekday: number;
  minute: number;
}

interface Read extends StoreMinute {
  /** The instants (ms) the minute read holds for: [from, to). */
  from: number;
  to: number;
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The store's minute now, read through `Intl` once per minute of each time zone: reading it cost a
 * sale with deals about as much as the rest of its deals' context (bench:deals). A zone's offset is
 * whole seconds and changes only on a minute of its own clock, so the minute read at `at` holds from
 * that minute's start on its clock (`at` less its seconds and milliseconds) for 60 seconds.
 */
export class StoreMinutes {
  private readonly reads = new Map<string, Read>();

  of(at: Date, timeZone: string): StoreMinute {
    const ms = at.getTime();
    const known = this.reads.get(timeZone);
    if (known && ms >= known.from && ms < known.to) return known;
    const parts = zonedParts(at, timeZone);
    const date = `${parts.year}-${pad(parts.month)}-${pad(parts.day)}`;
    const from = ms - parts.second * 1000 - (((ms % 1000) + 1000) % 1000);
    const read = {
      date,
      weekday: weekdayOf(date),
      minute: (parts.hour % 24) * 60 + parts.minute,
      from,
      to: from + 60_000,
    };
    this.reads.set(timeZone, read);
    return read;
  }
}
