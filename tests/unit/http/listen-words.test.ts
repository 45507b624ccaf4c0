import { describe, expect, it } from 'vitest';
import { listenWords } from '../../../electron/server/http/listen-words.js';

const failure = (code: string) => Object.assign(new Error(`listen ${code}`), { code });

describe('listenWords', () => {
  it('says in words why the service could not listen, naming the option to change', () => {
    expect(listenWords(failure('EADDRINUSE'), '0.0.0.0', 4610)).toBe(
      'port 4610 of 0.0.0.0 is taken: another ServicePay (or another program) listens there. ' +
        'Stop it, or start this one with another --port',
    );
    expect(listenWords(failure('EACCES'), '127.0.0.1', 80)).toMatch(
      /^this user may not listen on port 80 of 127\.0\.0\.1 .*--port$/,
    );
    expect(listenWords(failure('EADDRNOTAVAIL'), '10.9.9.9', 4610)).toBe(
      '--host 10.9.9.9 is not an address of this machine: give one of its own, or 0.0.0.0 for all of them',
    );
    expect(listenWords(failure('ENOTFOUND'), 'pos.invalid', 4610)).toMatch(/^--host pos\.invalid is not a name/);
  });

  it('leaves any other failure to be thrown as it is', () => {
    expect(listenWords(failure('EMFILE'), '127.0.0.1', 4610)).toBeUndefined();
    expect(listenWords(new Error('no code'), '127.0.0.1', 4610)).toBeUndefined();
    expect(listenWords(null, '127.0.0.1', 4610)).toBeUndefined();
  });
});
