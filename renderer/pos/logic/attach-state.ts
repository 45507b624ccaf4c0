import type { AttachState } from '../../../shared/contracts/registers';
import { createApi, type Api } from '../../common/http';
import { terminalContext } from '../../common/terminal';

/** The register's own service, asked before anyone signs in. */
export function attachApi(): Api {
  return createApi({ baseUrl: terminalContext().serviceUrl, token: () => undefined });
}

/** Whether this register is new (its POS offers to attach it) or attached, and to which store. */
export async function readAttachState(api: Api = attachApi()): Promise<AttachState | null> {
  try {
    return await api.get<AttachState>('/v2.0/register/attach');
  } catch {
    return null; // An older service, or none yet: the sign-in screen says what is wrong.
  }
}

/**
 * The page's address for the store it is attached to, when it sells for another (`current`, its
 * `?dispensary=` or the default): the POS sells for the attached store. Null when it is right.
 */
export function addressForStore(href: string, current: string, dispensaryShortName: string): string | null {
  if (current === dispensaryShortName) return null;
  const url = new URL(href);
  url.searchParams.set('dispensary', dispensaryShortName);
  url.searchParams.delete('server');
  return url.href;
}
