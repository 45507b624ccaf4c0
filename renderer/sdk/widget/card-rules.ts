/**
 * The keyed card form's inline checks, the same rules the service applies (Luhn, brand length,
 * expiry not past, CVC length), so most mistakes are caught as the customer types. The service
 * checks again; this is for people, not for security.
 */

/** True when `digits` passes the Luhn (mod 10) check. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** American Express has 15 digits and a 4-digit CVC; the other brands 3. */
const isAmex = (digits: string) => /^3[47]/.test(digits);

export function numberError(number: string): string | null {
  const digits = number.replace(/\s/g, '');
  if (!digits) return 'Enter the card number.';
  if (!/^\d{12,19}$/.test(digits)) return 'The card number has 12 to 19 digits.';
  if (!luhnValid(digits)) return 'This card number is not valid. Check the digits.';
  return null;
}

export function expiryError(expiry: string, now = new Date()): string | null {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!match) return 'Enter the expiry as MM/YY.';
  const month = Number(match[1]);
  if (month < 1 || month > 12) return 'The month must be 01 to 12.';
  // Valid through the last day of its month.
  if (Date.UTC(2000 + Number(match[2]), month, 1) <= now.getTime()) return 'This card has expired.';
  return null;
}

export function cvcError(cvc: string, number: string): string | null {
  const length = isAmex(number.replace(/\s/g, '')) ? 4 : 3;
  return new RegExp(`^\\d{${length}}$`).test(cvc.trim()) ? null : `Enter the ${length}-digit security code.`;
}

export function postalError(postal: string): string | null {
  const length = postal.trim().length;
  return length >= 3 && length <= 10 ? null : 'Enter the billing postal code.';
}

/** "4242424242424242" → "4242 4242 4242 4242" as the customer types. */
export function groupDigits(number: string): string {
  return number
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1228" → "12/28" as the customer types. */
export function formatExpiry(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}
