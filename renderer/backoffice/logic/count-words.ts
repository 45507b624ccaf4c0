import { personWords } from '../../../shared/audit-words';
import { countEntryWords, countQuantityWords } from '../../../shared/inventory/count-entry-words';
import { roomInWords } from '../../../shared/inventory/count-scope';
import type { CountLine, CountView } from '../../../shared/contracts/inventory-counts';
import { categoryLabel } from '../../../shared/labels';
import { listed } from '../../../shared/list-words';
import { formatMoney } from '../../../shared/money';
import { ungroupedOr } from '../../../shared/typed-number';

/** A count's status for people. */
export const COUNT_STATUS_WORDS: Record<CountView['status'], string> = {
  OPEN: 'Counting',
  PAUSED: 'Paused',
  APPLIED: 'Applied',
  CANCELLED: 'Cancelled',
};

/** The badge tone of a status (staff.css). */
export const COUNT_STATUS_TONE: Record<CountView['status'], string> = {
  OPEN: 'good',
  PAUSED: 'waiting',
  APPLIED: 'info',
  CANCELLED: 'stopped',
};

/** Who started a count, by their display name; their username (or the operator's words) when they are no user. */
export const startedByWords = (count: Pick<CountView, 'startedBy' | 'startedByName'>): string =>
  personWords(count.startedByName, count.startedBy);

/** Who applied or cancelled a count, by their display name (their username when no user); '' while open. */
export const closedByWords = (count: Pick<CountView, 'closedBy' | 'closedByName'>): string =>
  count.closedBy === null ? (count.closedByName ?? '') : personWords(count.closedByName, count.closedBy);

/** "38", "1,200", "453.125 g": a quantity of a line, grams named when weighed; '' for none. */
export function quantityWords(value: number | null, line: Pick<CountLine, 'deli' | 'unitType'>): string {
  return value === null ? '' : countQuantityWords(value, line);
}

/** "−2", "+1", "0": a difference with a true minus sign. */
export function differenceWords(line: CountLine): string {
  if (line.difference === null) return '';
  const amount = countQuantityWords(Math.abs(line.difference), line);
  if (line.difference === 0) return amount;
  return `${line.difference < 0 ? '−' : '+'}${amount}`;
}

/** "−$70.00", "+$32.00": a value at retail, signed. */
export function valueWords(cents: number | null): string {
  if (cents === null || cents === 0) return cents === 0 ? '$0.00' : '';
  return `${cents < 0 ? '−' : '+'}${formatMoney(Math.abs(cents))}`;
}

/** "ACC-005 is the code of 2 packages without a state tag. Which one did you count 3 of?" */
export const choicesLead = (code: string, quantity: string, packages: number): string =>
  `${code} is the code of ${packages} packages without a state tag. Which one did you count ${quantity} of?`;

/**
 * What was counted as typed ("38", "1,200", "453.125") as a number, or why it is not one, in words.
 * A minus sign is read: the service says why a count is not below 0.
 */
export function typedCount(text: string): { value: number } | { sentence: string } {
  const read = ungroupedOr(text, 'Quantity there');
  if ('sentence' in read) return read;
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(read.text)) {
    return { sentence: 'Type what is there: a number such as 12 or 3.5.' };
  }
  return { value: Number(read.text) };
}

/** "Counted 38 of Blue Dream: 40 expected, 2 short." (the command line's words too). */
export const enteredWords = (line: CountLine): string => countEntryWords(line);

/**
 * "The whole store", "Flower and Pre-rolls", "The Vault", "Flower in the Vault": what a count
 * covers, in the catalog's words.
 */
export function coversWords(count: Pick<CountView, 'categories'> & { rooms?: CountView['rooms'] }): string {
  const rooms = count.rooms ?? [];
  const categories = count.categories.length === 0 ? '' : listed(count.categories.map(categoryLabel));
  if (rooms.length === 0) return categories || 'The whole store';
  const where = listed(rooms.map((room) => roomInWords(room.name)));
  return categories ? `${categories} in ${where}` : where.charAt(0).toUpperCase() + where.slice(1);
}
