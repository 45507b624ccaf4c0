/** A store's week as its manager edits it: each day open or closed, from a time to a time. */
export interface DayHours {
  open: boolean;
  /** "HH:MM", as a time input gives it. */
  from: string;
  /** "HH:MM"; "00:00" closes at midnight (the service's "24:00"). */
  to: string;
}

/** What the service stores for a day: null when closed. */
export type ServiceDay = { open: string; close: string } | null;

/** Sunday first, as the service stores the week. */
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
const minutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** The service's week, ready for the form (a closed day keeps sensible times for when it opens). */
export function toEditable(week: readonly ServiceDay[]): DayHours[] {
  return week.map((day) =>
    day
      ? { open: true, from: day.open, to: day.close === '24:00' ? '00:00' : day.close }
      : { open: false, from: '09:00', to: '21:00' },
  );
}

/** The form's week as the service takes it. */
export function toWeek(days: readonly DayHours[]): ServiceDay[] {
  return days.map((day) => (day.open ? { open: day.from, close: day.to === '00:00' ? '24:00' : day.to } : null));
}

/** The first day whose hours cannot be kept, and why, in the form's words; null when all can. */
export function hoursProblem(days: readonly DayHours[]): { day: number; sentence: string } | null {
  for (const [index, day] of days.entries()) {
    if (!day.open) continue;
    const name = WEEKDAY_NAMES[index]!;
    if (!CLOCK.test(day.from)) return { day: index, sentence: `Enter the time the store opens on ${name}.` };
    if (!CLOCK.test(day.to)) return { day: index, sentence: `Enter the time the store closes on ${name}.` };
    const closes = day.to === '00:00' ? 24 * 60 : minutes(day.to);
    if (closes <= minutes(day.from)) {
      return {
        day: index,
        sentence: `On ${name} the store must close after it opens, on the same day (12:00 AM closes at midnight).`,
      };
    }
  }
  return null;
}

/** The service's names of a week's fields, in the form's words: "openingHours[1].close" → "Monday's closing time". */
export function hoursLabels(): Record<string, string> {
  const labels: Record<string, string> = {};
  WEEKDAY_NAMES.forEach((name, index) => {
    labels[`openingHours[${index}].open`] = `${name}'s opening time`;
    labels[`openingHours[${index}].close`] = `${name}'s closing time`;
  });
  return labels;
}
