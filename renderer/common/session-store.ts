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
import { createApi } from './http';
import { TERMINAL_SIGNED_IN_ELSEWHERE } from '../../shared/terminal-id';
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

    const api = sessionApi(terminal.serviceUrl, () => session.value, expire);

    /** The service no longer takes the session: signed out, saying why (`detail`: the service's words). */
    function expire(detail = ''): void {
      if (!session.value) return;
      session.value = null;
      rememberSession(STORAGE_KEY, null);
      expiredNotice.value =
        detail === TERMINAL_SIGNED_IN_ELSEWHERE
          ? 'Someone signed in at this register in another window, so this one was signed out. Sign in again to work here.'
          : 'Your session has expired. Sign in again to continue.';
    }

    async function login(username: string, password: string): Promise<void> {
      const signedIn = await signIn(terminal.serviceUrl, APPLICATION, { username, password }, terminal.terminalId);
      session.value = signedIn;
      rememberSession(STORAGE_KEY, signedIn);
      locked.value = false;
      expiredNotice.value = '';
    }

    /**
     * Unlocks with the user's own password, or a manager's login (`manager`), through
     * `POST /auth-v2/unlock`: the session and the sale in progress stay as they are, and wrong
     * passwords never lock the user's account. Answers who unlocked.
     */
    async function unlock(password: string, manager?: string): Promise<string> {
      const current = session.value;
      if (!current) return '';
      // Not the session's API: a refused password (403) must not sign the user out; an expired token (401) does.
      const plain = createApi({ baseUrl: terminal.serviceUrl, token: () => current.token, onUnauthenticated: expire });
      const answer = await plain.post<{ unlockedBy: { displayName: string } }>('/auth-v2/unlock', {
        password,
        ...(manager ? { username: manager } : {}),
      });
      locked.value = false;
      return answer.unlockedBy.displayName;
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
