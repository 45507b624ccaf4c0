import type {
  EnrolledRegister,
  ForwardRequest,
  OwnOrdersAnswer,
  OwnOrdersRequestType,
} from '../../../shared/contracts/registers.js';
import type {
  HoldAnswer,
  HoldRequest,
  PurchasesAnswer,
  PurchasesQueryType,
} from '../../../shared/contracts/register-holds.js';
import { ServicePayError, type ErrorCode } from '../../../shared/errors.js';
import type { ReplicaTables } from './replica-snapshot.js';

/** How long the server has to answer one request of a register. */
export const SERVER_TIMEOUT_MS = 10_000;

/** The application name a register signs its manager in with (every store server knows it). */
const APPLICATION = 'servicepay-pos';

/** What the server answers a register's replica request. */
export interface ReplicaAnswer {
  register: { registerId: string; name: string; dispensaryId: string };
  readAt: string;
  /** The last change of the register's forward queue the server has applied, and which queue. */
  forwarded: { seq: number; queueId: string | null };
  tables: ReplicaTables;
}

/** Why a server does not answer, in words, by the error's code. */
const NO_ANSWER: Record<string, string> = {
  ECONNREFUSED: 'nothing takes connections at that address',
  ECONNRESET: 'the connection was cut',
  ENOTFOUND: 'its name is not known',
  EAI_AGAIN: 'its name could not be looked up',
  EHOSTUNREACH: 'the network does not reach it',
  ENETUNREACH: 'the network does not reach it',
  TimeoutError: 'no answer in time',
  UND_ERR_CONNECT_TIMEOUT: 'no answer in time',
  'bad port': 'its port is one kept for other protocols (choose another)',
};

/** Causes that asking again at once cannot change: nothing listens there, no such name, a port fetch refuses. */
const LASTING = new Set(['ECONNREFUSED', 'ENOTFOUND', 'bad port']);

/** The server's refusals a register answers as its own, with the field they concern. */
const PASSED_ON: Readonly<Record<string, { code: ErrorCode; field: string }>> = {
  PURCHASE_LIMIT: { code: 'PURCHASE_LIMIT', field: 'items' },
  ID_NOT_VERIFIED: { code: 'ID_NOT_VERIFIED', field: 'customerId' },
};

/**
 * A store server's base URL, checked: http(s), no credentials, query or fragment; no trailing slash.
 * Refused in words a register's attach screen and `servicepay attach --server` both show.
 */
export function serverBaseUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    // "127.0.0.1:4610" or "store.local:4610": the address without its http:// — said, with the fix.
    const meant = URL.canParse(`http://${text}`) && text.trim() !== '' ? ` (did you mean http://${text}?)` : '';
    throw new ServicePayError(
      'INVALID_INPUT',
      `the store server's address must be a URL such as http://10.0.0.5:4610 or https://store.example, not "${text}"${meant}`,
    );
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password || url.search || url.hash) {
    throw new ServicePayError(
      'INVALID_INPUT',
      `the store server's address must be an http or https URL without a name, password or query, not "${text}"`,
    );
  }
  return url.href.replace(/\/+$/, '');
}

/** The store server did not answer at all (no connection, no answer in time): nothing of it was refused. */
export class ServerSilent extends ServicePayError {
  constructor(
    message: string,
    /** Why, in words ("nothing takes connections at that address"). */
    readonly why: string,
    /** Whether asking again at once cannot change it (nothing listens there); else it may be a moment's miss. */
    readonly lasting = false,
  ) {
    super('UNAVAILABLE', message);
  }
}

/** Which refusals of the server a call answers as its own: their code here, and the field they concern. */
export type PassOn = (reason: string, detail?: string) => { code: ErrorCode; field?: string } | undefined;

/** The server's refusals of a move of one of its orders (pickup stages, a lend), answered in its words. */
const ORDER_MOVE_REFUSALS: Readonly<Partial<Record<string, { code: ErrorCode; field?: string }>>> = {
  ILLEGAL_TRANSITION: { code: 'ILLEGAL_TRANSITION', field: 'status' },
  CONFLICT: { code: 'CONFLICT' },
  NOT_FOUND: { code: 'NOT_FOUND' },
  FORBIDDEN: { code: 'FORBIDDEN' },
  INVALID_INPUT: { code: 'INVALID_INPUT' },
};
export const passOrderMoveRefusals: PassOn = (reason) => ORDER_MOVE_REFUSALS[reason];

/** Calls the store server; its refusals and a silent server become errors in words. */
export async function call<T>(
  base: string,
  path: string,
  init: RequestInit,
  timeoutMs = SERVER_TIMEOUT_MS,
  passOn: PassOn = (reason) => PASSED_ON[reason],
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const { cause: why } = error as { cause?: { code?: string; message?: string } };
    const cause = why?.message === 'bad port' ? 'bad port' : (why?.code ?? (error as Error).name);
    const words = NO_ANSWER[cause] ?? 'no connection';
    throw new ServerSilent(`the store server at ${base} does not answer: ${words}`, words, LASTING.has(cause));
  }
  const body = (await response.json().catch(() => null)) as { resultReason?: string; resultDetail?: string } | null;
  if (!response.ok) {
    // A sale the server refuses for the state's rules: refused at the register in the server's words.
    const passed = passOn(body?.resultReason ?? '', body?.resultDetail);
    if (passed && body?.resultDetail)
      throw new ServicePayError(passed.code, body.resultDetail, { field: passed.field });
    // The refusal's words (resultDetail), else its code.
    const reason = body?.resultDetail ?? body?.resultReason ?? `HTTP ${response.status}`;
    const code = response.status === 401 ? 'UNAUTHENTICATED' : response.status === 403 ? 'FORBIDDEN' : 'UNAVAILABLE';
    throw new ServicePayError(code, `the store server refused: ${reason}`);
  }
  return body as T;
}

/** Signs a manager in at the server: their bearer token and the one store they work at (null: every store). */
export async function signInAtServer(base: string, username: string, password: string) {
  const answer = await call<{ token: string; user: { dispensaryId: string | null; role: string } }>(
    base,
    '/auth-v2/login',
    {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'x-application': APPLICATION },
      body: Buffer.from(JSON.stringify({ username, password })).toString('base64'),
    },
  );
  return { token: answer.token, dispensaryId: answer.user.dispensaryId };
}

/** Enrolls register `name` at store `shortName` as the signed-in manager. */
export function enrollAtServer(
  base: string,
  token: string,
  shortName: string,
  name: string,
): Promise<EnrolledRegister> {
  return call(base, `/v2.0/dispensary/${encodeURIComponent(shortName)}/setup/registers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ name }),
  });
}

/** The store's replica, asked with the register's own credentials. */
export function fetchReplica(base: string, registerId: string, secret: string): Promise<ReplicaAnswer> {
  const basic = Buffer.from(`${registerId}:${secret}`).toString('base64');
  return call(base, '/v2.0/register/replica', { headers: { authorization: `Basic ${basic}` } });
}

/** What a server's ping answers: what moves when the register's replica should be read again. */
export interface PingAnswer {
  replicaVersion: number;
  /** When the store's customers last changed (an older server does not say: null). */
  customersChangedAt: string | null;
}

/** Asks the server whether it answers this register (its own credentials), within `timeoutMs`. */
export async function pingServer(
  base: string,
  registerId: string,
  secret: string,
  timeoutMs: number,
): Promise<PingAnswer> {
  const basic = Buffer.from(`${registerId}:${secret}`).toString('base64');
  const answer = await call<{ replicaVersion: number; customersChangedAt?: string | null }>(
    base,
    '/v2.0/register/ping',
    { headers: { authorization: `Basic ${basic}` } },
    timeoutMs,
  );
  return { replicaVersion: answer.replicaVersion, customersChangedAt: answer.customersChangedAt ?? null };
}

/** Sends a batch of the register's changes (its own credentials): the last change the server has applied. */
export async function forwardToServer(
  base: string,
  registerId: string,
  secret: string,
  request: ForwardRequest,
): Promise<number> {
  const answer = await postAsRegister<{ forwardedSeq: number }>(
    base,
    '/v2.0/register/forward',
    registerId,
    secret,
    request,
  );
  return answer.forwardedSeq;
}

/** What the server answers a register's stock request. */
export interface StockAnswer {
  forwarded: { seq: number; queueId: string | null };
  /** `short`: what the package's open orders hold beyond what is on hand (missing from a server before it). */
  packages: { id: string; onHand: number; reserved: number; short?: number }[];
}

/** The store's stock of every package, asked with the register's own credentials. */
export function fetchStock(base: string, registerId: string, secret: string): Promise<StockAnswer> {
  const basic = Buffer.from(`${registerId}:${secret}`).toString('base64');
  return call(base, '/v2.0/register/stock', { headers: { authorization: `Basic ${basic}` } });
}

/** A register's own credentials at its server, as HTTP Basic. */
export const basicOf = (registerId: string, secret: string) =>
  `Basic ${Buffer.from(`${registerId}:${secret}`).toString('base64')}`;

/** POSTs `body` as JSON to `path` of the server with the register's own credentials. */
export function postAsRegister<T>(
  base: string,
  path: string,
  registerId: string,
  secret: string,
  body: unknown,
  timeoutMs = SERVER_TIMEOUT_MS,
  passOn?: PassOn,
): Promise<T> {
  const init = {
    method: 'POST',
    headers: { authorization: basicOf(registerId, secret), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  };
  return call(base, path, init, timeoutMs, passOn);
}

/**
 * A hold's refusals a register answers as its own: the limits', the ID's, and reward dollars its
 * customer's points do not cover there (README "Loyalty"), in the server's words.
 */
const passHoldRefusals: PassOn = (reason, detail) =>
  PASSED_ON[reason] ??
  (reason === 'INVALID_INPUT' && detail?.startsWith('rewardDollars ')
    ? { code: 'INVALID_INPUT', field: 'rewardDollars' }
    : undefined);

/**
 * Holds a sale's units at the server (its own credentials), and its customer's allowance and points,
 * within `timeoutMs`; a sale over the customer's limits or points there is refused in the server's words.
 */
export function holdAtServer(
  base: string,
  registerId: string,
  secret: string,
  request: HoldRequest,
  timeoutMs: number,
): Promise<HoldAnswer> {
  return postAsRegister(base, '/v2.0/register/holds', registerId, secret, request, timeoutMs, passHoldRefusals);
}

/** Gives back a hold whose sale the register did not write. */
export async function releaseAtServer(base: string, registerId: string, secret: string, holdId: string): Promise<void> {
  await call(base, `/v2.0/register/holds/${encodeURIComponent(holdId)}`, {
    method: 'DELETE',
    headers: { authorization: basicOf(registerId, secret) },
  });
}

/** A customer's purchases in a limits' period at the server (its own credentials), within `timeoutMs`. */
export function purchasesFromServer(
  base: string,
  registerId: string,
  secret: string,
  query: PurchasesQueryType,
  timeoutMs: number,
): Promise<PurchasesAnswer> {
  const search = new URLSearchParams(query).toString();
  return call(
    base,
    `/v2.0/register/purchases?${search}`,
    { headers: { authorization: basicOf(registerId, secret) } },
    timeoutMs,
  );
}

/** Of the register's orders at their versions, those the server changed since, within `timeoutMs`. */
export function ownOrdersAtServer(
  base: string,
  registerId: string,
  secret: string,
  request: OwnOrdersRequestType,
  timeoutMs = SERVER_TIMEOUT_MS,
): Promise<OwnOrdersAnswer> {
  return postAsRegister(base, '/v2.0/register/orders', registerId, secret, request, timeoutMs);
}
