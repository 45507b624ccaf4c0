import { checkTags } from '../../../../shared/catalog/product-tags.js';
import { dollarsToCents, parseDecimal, type Cents } from '../../../../shared/money.js';
import { isValidGtin } from '../product-fields.js';

/**
 * Turns one raw value (CSV text, or a JSON value) into a typed value, or answers the rule it
 * breaks as a message. `undefined` in means the field is absent (CSV leaves empty cells out).
 */
export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = (message: string): Parsed<never> => ({ ok: false, message });

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DECIMAL_TEXT = /^\d+(?:\.(\d+))?$/;

/** A string of at most `max` characters, trimmed; JSON numbers are accepted as their text. */
export function parseText(raw: unknown, max: number): Parsed<string> {
  if (typeof raw === 'number' && Number.isFinite(raw)) raw = String(raw);
  if (typeof raw !== 'string') return fail('must be text');
  const value = raw.trim();
  if (value.length > max) return fail(`must be at most ${max} characters`);
  if (CONTROL.test(value)) return fail('must not contain control characters');
  return ok(value);
}

/** A non-negative number with at most `decimals` decimals, up to `max`. */
export function parseAmount(raw: unknown, decimals: number, max: number): Parsed<number> {
  let value: number;
  if (typeof raw === 'number') {
    value = raw;
    if (!Number.isFinite(value)) return fail('must be a number');
    if (Math.abs(Math.round(value * 10 ** decimals) - value * 10 ** decimals) > 1e-6) {
      return fail(decimals === 0 ? 'must be a whole number' : `must have at most ${decimals} decimals`);
    }
  } else if (typeof raw === 'string') {
    const text = raw.trim();
    if (text.startsWith('-')) return fail('must be at least 0');
    const match = DECIMAL_TEXT.exec(text);
    if (!match) return fail('must be a number such as 12 or 3.5');
    if ((match[1]?.length ?? 0) > decimals) {
      return fail(decimals === 0 ? 'must be a whole number' : `must have at most ${decimals} decimals`);
    }
    value = Number(text);
  } else {
    return fail('must be a number');
  }
  if (value < 0) return fail('must be at least 0');
  if (value > max) return fail(`must be at most ${max}`);
  return ok(value);
}

/** Dollars (12.50, "12.5") to cents: at least 0, at most two decimals. */
export function parsePrice(raw: unknown, maxCents: Cents): Parsed<Cents> {
  let cents: Cents | undefined;
  if (typeof raw === 'number') {
    if (raw < 0) return fail('must be at least 0');
    cents = dollarsToCents(raw);
  } else if (typeof raw === 'string') {
    const text = raw.trim().replace(/^\$/, '');
    if (text.startsWith('-')) return fail('must be at least 0');
    if (/^\d+\.\d{3,}$/.test(text)) return fail('must have at most 2 decimals');
    cents = parseDecimal(text);
  } else {
    return fail('must be an amount in dollars such as 12.50');
  }
  if (cents === undefined) return fail('must be an amount in dollars with at most 2 decimals, such as 12.50');
  if (cents < 0) return fail('must be at least 0');
  if (cents > maxCents) return fail(`must be at most ${maxCents / 100}`);
  return ok(cents);
}

/** true/false, yes/no, 1/0 (any case) or a JSON boolean. */
export function parseBoolean(raw: unknown): Parsed<boolean> {
  if (typeof raw === 'boolean') return ok(raw);
  const text = typeof raw === 'string' ? raw.trim().toLowerCase() : typeof raw === 'number' ? String(raw) : '';
  if (['true', 'yes', '1'].includes(text)) return ok(true);
  if (['false', 'no', '0'].includes(text)) return ok(false);
  return fail('must be true or false');
}

/** A UUID, lower-cased. */
export function parseUuid(raw: unknown): Parsed<string> {
  if (typeof raw !== 'string' || !UUID.test(raw.trim())) return fail('must be a UUID');
  return ok(raw.trim().toLowerCase());
}

/**
 * A product's tags: text separated by `|` or commas, or a JSON array of strings; by the products'
 * rules (shared/catalog/product-tags.ts: trimmed, each once in any case, at most 20 of 40 characters).
 */
export function parseTags(raw: unknown): Parsed<string[]> {
  const parts = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(/[|,]/) : undefined;
  if (!parts || parts.some((part) => typeof part !== 'string')) {
    return fail('must be tags separated by | or commas (or a JSON array of strings)');
  }
  const checked = checkTags(parts as string[]);
  if (checked.problem) return fail(checked.problem.message);
  return ok(checked.tags);
}

/**
 * `|`-separated text or a JSON array of strings; each code a GTIN-8, UPC-A, EAN-13 or GTIN-14 with
 * a valid check digit, as `POST /products` takes them (a code mistyped is refused, not stored).
 */
export function parseBarcodes(raw: unknown): Parsed<string[]> {
  const parts = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split('|') : undefined;
  if (!parts || parts.some((part) => typeof part !== 'string' && typeof part !== 'number')) {
    return fail('must be codes separated by | (or a JSON array of strings)');
  }
  const codes = [...new Set(parts.map((part) => String(part).trim()).filter(Boolean))];
  if (codes.length > 20) return fail('must be at most 20 codes');
  const bad = codes.find((code) => !/^[\x21-\x2b\x2d-\x7e]{1,64}$/.test(code));
  if (bad !== undefined) return fail(`has "${bad}": a code is 1 to 64 printable characters without commas or spaces`);
  const wrong = codes.find((code) => !isValidGtin(code));
  if (wrong !== undefined)
    return fail(`has "${wrong}", not a GTIN-8, UPC-A, EAN-13 or GTIN-14 with a valid check digit`);
  return ok(codes);
}
