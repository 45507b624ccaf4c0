import type { Permission, Role } from '../../shared/permissions';
import type { TerminalClientResponse } from '../../shared/contracts/display';
import { ApiError, createApi, type Api } from './http';

/** The signed-in staff user, as `POST /auth-v2/login` answers it. */
export interface StaffUser {
  id: string;
  username: string;
  displayName: string;
  role: Role;
  permissions: Permission[];
  organizationId: string;
  /** The one store the user works at; null when every store of the organization is theirs. */
  dispensaryId?: string | null;
  employeeReferenceId: string | null;
}

/** A login with the API client credentials of this terminal (the ticket API needs both). */
export interface StaffSession {
  token: string;
  expiresAt: string;
  user: StaffUser;
  client: { clientId: string; clientSecret: string } | null;
}

interface LoginAnswer {
  token: string;
  expiresAt: string;
  user: StaffUser;
}

function base64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Logs in (spec 4.2: base64 JSON as text/plain, `x-application`) and, when `terminalId` is given,
 * names that register and (unless `enroll` is false: a pole display, which calls no ticket API)
 * enrolls this terminal for API client credentials so the window can call the ticket API.
 */
export async function signIn(
  serviceUrl: string,
  application: string,
  credentials: { username: string; password: string },
  terminalId?: string,
  { enroll = true }: { enroll?: boolean } = {},
): Promise<StaffSession> {
  let response: Response;
  try {
    // The register's id goes with the login: the session keeps it, and a refused sign-in names it.
    const at: Record<string, string> = terminalId === undefined ? {} : { 'x-terminal-id': terminalId };
    response = await fetch(`${serviceUrl}/auth-v2/login`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'x-application': application, ...at },
      body: base64Utf8(JSON.stringify(credentials)),
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'The service cannot be reached. Check that it is running.');
  }
  const answer = (await response.json()) as LoginAnswer & { resultReason: string; resultDetail: string };
  if (!response.ok) {
    const retryAfter = Number(response.headers.get('retry-after') ?? '') || undefined;
    throw new ApiError(response.status, answer.resultReason as ApiError['code'], answer.resultDetail, retryAfter);
  }
  const session: StaffSession = { token: answer.token, expiresAt: answer.expiresAt, user: answer.user, client: null };
  if (terminalId === undefined || !enroll) return session;
  const api = createApi({ baseUrl: serviceUrl, token: () => session.token });
  const enrolled = await api.post<TerminalClientResponse>('/auth-v2/terminal-client', { terminalId });
  return { ...session, client: { clientId: enrolled.clientId, clientSecret: enrolled.clientSecret } };
}

/** A demo login the login screens offer (`GET /auth-v2/login-hints`). */
export interface LoginHint {
  username: string;
  password: string;
  role: string;
}

/** The demo logins while the service runs on demo data; none otherwise, or when it cannot say. */
export async function loginHints(serviceUrl: string): Promise<LoginHint[]> {
  const anonymous = createApi({ baseUrl: serviceUrl, token: () => undefined });
  const hints = await anonymous.get<{ logins: LoginHint[] }>('/auth-v2/login-hints').catch(() => ({ logins: [] }));
  return hints.logins;
}

/** Revokes the token; a token already expired or revoked is fine. */
export async function signOut(serviceUrl: string, session: StaffSession): Promise<void> {
  await fetch(`${serviceUrl}/auth-v2/logout`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token}` },
  }).catch(() => undefined);
}

/** The API as this session: bearer token plus the terminal's client credentials. */
export function sessionApi(
  serviceUrl: string,
  session: () => StaffSession | null,
  onUnauthenticated: (detail: string) => void,
): Api {
  return createApi({
    baseUrl: serviceUrl,
    token: () => session()?.token,
    onUnauthenticated,
    headers: (): Record<string, string> => {
      const client = session()?.client;
      return client ? { client_id: client.clientId, client_secret: client.clientSecret } : {};
    },
  });
}

/**
 * Keeps a session for this tab only (sessionStorage), so a reload of the window does not sign the
 * user out; closing the window does. Expired sessions are dropped.
 */
export function rememberedSession(key: string, now = Date.now()): StaffSession | null {
  try {
    const saved = sessionStorage.getItem(key);
    if (!saved) return null;
    const session = JSON.parse(saved) as StaffSession;
    return Date.parse(session.expiresAt) > now ? session : null;
  } catch {
    return null;
  }
}

export function rememberSession(key: string, session: StaffSession | null): void {
  if (session) sessionStorage.setItem(key, JSON.stringify(session));
  else sessionStorage.removeItem(key);
}
