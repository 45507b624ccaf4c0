import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readSecret } from '../../../scripts/start/read-secret.js';

// On a terminal the secret is read in raw mode (tests/integration/start/password-prompt.test.ts,
// through a real pseudo-terminal); from a pipe it is the next line.
describe('readSecret from input that is not a terminal', () => {
  it('answers the next line, after writing the prompt', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const answer = readSecret('Password: ', input, output);
    input.end('manager-demo-1\nmore\n');
    expect(await answer).toBe('manager-demo-1');
    expect(output.read()?.toString()).toBe('Password: ');
  });

  it('answers an empty text when the input ends first', async () => {
    const input = new PassThrough();
    const answer = readSecret('Password: ', input, new PassThrough());
    input.end();
    expect(await answer).toBe('');
  });
});
