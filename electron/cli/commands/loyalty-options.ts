import type { LoyaltyTier } from '../../../shared/contracts/loyalty.js';
import { PRODUCT_TYPES, productTypeFrom } from '../../../shared/catalog/product-types.js';
import { listed } from '../../../shared/list-words.js';
import { invalidInput } from '../../../shared/errors.js';
import { categoryLabel } from '../../../shared/labels.js';

// `servicepay loyalty set`'s options read as people write them, each refusal naming the part typed wrong.

/** `--tier "Gold:1000:50"`: a tier's name, the points earned to reach it and its bonus percent. */
export function tierOf(text: string): LoyaltyTier {
  const [name = '', minPoints = '', bonus = '0'] = text.split(':');
  if (name.trim() === '' || minPoints === '') {
    throw invalidInput('loyalty.tiers', `"${text}" is not a tier: write NAME:POINTS[:BONUS%], such as Gold:1000:50`);
  }
  // "--tier Silver:abc:10: the points (the second part) must be …": the part named, as typed.
  const part = (value: string, what: string) => {
    const number = Number(value.trim());
    if (value.trim() !== '' && Number.isInteger(number)) return number;
    throw invalidInput('loyalty.tiers', `${text}: ${what} must be a whole number, not "${value}"`);
  };
  return {
    name: name.trim(),
    minPoints: part(minPoints, 'the points (the second part)'),
    bonusPercent: part(bonus, 'the bonus percent (the third part)'),
  };
}

/** `--exclude "accessories, pre-rolls"`: categories as people write them; one not known refused, naming them all. */
export function categoriesOf(text: string): string[] {
  const typed = text
    .split(',')
    .map((type) => type.trim())
    .filter(Boolean);
  const unknown = typed.find((type) => productTypeFrom(type) === undefined);
  if (unknown !== undefined) {
    const known = listed(PRODUCT_TYPES.map(categoryLabel), 'or');
    throw invalidInput('loyalty.excludedTypes', `"${unknown}" is not a category: write ${known}`);
  }
  return typed;
}
