import { InvalidArgumentError } from 'commander';

/** An option's value as a whole number (`--limit 20`, `--prep-minutes 15`). */
export function wholeNumber(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('must be a whole number');
  return Number(value);
}

/** An option's value as a decimal number (`--lat 39.75`). */
export function decimal(value: string): number {
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number)) throw new InvalidArgumentError('must be a number');
  return number;
}

/** An option's value as yes or no (`--blind-close yes`). */
export function yesNo(value: string): boolean {
  const word = value.trim().toLowerCase();
  if (word !== 'yes' && word !== 'no') throw new InvalidArgumentError('must be yes or no');
  return word === 'yes';
}
