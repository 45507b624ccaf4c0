/**
 * A try that got no answer, as the delivery log keeps it: the words people read and, for the
 * integrator, the code Node gave ("host not found (ENOTFOUND)"). People's screens show the words only.
 */

/** Why a connection got no answer, in words, by Node's code for it. */
const NETWORK_WORDS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host could not be resolved',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  CERT_HAS_EXPIRED: 'TLS certificate expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'TLS certificate is self-signed',
  ERR_TLS_CERT_ALTNAME_INVALID: 'TLS certificate is for another host',
};

/** The words of Node's code `code`, or undefined for a code without words here. */
function wordsOf(code: string): string | undefined {
  return Object.hasOwn(NETWORK_WORDS, code) ? NETWORK_WORDS[code] : undefined;
}

/** The logged answer of a failure with code `code`: "host not found (ENOTFOUND)"; undefined for a code without words. */
export function networkFailure(code: string): string | undefined {
  const words = wordsOf(code);
  return words === undefined ? undefined : `${words} (${code})`;
}

/**
 * A logged answer as people read it: a network failure's words without its code ("host not
 * found"), any other answer (a receiver's "HTTP 500: …", "timed out after 10 s") as it is.
 */
export function answerInWords(result: string): string {
  const code = / \(([A-Z0-9_]+)\)$/.exec(result)?.[1];
  const words = code === undefined ? undefined : wordsOf(code);
  return words !== undefined && result === `${words} (${code})` ? words : result;
}
