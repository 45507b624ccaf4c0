import { ungroupedOr } from '../../../shared/typed-number';

/**
 * A whole number typed in a form (minutes, hours, copies), read by the one rule for typed numbers
 * (shared/typed-number.ts): thousands commas read ("1,000"), any other comma refused in its words.
 * A number with a fraction is told apart from text that is no number, so that the field can say
 * why it takes whole numbers only.
 */
export type TypedWhole =
  /** A whole number, 0 or more ("90.0" is 90). */
  | { kind: 'whole'; value: number }
  /** Commas that do not separate thousands: the sentence says both readings. */
  | { kind: 'comma'; sentence: string }
  /** A number with a fraction ("1.5"), as typed without its commas. */
  | { kind: 'fraction'; text: string }
  /** Nothing, a sign, or no number: the field says what it takes. */
  | { kind: 'other' };

/** `typed` read as a whole number; `label` names the field in a refusal of its commas ("Preparation time"). */
export function typedWhole(typed: string, label: string): TypedWhole {
  const read = ungroupedOr(typed, label);
  if ('sentence' in read) return { kind: 'comma', sentence: read.sentence };
  const text = read.text;
  if (/^\d+(\.0*)?$/.test(text)) return { kind: 'whole', value: Number(text) };
  if (/^(\d+\.\d*|\.\d+)$/.test(text)) return { kind: 'fraction', text };
  return { kind: 'other' };
}
