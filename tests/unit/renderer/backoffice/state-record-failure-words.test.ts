import { describe, expect, it } from 'vitest';
import { recordStanding } from '../../../../renderer/backoffice/logic/state-record-words';

describe('a state record the state system never answered', () => {
  it('says why in words, without what Node said', () => {
    const record = {
      status: 'failed' as const,
      attempts: 18,
      lastStatusCode: null,
      nextAttemptAt: null,
      lastResult: 'the answer was not HTTP (HPE_INVALID_CONSTANT: Parse Error: Expected HTTP/)',
    };
    expect(recordStanding(record, true, 'America/Los_Angeles')).toBe('Not accepted. The answer was not HTTP');
  });
});
