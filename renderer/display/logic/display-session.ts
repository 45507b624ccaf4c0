import { ref } from 'vue';
import { createApi } from '../../common/http';
import {
  loginHints,
  rememberedSession,
  rememberSession,
  signIn,
  type LoginHint,
  type StaffSession,
} from '../../common/staff-session';
import { terminalContext } from '../../common/terminal';

const STORAGE_KEY = 'servicepay-display-session';
export const terminal = terminalContext();

/** The display's login (the `display` role): kept per window, dropped when the service refuses it. */
export const session = ref<StaffSession | null>(rememberedSession(STORAGE_KEY));

/**
 * Signs the display in at its register: a payment the customer makes on it is the register's (its
 * open drawer shift, its cash back refused while the drawer is closed), as one made at the counter.
 */
export async function login(username: string, password: string): Promise<void> {
  const credentials = { username, password };
  const signedIn = await signIn(terminal.serviceUrl, 'servicepay-pos', credentials, terminal.terminalId, {
    enroll: false,
  });
  session.value = signedIn;
  rememberSession(STORAGE_KEY, signedIn);
}

export function expire(): void {
  session.value = null;
  rememberSession(STORAGE_KEY, null);
}

/** The API as the display: its bearer token only. */
export const api = createApi({
  baseUrl: terminal.serviceUrl,
  token: () => session.value?.token,
  onUnauthenticated: expire,
});

/** The display login of the demo data, when the service runs on it. */
export async function displayHint(): Promise<LoginHint | undefined> {
  return (await loginHints(terminal.serviceUrl)).find((hint) => hint.role === 'display');
}
