import type { NumberRule } from '../../common/number-field';
import { DEFAULT_TIMING, type WedgeTiming } from './barcode-wedge';

const KEY = 'servicepay-scanner-timing';

/** The limits of the scanner's timing settings (README: "Tuning the scanner"). */
export const GAP_RULE: NumberRule = { name: 'longest gap between keys', decimals: 0, min: 10, max: 250, unit: 'ms' };
export const LENGTH_RULE: NumberRule = { name: 'shortest code', decimals: 0, min: 3, max: 30 };

const within = (value: unknown, rule: NumberRule) =>
  typeof value === 'number' && Number.isInteger(value) && value >= rule.min && value <= (rule.max ?? Infinity);

/**
 * This register's scanner timing: `?scanGapMs=` in the address (a shortcut for a new setup), else
 * what was saved on this computer, else the defaults.
 */
export function loadScannerTiming(search = location.search): WedgeTiming {
  const fromQuery = Number(new URLSearchParams(search).get('scanGapMs') ?? NaN);
  let saved: Partial<WedgeTiming> = {};
  try {
    saved = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<WedgeTiming>;
  } catch {
    saved = {};
  }
  return {
    maxGapMs: within(fromQuery, GAP_RULE)
      ? fromQuery
      : within(saved.maxGapMs, GAP_RULE)
        ? saved.maxGapMs!
        : DEFAULT_TIMING.maxGapMs,
    minLength: within(saved.minLength, LENGTH_RULE) ? saved.minLength! : DEFAULT_TIMING.minLength,
  };
}

/** Saves the timing on this computer (each register tunes its own scanner). */
export function saveScannerTiming(timing: WedgeTiming): void {
  localStorage.setItem(KEY, JSON.stringify(timing));
}

/** A gap that would have read a missed scan: its slowest gap with a margin, rounded up to 10 ms. */
export function suggestedGap(slowestGapMs: number): number {
  return Math.min(GAP_RULE.max!, Math.ceil((slowestGapMs * 1.25) / 10) * 10);
}
