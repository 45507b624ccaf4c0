/**
 * A try that got no answer, or an answer that was not HTTP, as the delivery log keeps it: the words
 * people read and, for the integrator, what Node said in brackets ("host not found (ENOTFOUND)",
 * "the connection was closed before an answer came (ECONNRESET: socket hang up)"). People's
 * screens show the words only; every failure has words, whatever Node said.
 */

/** Why a connection got no answer, in words, by Node's code for it. */
const NETWORK_WORDS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'the connection was cut off before an answer came',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host could not be resolved',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'the connection timed out',
  EPIPE: 'the connection was closed while the request was being sent',
  CERT_HAS_EXPIRED: 'TLS certificate expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'TLS certificate is self-signed',
  ERR_TLS_CERT_ALTNAME_INVALID: 'TLS certificate is for another host',
};

/** The receiver took the connection and closed it without a word (Node: ECONNRESET, "socket hang up"). */
const HUNG_UP = 'the connection was closed before an answer came';
/** What came back was not HTTP at all (Node's parser: HPE_INVALID_CONSTANT, "Expected HTTP/"). */
const NOT_HTTP = 'the answer was not HTTP';
/** HTTP, but a header its rules refuse (a control character in a value, a bad name). */
const BAD_HEADER = 'the answer was not valid HTTP: a header had characters HTTP does not allow';
/** HTTP, but broken otherwise (its status line, a chunk's size, its length). */
const BAD_HTTP = 'the answer was not valid HTTP';
/** A secure connection that could not be made, for a reason without words of its own. */
const NO_TLS = 'a secure TLS connection could not be made';
/** Anything else: Node's words are the log's, never a person's. */
const FAILED = 'the connection failed';

const ALL_WORDS = new Set([...Object.values(NETWORK_WORDS), HUNG_UP, NOT_HTTP, BAD_HEADER, BAD_HTTP, NO_TLS, FAILED]);

/** The words of a failure with Node's `code` and `message` (either may be missing). */
function wordsOf(code: string, message: string): string {
  if (code === 'ECONNRESET' && message === 'socket hang up') return HUNG_UP;
  if (Object.hasOwn(NETWORK_WORDS, code)) return NETWORK_WORDS[code]!;
  if (code === 'HPE_INVALID_CONSTANT') return NOT_HTTP;
  if (/^HPE_.*HEADER/.test(code)) return BAD_HEADER;
  if (code.startsWith('HPE_')) return BAD_HTTP;
  if (/^(ERR_TLS_|ERR_SSL_)|CERT|SIGNATURE|^EPROTO$/.test(code)) return NO_TLS;
  return FAILED;
}

/**
 * The logged answer of a failure Node reported with `code` and `message`: its words, then in brackets
 * the code, and Node's message where the code alone does not say it ("host not found (ENOTFOUND)",
 * "the answer was not HTTP (HPE_INVALID_CONSTANT: Parse Error: Expected HTTP/)").
 */
export function networkFailure(failure: { code?: string | undefined; message?: string | undefined }): string {
  const code = failure.code ?? '';
  const message = (failure.message ?? '').replace(/\s+/g, ' ').trim().slice(0, 200);
  const words = wordsOf(code, message);
  const known = Object.hasOwn(NETWORK_WORDS, code) && words === NETWORK_WORDS[code];
  const detail = known ? code : [code, message].filter(Boolean).join(': ');
  return detail ? `${words} (${detail})` : words;
}

/**
 * A logged answer as people read it: a failure's words without what Node said ("host not found",
 * "the answer was not HTTP"), any other answer (a receiver's "HTTP 500: …", "timed out after 10 s")
 * as it is.
 */
export function answerInWords(result: string): string {
  const open = result.indexOf(' (');
  const words = open < 0 ? result : result.slice(0, open);
  return ALL_WORDS.has(words) && (open < 0 || result.endsWith(')')) ? words : result;
}
