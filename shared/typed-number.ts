/**
 * The one rule for commas in a number a person types (a price, a quantity received, counted or
 * adjusted, a manifest's quantity or price): a comma only separates thousands, three digits at a
 * time before any point ("1,250.00", "12,000"), and is then dropped. Any other comma ("1,5",
 * "12,50", "1,00,000") could be a decimal comma or a slip, so the number is refused saying why,
 * never read as one or the other. What the number itself may be (its sign, decimals and range) is
 * each field's own rule, applied to the text without its commas. The HTTP API's numbers are JSON
 * numbers: this reads what people type, never a request's numbers.
 */

/** Typed text without its thousands commas, or why its commas cannot be read. */
export type Ungrouped = { ok: true; text: string } | { ok: false; why: string };

const GROUPED = /^([+-]?)(\d{1,3}(?:,\d{3})+)(\.\d*)?$/;
/** Digits, commas and points only (a sign before): a number but for where its commas are. */
const NUMBER_WITH_COMMAS = /^([+-]?)([\d.,]*\d[\d.,]*)$/;
const ONE_COMMA = /^(\d+),(\d+)$/;

/**
 * `typed` trimmed, its commas dropped where they separate thousands ("1,250.50" → "1250.50"). A
 * comma anywhere else in a number is refused: `why` is the rest of a sentence after the value
 * typed ('"1,5" could mean 1.5 or 15: …'). Text that is no number with commas in it comes back
 * as it was, for the field's own rule to refuse.
 */
export function ungroup(typed: string): Ungrouped {
  const text = typed.trim();
  if (!text.includes(',')) return { ok: true, text };
  const grouped = GROUPED.exec(text);
  if (grouped) return { ok: true, text: `${grouped[1]}${grouped[2]!.replace(/,/g, '')}${grouped[3] ?? ''}` };
  const number = NUMBER_WITH_COMMAS.exec(text);
  if (!number) return { ok: true, text };
  const [, sign = '', digits = ''] = number;
  const one = ONE_COMMA.exec(digits);
  if (one) {
    // "1,5", "12,50": a decimal comma, or a thousands comma short of a digit. Both readings are said.
    const [, whole, part] = one as unknown as [string, string, string];
    const readings = `${sign}${whole}.${part} or ${sign}${whole}${part}`;
    return {
      ok: false,
      why: `could mean ${readings}: a comma only separates thousands, three digits at a time (1,250); type ${readings}`,
    };
  }
  return {
    ok: false,
    why:
      'has a comma that does not separate thousands, three digits at a time (1,250): type it without commas, ' +
      'and a decimal with a point (1.5)',
  };
}

/** `typed` with its thousands commas dropped, or a sentence saying why not: 'Price "1,5" could mean …'. */
export function ungroupedOr(typed: string, label: string): { text: string } | { sentence: string } {
  const read = ungroup(typed);
  return read.ok ? { text: read.text } : { sentence: `${label} "${typed.trim()}" ${read.why}.` };
}
