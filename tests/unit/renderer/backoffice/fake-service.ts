import { createPinia, setActivePinia } from 'pinia';
import { vi } from 'vitest';
import type { Permission } from '../../../../shared/permissions.js';
import { useSessionStore } from '../../../../renderer/backoffice/stores/session.js';
import { useStoreSettingsStore } from '../../../../renderer/backoffice/stores/setup/store-settings.js';
import { forgetStoreInfo } from '../../../../renderer/common/store-info.js';

/** One call the stores made to the fake service. */
export interface Call {
  method: string;
  url: URL;
  body: unknown;
  /** The request's headers, names in lower case. */
  headers: Record<string, string>;
}

/** An answer of the fake service: a JSON body, or a failure in the service's error model. */
export type Answer = { status?: number; body: unknown };

/**
 * The service as the back office's stores see it: `routes` maps "METHOD /path" (query left out) to
 * answers in order; any call no test expected fails the test.
 */
export function fakeService(routes: Record<string, Answer[]>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const body: unknown = init.body ? JSON.parse(String(init.body)) : undefined;
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const call = { method: init.method ?? 'GET', url: new URL(url), body, headers };
    calls.push(call);
    const answer = routes[`${call.method} ${call.url.pathname}`]?.shift();
    if (!answer) throw new Error(`unexpected call ${call.method} ${call.url.pathname}${call.url.search}`);
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
  });
  return calls;
}

/** The store as `GET /dispensary/demo` answers it, in `timezone`. */
export const storeIn = (timezone: string): Answer => ({
  body: {
    resultCode: 'SUCCESS',
    resultReason: null,
    dispensary: {
      name: 'Demo',
      timezone,
      address: { street: '1 Main', city: 'Sacramento', state: 'CA', zip: '95814' },
    },
  },
});

/** The store's settings saved with a new `timezone` (`PUT /setup/store`), as the back office's settings screen does. */
export async function saveTimeZone(timezone: string): Promise<void> {
  await useStoreSettingsStore().save({ timezone });
}

/** The answer to saving the store's settings with `timezone`. */
export const savedIn = (timezone: string): Answer => ({
  body: { resultCode: 'SUCCESS', resultReason: null, store: { name: 'Demo', timezone } },
});

/** A refusal in the service's error model. */
export const refused = (
  status: number,
  resultReason: string,
  resultDetail: string,
  details?: Record<string, unknown>,
): Answer => ({
  status,
  body: { resultCode: 'FAIL', resultReason, resultDetail, ...(details ? { details } : {}) },
});

/** A fresh Pinia with a manager signed in to the back office, holding `permissions`. */
export function signedIn(permissions: Permission[]): void {
  sessionStorage.clear();
  forgetStoreInfo();
  setActivePinia(createPinia());
  useSessionStore().session = {
    token: 't',
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    user: {
      id: 'u',
      username: 'manager',
      displayName: 'Morgan',
      role: 'manager',
      permissions,
      organizationId: 'org',
      employeeReferenceId: 'E1',
    },
    client: { clientId: 'spc_t', clientSecret: 'sps_t' },
  };
}
