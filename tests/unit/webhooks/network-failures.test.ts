import { describe, expect, it } from 'vitest';
import { answerInWords, networkFailure } from '../../../shared/network-failures.js';

describe('a failure with no answer, in words', () => {
  it('keeps the code the product knew, with its words', () => {
    expect(networkFailure({ code: 'ENOTFOUND', message: 'getaddrinfo ENOTFOUND shop.invalid' })).toBe(
      'host not found (ENOTFOUND)',
    );
    expect(networkFailure({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:9' })).toBe(
      'connection refused (ECONNREFUSED)',
    );
  });

  it('gives every other failure words, and keeps what Node said behind them for the log', () => {
    expect(networkFailure({ code: 'ECONNRESET', message: 'socket hang up' })).toBe(
      'the connection was closed before an answer came (ECONNRESET: socket hang up)',
    );
    expect(
      networkFailure({ code: 'HPE_UNEXPECTED_CONTENT_LENGTH', message: 'Parse Error: Unexpected content-length' }),
    ).toBe('the answer was not valid HTTP (HPE_UNEXPECTED_CONTENT_LENGTH: Parse Error: Unexpected content-length)');
    expect(
      networkFailure({ code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', message: 'unable to verify the first certificate' }),
    ).toBe(
      'a secure TLS connection could not be made (UNABLE_TO_VERIFY_LEAF_SIGNATURE: unable to verify the first certificate)',
    );
    expect(networkFailure({ code: 'Z_BUF_ERROR', message: 'unexpected end of file' })).toBe(
      'the connection failed (Z_BUF_ERROR: unexpected end of file)',
    );
    expect(networkFailure({ message: 'something odd' })).toBe('the connection failed (something odd)');
    expect(networkFailure({})).toBe('the connection failed');
  });

  it('shows people the words alone, and any other answer as it came', () => {
    expect(answerInWords('the connection was closed before an answer came (ECONNRESET: socket hang up)')).toBe(
      'the connection was closed before an answer came',
    );
    expect(answerInWords('the connection failed (Z_BUF_ERROR: unexpected end of file)')).toBe('the connection failed');
    expect(answerInWords('host not found (ENOTFOUND)')).toBe('host not found');
    expect(answerInWords('the connection failed')).toBe('the connection failed');
    expect(answerInWords('HTTP 503: try later (MAINTENANCE)')).toBe('HTTP 503: try later (MAINTENANCE)');
    expect(answerInWords('timed out after 10 s')).toBe('timed out after 10 s');
  });
});
