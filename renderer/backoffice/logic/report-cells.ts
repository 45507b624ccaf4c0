import { formatDecimal, formatMoney } from '../../../shared/money';
import { textField } from './csv';
import { soldQuantityValue, soldQuantityWords, type SoldQuantity } from '../../../shared/reports/sold-quantity';
import { changeOf, quantityWords, type ChangeTone } from './report-words';

/**
 * The Reports screen's tables as data: the screen shows each cell's `text`, the CSV writes its
 * `csv` (money as dollars with two decimals), so the download always has the rows the table has.
 */

export interface Cell {
  text: string;
  csv: string | number;
  /** Right-aligned (money, counts, quantities, changes). */
  numeric: boolean;
  tone?: ChangeTone;
  /** Whether the change is good news (more sales), bad (more returns) or neither (more tax): its colour. */
  mood?: Mood;
  /** What a screen reader says instead of `text` ("up 12 % from $1,000.00"). */
  spoken?: string;
}

export interface TableRow {
  key: string;
  cells: Cell[];
  /** A part of the row above it (a deal's discount under the discounts). */
  part?: boolean;
}

export interface ReportTable {
  caption: string;
  columns: { label: string; numeric: boolean }[];
  rows: TableRow[];
  /** The total, and with a comparison the previous period's and the change. */
  footer: TableRow[];
}

export const money = (cents: number): Cell => ({ text: formatMoney(cents), csv: formatDecimal(cents), numeric: true });
export const count = (value: number): Cell => ({
  text: value.toLocaleString('en-US'),
  csv: value,
  numeric: true,
});
export const quantity = (milli: number): Cell => ({ text: quantityWords(milli), csv: milli / 1000, numeric: true });
/** What was sold: units and grams apart (shared/reports/sold-quantity.ts). */
export const sold = (figures: SoldQuantity): Cell => {
  const value = soldQuantityValue(figures);
  return { text: soldQuantityWords(figures), csv: typeof value === 'number' ? value : textField(value), numeric: true };
};
export const text = (value: string): Cell => ({ text: value, csv: textField(value), numeric: false });
export const blank = (): Cell => ({ text: '', csv: '', numeric: true });
/** "—" where a figure cannot be given (a margin without any known cost). */
export const none = (): Cell => ({ text: '—', csv: '', numeric: true });

/** Whether a figure going up is good (sales), bad (discounts, returns) or neither (tax, tenders). */
export type Sense = 'higher-is-better' | 'lower-is-better' | 'neutral';
export type Mood = 'good' | 'bad' | 'plain';

/** The colour of a move: green for good news, red for bad, plain for neither (the words say which way). */
export function moodOf(tone: ChangeTone, sense: Sense): Mood {
  if (sense === 'neutral' || (tone !== 'up' && tone !== 'down')) return 'plain';
  return (tone === 'up') === (sense === 'higher-is-better') ? 'good' : 'bad';
}

/** A figure's change against the previous period, in words, a direction and a colour. */
export function change(current: number, previous: number, previousText = '', sense: Sense = 'higher-is-better'): Cell {
  const moved = changeOf(current, previous, previousText);
  const mood = moodOf(moved.tone, sense);
  return { text: moved.words, csv: moved.words, numeric: true, tone: moved.tone, mood, spoken: moved.spoken };
}

/** A whole percentage of `part` in `whole` ("38 %"), or "—" when the whole is 0. */
export function share(part: number, whole: number): Cell {
  if (whole === 0) return none();
  const percent = Math.round((part / whole) * 1000) / 10;
  return { text: `${percent} %`, csv: percent, numeric: true };
}

/** A figure of a report: its name, and how a value of it is shown. */
export interface Figure<F> {
  label: string;
  sense: Sense;
  value: (figures: F) => number;
  cell: (value: number) => Cell;
}

export const moneyFigure = <F>(
  label: string,
  value: (figures: F) => number,
  sense: Sense = 'higher-is-better',
): Figure<F> => ({
  label,
  sense,
  value,
  cell: money,
});
export const countFigure = <F>(
  label: string,
  value: (figures: F) => number,
  sense: Sense = 'higher-is-better',
): Figure<F> => ({
  label,
  sense,
  value,
  cell: count,
});
