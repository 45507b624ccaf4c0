import { invalidInput } from '../../../../shared/errors.js';

/** What the service keeps of a keyed card: never more than its brand and last four digits. */
export interface CardSummary {
  brand: string;
  last4: string;
}

/** A keyed card as the pay request carries it. */
export interface KeyedCard {
  number: string;
  expiry: string;
  cvc: string;
}

/** True when `digits` passes the Luhn (mod 10) check of card numbers. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The card brand by its number's prefix (IIN ranges), with the lengths that brand issues. */
export function cardBrand(digits: string): { brand: string; lengths: readonly number[]; cvcLength: number } {
  const prefix2 = Number(digits.slice(0, 2));
  const prefix4 = Number(digits.slice(0, 4));
  if (digits.startsWith('4')) return { brand: 'Visa', lengths: [13, 16, 19], cvcLength: 3 };
  if ((prefix2 >= 51 && prefix2 <= 55) || (prefix4 >= 2221 && prefix4 <= 2720)) {
    return { brand: 'Mastercard', lengths: [16], cvcLength: 3 };
  }
  if (prefix2 === 34 || prefix2 === 37) return { brand: 'American Express', lengths: [15], cvcLength: 4 };
  if (digits.startsWith('6011') || digits.startsWith('65') || (prefix4 >= 6440 && prefix4 <= 6499)) {
    return { brand: 'Discover', lengths: [16, 17, 18, 19], cvcLength: 3 };
  }
  return { brand: 'Card', lengths: [12, 13, 14, 15, 16, 17, 18, 19], cvcLength: 3 };
}

/**
 * Checks a keyed card (number by Luhn and brand length, expiry not past, CVC length for the brand)
 * and returns what may be stored. Errors name the field and the rule, never the number.
 */
export function checkKeyedCard(card: KeyedCard, now: Date, field = 'card'): CardSummary {
  const digits = card.number.replace(/ /g, '');
  const { brand, lengths, cvcLength } = cardBrand(digits);
  if (!lengths.includes(digits.length)) {
    throw invalidInput(`${field}.number`, `must have ${lengths.join(', ')} digits for a ${brand} card`);
  }
  if (!luhnValid(digits))
    throw invalidInput(`${field}.number`, 'is not a valid card number (its check digit is wrong)');
  const [month, year] = card.expiry.split('/').map(Number) as [number, number];
  // A card is valid through the last day of its expiry month.
  const endOfExpiry = Date.UTC(2000 + year, month, 1);
  if (endOfExpiry <= now.getTime())
    throw invalidInput(`${field}.expiry`, 'must not be in the past (the card has expired)');
  if (card.cvc.length !== cvcLength) {
    throw invalidInput(`${field}.cvc`, `must be ${cvcLength} digits for a ${brand} card`);
  }
  return { brand, last4: digits.slice(-4) };
}
