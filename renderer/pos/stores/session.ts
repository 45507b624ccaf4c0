import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import { createApi } from '../../common/http';
import {
  rememberedSession,
  rememberSession,
  sessionApi,
  signIn,
  signOut,
  type StaffSession,
} from '../../common/staff-session';
import { terminalContext } from '../../common/terminal';

const STORAGE_KEY = 'servicepay-pos-session';
const APPLICATION = 'servicepay-pos';
export const terminal = terminalContext();

/** The cashier's login: signed in, locked (the sale is kept, the screen hidden), or signed out. */
export const useSessionStore = defineStore('session', () => {
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
  async function loginHints(): Promise<{ username: string; password: string; role: string }[]> {
    const anonymous = createApi({ baseUrl: terminal.serviceUrl, token: () => undefined });
    const hints = await anonymous.get<{ logins: { username: string; password: string; role: string }[] }>(
      '/auth-v2/login-hints',
    );
    return hints.logins;
  }

  return {
    session,
    user,
    locked,
    expiredNotice,
    api,
    login,
    unlock,
    logout,
    loginHints,
    expire,
    lock: () => (locked.value = true),
  };
});
