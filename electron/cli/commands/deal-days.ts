import { ServicePayError } from '../../../shared/errors.js';

/** The days as `--days` takes them, 0 Sunday … 6 Saturday: three letters, or the full name. */
const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** "wed" or "Wednesday" (any case) as its weekday; undefined when it is no day ("wednsday", "w"). */
function dayOf(word: string): number | undefined {
  const typed = word.trim().toLowerCase();
  const index = DAYS.findIndex((day) => typed === day || typed === day.slice(0, 3));
  return index < 0 ? undefined : index;
}

function notADay(part: string): ServicePayError {
  return new ServicePayError(
    'INVALID_INPUT',
    `--days: "${part}" is not a day; use mon, tue, wed, thu, fri, sat, sun, a list such as mon,wed or a range such as mon-fri`,
    { field: '--days' },
  );
}

/** The days from `first` to `last` on, wrapping past Saturday ("fri-mon": Friday to Monday). */
function range(first: number, last: number): number[] {
  const days = [first];
  let day = first;
  while (day !== last) {
    day = (day + 1) % 7;
    days.push(day);
  }
  return days;
}

/**
 * `--days`: day names (three letters or full, any case), a comma list ("mon,wed") and ranges
 * ("mon-fri"; "fri-mon" wraps the week), as weekdays 0 Sunday … 6 Saturday in order; "none": every
 * day (no weekdays). Anything else is refused naming the part that is not a day: never read by its
 * first letters, so a misspelt day is never taken for another.
 */
export function weekdaysOf(value: string): number[] {
  if (value.trim().toLowerCase() === 'none') return [];
  const parts = value.split(',').map((part) => part.trim());
  const days = new Set<number>();
  for (const part of parts) {
    const ends = part.split('-');
    if (ends.length > 2) throw notADay(part);
    const read = ends.map(dayOf);
    const bad = ends.find((_, index) => read[index] === undefined);
    if (bad !== undefined) throw notADay(ends.length === 2 && bad.trim() !== '' ? bad.trim() : part);
    const [first = 0, last = first] = read as number[];
    for (const day of range(first, last)) days.add(day);
  }
  return [...days].sort((a, b) => a - b);
}
