import { invalidInput } from '../../../../shared/errors.js';
import type { ProcessorKind } from '../../../../shared/contracts/setup.js';

/** Settings of a paynet processor (the processor row's `settings`). */
export interface PaynetSettings {
  /** Base URL of the gateway; null means the sandbox this service hosts. */
  gatewayUrl: string | null;
  merchantId: string;
  apiKey: string;
  /** How long to wait for an answer before treating it as lost (then the status lookup decides). */
  timeoutMs: number;
}

export const DEFAULT_PAYNET_TIMEOUT_MS = 3000;

export { PROCESSOR_KINDS, type ProcessorKind } from '../../../../shared/contracts/setup.js';

/** A processor's settings: none for the sandbox, the gateway's for paynet. */
export type ProcessorSettings = Record<string, never> | PaynetSettings;

function text(settings: Record<string, unknown>, field: string, fallback?: string): string {
  const value = settings[field] ?? fallback;
  if (typeof value !== 'string' || value.trim().length === 0 || value.length > 200) {
    throw invalidInput(`settings.${field}`, 'is required: 1 to 200 characters');
  }
  return value.trim();
}

/** Checks and completes the settings of a processor of `kind`. */
export function checkProcessorSettings(kind: ProcessorKind, settings: Record<string, unknown>): ProcessorSettings {
  if (kind === 'sandbox') return {};
  const gatewayUrl = settings.gatewayUrl ?? null;
  if (gatewayUrl !== null) {
    let url: URL | undefined;
    try {
      url = new URL(String(gatewayUrl));
    } catch {
      url = undefined;
    }
    if (!url || !['http:', 'https:'].includes(url.protocol)) {
      throw invalidInput('settings.gatewayUrl', 'must be an http or https URL (or omitted for the hosted sandbox)');
    }
  }
  const timeoutMs = settings.timeoutMs ?? DEFAULT_PAYNET_TIMEOUT_MS;
  if (typeof timeoutMs !== 'number' || !Number.isInteger(timeoutMs) || timeoutMs < 50 || timeoutMs > 60_000) {
    throw invalidInput('settings.timeoutMs', 'must be a whole number of milliseconds from 50 to 60000');
  }
  return {
    gatewayUrl: gatewayUrl === null ? null : String(gatewayUrl).replace(/\/+$/, ''),
    merchantId: text(settings, 'merchantId'),
    apiKey: text(settings, 'apiKey'),
    timeoutMs,
  };
}
