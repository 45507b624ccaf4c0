import { parsePercent } from '../../../shared/money';

/**
 * Why a tax rate typed in percent is refused, in words, or undefined when it is a rate: "7.25", "15".
 * The reason names what is wrong with this text (four decimals at most, 0 to 100), as the command
 * line's `--rate` does, so "7.123456" is not told it is out of a range it is in.
 */
export function taxRateProblem(text: string): string | undefined {
  if (parsePercent(text) !== undefined) return undefined;
  const typed = text.trim();
  if (/^\d+\.\d{5,}$/.test(typed)) {
    return 'The rate has at most 4 decimals, such as 7.25 or 5.3125.';
  }
  return 'The rate is a percentage from 0 to 100, such as 7.25.';
}
