import { formatMoney } from '../../shared/money';
import { ungroupedOr } from '../../shared/typed-number';

/**
 * The one rule for number fields (quantities, weights, money typed by staff): the text is checked,
 * and a refusal says why in a sentence and names the value in force, which stays. Fields never keep
 * text that was refused: they show the value in force again (components/NumberField.vue).
 */

/** What a number field accepts. */
export interface NumberRule {
  /** The field's name in a sentence: "quantity", "weight", "reward dollars". */
  name: string;
  /** Decimals allowed: 0 for counts, 3 for weights, 2 for money. */
  decimals: number;
  /** Smallest value accepted (inclusive); `minExclusive` makes it strict (weights above 0). */
  min: number;
  minExclusive?: boolean;
  /** Largest value accepted, and how to say it when it is passed ("Only 12 in stock."). */
  max?: number;
  maxReason?: string;
  /** A unit after the number in sentences: "g", "$" (before the number for money). */
  unit?: string;
  /**
   * What a refusal says is in force when no value is (an optional field left empty, or its value
   * refused elsewhere): "The total is without reward dollars." Without it, only why is said.
   */
  none?: string;
}

/** The answer: the number, or why the text is refused. */
export type NumberCheck = { ok: true; value: number } | { ok: false; reason: string };

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** 2 → "2", 3.5 with unit g → "3.5 g", 5 with unit $ → "$5.00"; thousands separated: "$1,000,000.00". */
export function showNumber(value: number, rule: Pick<NumberRule, 'decimals' | 'unit'>): string {
  if (rule.unit === '$') return formatMoney(Math.round(value * 100));
  const text = value.toLocaleString('en-US', { maximumFractionDigits: rule.decimals });
  return rule.unit ? `${text} ${rule.unit}` : text;
}

function example(rule: NumberRule): string {
  if (rule.unit === '$') return 'such as 5 or 5.25';
  if (rule.decimals === 0) return 'such as 2';
  return `such as 3.5`;
}

/**
 * Checks what was typed in a number field against its rule. A leading "$" is allowed for money, and
 * commas between thousands ("1,250.00"); any other comma is refused saying why (shared/typed-number.ts).
 */
export function checkNumber(text: string, rule: NumberRule): NumberCheck {
  const name = capital(rule.name);
  const read = ungroupedOr(rule.unit === '$' ? text.replace(/^\s*\$/, '') : text, name);
  if ('sentence' in read) return { ok: false, reason: read.sentence };
  const trimmed = read.text;
  if (trimmed === '') return { ok: false, reason: `Enter the ${rule.name}.` };
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(trimmed)) {
    return { ok: false, reason: `${name} must be a number, ${example(rule)}.` };
  }
  const value = Number(trimmed);
  const fraction = trimmed.split('.')[1] ?? '';
  const tooLow = rule.minExclusive ? value <= rule.min : value < rule.min;
  if (tooLow) {
    const bound = showNumber(rule.min, rule);
    return { ok: false, reason: `${name} must be ${rule.minExclusive ? 'more than' : 'at least'} ${bound}.` };
  }
  if (fraction.replace(/0+$/, '').length > rule.decimals) {
    const allowed = rule.decimals === 0 ? 'a whole number' : `a number with at most ${rule.decimals} decimals`;
    return { ok: false, reason: `${name} must be ${allowed}.` };
  }
  if (rule.max !== undefined && value > rule.max) {
    return { ok: false, reason: rule.maxReason ?? `${name} must be at most ${showNumber(rule.max, rule)}.` };
  }
  return { ok: true, value: Number(value.toFixed(rule.decimals)) };
}

/**
 * A refusal and what stays in force: "Quantity must be at least 1. It stays 2.", or the rule's words
 * for none. `kept` must be a value in force, never one refused elsewhere (the field's parent knows).
 */
export function refusal(reason: string, kept: number | null, rule: NumberRule): string {
  if (kept === null) return rule.none ? `${reason} ${rule.none}` : reason;
  return `${reason} It stays ${showNumber(kept, rule)}.`;
}

/** One key of an on-screen keypad. */
export type PadKey = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '.' | 'back' | 'clear';

/** The text after pressing `key` on a keypad: no second ".", no more decimals than the rule takes. */
export function pressKey(text: string, key: PadKey, decimals: number): string {
  if (key === 'clear') return '';
  if (key === 'back') return text.slice(0, -1);
  if (key === '.') return decimals === 0 || text.includes('.') ? text : `${text || '0'}.`;
  const fraction = text.split('.')[1];
  if (fraction !== undefined && fraction.length >= decimals) return text;
  if (text === '0') return key;
  return text.length >= 9 ? text : text + key;
}
