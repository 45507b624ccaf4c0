import type { Session } from 'electron';
import { enforceCsp } from './content-security-policy.js';
import { denyAllPermissions } from './permissions.js';

/** Secures the session every window shares, before the first window loads anything. */
export function secureSession(session: Session, origin: string): void {
  denyAllPermissions(session);
  enforceCsp(session, origin);
}
