import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import {
  loginHints,
  rememberedSession,
  rememberSession,
  sessionApi,
  signIn,
  signOut,
  type StaffSession,
} from './staff-session';
import type { TerminalContext } from './terminal';

const APPLICATION = 'servicepay-pos';

/**
 * A staff window's login, as a Pinia store: signed in (with this terminal's API client
 * credentials), locked (the work is kept, the screen hidden), or signed out. Kept per window in
 * sessionStorage under `storageKey`, so a reload does not sign the user out.
 */
export const defineSessionStore = (storageKey: string, terminal: TerminalContext) =>
  defineStore('session', () => {
    const STORAGE_KEY = storageKey;
    const session = ref<StaffSession | null>(rememberedSession(STORAGE_KEY));
    const locked = ref(false);
    const expiredNotice = ref('');
    const user = computed(() => session.value?.user ?? null);

    const api = sessionApi(
      terminal.serviceUrl,
      () => session.value,
      () => expire(),
    );

    function expire(): void {
      if (!session.value) return;
      session.value = null;
      rememberSession(STORAGE_KEY, null);
      expiredNotice.value = 'Your session has expired. Sign in again to continue.';
    }

    async function login(username: string, password: string): Promise<void> {
      const signedIn = await signIn(terminal.serviceUrl, APPLICATION, { username, password }, terminal.terminalId);
      session.value = signedIn;
      rememberSession(STORAGE_KEY, signedIn);
      locked.value = false;
      expiredNotice.value = '';
    }

    /** Unlocking is a fresh login of the same user: the password is checked by the service. */
    async function unlock(password: string): Promise<void> {
      const username = session.value?.user.username;
      if (!username) return;
      const previous = session.value;
      await login(username, password);
      if (previous) await signOut(terminal.serviceUrl, previous);
    }

    async function logout(): Promise<void> {
      const current = session.value;
      session.value = null;
      locked.value = false;
      rememberSession(STORAGE_KEY, null);
      if (current) await signOut(terminal.serviceUrl, current);
    }

    /** The demo logins when the service runs on demo data (shown on the login screen). */

    return {
      session,
      user,
      locked,
      expiredNotice,
      api,
      login,
      unlock,
      logout,
      loginHints: () => loginHints(terminal.serviceUrl),
      expire,
      lock: () => (locked.value = true),
    };
  });
