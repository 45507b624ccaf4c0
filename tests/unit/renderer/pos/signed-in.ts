import { createPinia, setActivePinia } from 'pinia';
import { useSessionStore } from '../../../../renderer/pos/stores/session.js';

/** A fresh Pinia with Casey the cashier signed in to the register. */
export function signedInCashier(): void {
  setActivePinia(createPinia());
  useSessionStore().session = {
    token: 't',
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    user: {
      id: 'u',
      username: 'cashier',
      displayName: 'Casey',
      role: 'cashier',
      permissions: [],
      organizationId: 'o',
      employeeReferenceId: 'E1',
    },
    client: { clientId: 'spc_t', clientSecret: 'sps_t' },
  };
}
