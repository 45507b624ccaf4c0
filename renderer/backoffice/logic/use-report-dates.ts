import { ref, type Ref } from 'vue';
import { zonedDate } from '../../../shared/zoned-day';
import { ApiError } from '../../common/http';
import { refusalOf } from '../../common/refusal';
import { presetRange, rangeProblems, type DayRange, type RangePreset } from './report-range';
import { dayProblem, dayRefusal, presetDay, type DayPreset } from './stock-day';

/** What is wrong with the dates chosen, in words by field (a day's is its `to`). */
export type DateProblems = Partial<Record<keyof DayRange, string>>;

/**
 * The Reports screen's dates: the range the reports over days read (a range preset or two dates),
 * and apart from it the day of the stock at a day's end (a day preset or one date), so that looking
 * at the stock does not lose the range, nor the range the stock's day. Presets count days on the
 * calendar of `timeZone` (the chosen store's).
 */
export function useReportDates(timeZone: Ref<string>, stockDay: Ref<boolean>) {
  const preset = ref<RangePreset>('this-month');
  const range = ref<DayRange>({ from: '', to: '' });
  const dayPreset = ref<DayPreset>('today');
  const day = ref('');

  /** The presets' range and day counted again at `now` (another store, the screen opened); typed ones stay. */
  function countPresets(now: Date): void {
    if (preset.value !== 'custom') range.value = presetRange(preset.value, now, timeZone.value);
    if (dayPreset.value !== 'custom') day.value = presetDay(dayPreset.value, now, timeZone.value);
  }

  function setPreset(next: RangePreset, now: Date): void {
    preset.value = next;
    if (next !== 'custom') range.value = presetRange(next, now, timeZone.value);
  }

  function setDayPreset(next: DayPreset, now: Date): void {
    dayPreset.value = next;
    if (next !== 'custom') day.value = presetDay(next, now, timeZone.value);
  }

  /** A date typed: the range (or the stock's day) is custom from now on. */
  function type(field: keyof DayRange, value: string): void {
    if (stockDay.value) {
      day.value = value;
      dayPreset.value = 'custom';
    } else {
      range.value = { ...range.value, [field]: value };
      preset.value = 'custom';
    }
  }

  /** The days the report asks for: the range, or the stock's day as a range of one day. */
  const asked = (): DayRange => (stockDay.value ? { from: day.value, to: day.value } : { ...range.value });

  /** What is wrong with them at `now`: a range's own rules, or a day that has not ended in the store's zone. */
  function problems(now: Date = new Date()): DateProblems {
    if (!stockDay.value) return rangeProblems(range.value);
    const problem = dayProblem(day.value, zonedDate(now, timeZone.value));
    return problem ? { to: problem } : {};
  }

  /**
   * The service's refusal of a read: of a date, its words beside that date (a day's in the screen's
   * own words, from the day it may be); else `problems` is null and the sentence is said on its own.
   * `chain`: every store was asked for.
   */
  function refusal(failure: unknown, chain: boolean): { problems: DateProblems | null; sentence: string } {
    const labels = { from: 'From', to: stockDay.value ? 'Date' : 'To' };
    const { field, sentence } = refusalOf(failure, labels, 'The report could not be read. Try again.');
    if (field !== 'from' && field !== 'to') return { problems: null, sentence };
    const details = failure instanceof ApiError ? failure.details : undefined;
    const words = stockDay.value && field === 'to' ? dayRefusal(day.value, details, chain) : '';
    return { problems: { [field]: words || sentence }, sentence };
  }

  function reset(): void {
    preset.value = 'this-month';
    range.value = { from: '', to: '' };
    dayPreset.value = 'today';
    day.value = '';
  }

  return {
    preset,
    range,
    dayPreset,
    day,
    countPresets,
    setPreset,
    setDayPreset,
    type,
    asked,
    problems,
    refusal,
    reset,
  };
}
