import type { RegisterView } from './contracts/registers.js';
import type { Tone } from './labels.js';
import { storeDateTime } from './store-time.js';

/** Where a register attached to a store server stands, for the back office and the CLI. */
export interface RegisterStatus {
  /** "Attached" or "Revoked". */
  label: string;
  tone: Tone;
  /** "Last seen Today, 3:37 PM MST", "Never seen since it was attached" or "Since Today, 3:37 PM MST". */
  detail: string;
}

type Seen = Pick<RegisterView, 'lastSeenAt' | 'revokedAt'>;

/** A register's status in words, its times in the store's zone (`timeZone`). */
export function registerStatus(register: Seen, timeZone: string, now: Date = new Date()): RegisterStatus {
  if (register.revokedAt !== null) {
    return { label: 'Revoked', tone: 'stopped', detail: `Since ${storeDateTime(register.revokedAt, timeZone, now)}` };
  }
  if (register.lastSeenAt === null) {
    return { label: 'Attached', tone: 'waiting', detail: 'Never seen since it was attached' };
  }
  return { label: 'Attached', tone: 'good', detail: `Last seen ${storeDateTime(register.lastSeenAt, timeZone, now)}` };
}

/** One phrase: "attached, last seen Today, 3:37 PM MST", "attached, never seen" or "revoked Today, 3:37 PM MST". */
export function registerStatusWords(register: Seen, timeZone: string, now: Date = new Date()): string {
  if (register.revokedAt !== null) return `revoked ${storeDateTime(register.revokedAt, timeZone, now)}`;
  if (register.lastSeenAt === null) return 'attached, never seen';
  return `attached, last seen ${storeDateTime(register.lastSeenAt, timeZone, now)}`;
}
