import { MAX_LABEL_COPIES } from '../../../shared/contracts/product-labels';

/** How many labels as typed: a whole number from 1 to 50, or why not in words (the service's rule, said first). */
export function checkCopies(text: string): { ok: true; copies: number } | { ok: false; sentence: string } {
  const typed = text.trim();
  const copies = Number(typed);
  if (!/^\d+$/.test(typed) || copies < 1 || copies > MAX_LABEL_COPIES) {
    return { ok: false, sentence: `Copies: a whole number from 1 to ${MAX_LABEL_COPIES}.` };
  }
  return { ok: true, copies };
}
