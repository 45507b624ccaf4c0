import { randomBytesPooled } from '../db/random-pool.js';

/** Upper-case letters and digits without the look-alikes 0/O and 1/I: 32 symbols. */
export const ORDER_NUMBER_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const ORDER_NUMBER_LENGTH = 6;

/**
 * A random 6-character order number (about 10^9 possibilities). 256 is a multiple of 32, so taking
 * each random byte modulo 32 is unbiased. Uniqueness per dispensary is checked by the caller.
 */
export function newOrderNumber(): string {
  const bytes = randomBytesPooled(ORDER_NUMBER_LENGTH);
  let result = '';
  for (const byte of bytes) result += ORDER_NUMBER_ALPHABET[byte % ORDER_NUMBER_ALPHABET.length];
  return result;
}
