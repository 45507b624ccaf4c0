import { MAX_LABEL_COPIES } from '../../../shared/contracts/product-labels';
import { typedWhole } from './typed-whole';

const RANGE = `Copies: a whole number from 1 to ${MAX_LABEL_COPIES}.`;

/**
 * How many labels as typed: a whole number from 1 to 50 (the service's rule, said first), or why
 * not in words. Commas follow the one rule for typed numbers (shared/typed-number.ts): "1,5" is
 * refused saying both readings; a fraction is refused saying why.
 */
export function checkCopies(text: string): { ok: true; copies: number } | { ok: false; sentence: string } {
  const read = typedWhole(text, 'Copies');
  if (read.kind === 'comma') return { ok: false, sentence: read.sentence };
  if (read.kind === 'fraction') {
    return {
      ok: false,
      sentence: `Copies: a whole number from 1 to ${MAX_LABEL_COPIES}, not ${read.text}: a label prints whole or not at all.`,
    };
  }
  if (read.kind === 'other' || read.value < 1 || read.value > MAX_LABEL_COPIES) return { ok: false, sentence: RANGE };
  return { ok: true, copies: read.value };
}
