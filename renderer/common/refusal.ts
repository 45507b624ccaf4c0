import { ApiError } from './http';

/** A refusal for people: the sentence, and which field of the form it is about (or ''). */
export interface Refusal {
  sentence: string;
  field: string;
}

/** What a screen says when the service gave no words (it could not be reached, or did not answer). */
export const NO_ANSWER = 'The service could not answer. Try again.';

/** "must be 1 to 100 characters" → "Must be 1 to 100 characters." */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/**
 * The service's refusal in the screen's words. Its sentences name the field first
 * ("rate.percent must be a percentage…"): when `labels` knows that field (`rates[].name` stands for
 * every index), the label takes its place ("Rate (%) must be a percentage…"). A failure without the
 * service's words says `fallback`.
 */
export function refusalOf(
  failure: unknown,
  labels: Readonly<Record<string, string>> = {},
  fallback = NO_ANSWER,
): Refusal {
  if (!(failure instanceof ApiError)) return { sentence: asSentence(fallback), field: '' };
  const match = /^(\S+) (.+)$/s.exec(failure.message);
  const field = match?.[1] ?? '';
  const label = labels[field] ?? labels[field.replace(/\[\d+\]/g, '[]')];
  if (match && label !== undefined) return { sentence: asSentence(`${label} ${match[2]}`), field };
  return { sentence: asSentence(failure.message), field: '' };
}

/** A refusal as a sentence: the service's words with a capital and a full stop, else `fallback`. */
export const refusalWords = (failure: unknown, fallback: string): string => refusalOf(failure, {}, fallback).sentence;

/**
 * The service's own words as it said them, else `fallback`: for the screens that show a refusal
 * as the service phrased it (sign-in, loading a list) rather than as a sentence of their own.
 */
export const serviceSaid = (failure: unknown, fallback: string): string =>
  failure instanceof ApiError ? failure.message : fallback;

/**
 * A refusal about a manager's approval (a wrong PIN, someone who cannot approve, the manager locked
 * after wrong ones): a screen says it beside the approval's fields.
 */
export const aboutApproval = (failure: unknown): boolean =>
  failure instanceof ApiError && (failure.code === 'APPROVAL_REQUIRED' || failure.code === 'RATE_LIMITED');
