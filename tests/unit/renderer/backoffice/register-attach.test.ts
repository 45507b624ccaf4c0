import { describe, expect, it } from 'vitest';
import { attachAddress } from '../../../../renderer/backoffice/logic/register-attach.js';

describe('the address a register is told to attach to', () => {
  it('is the server’s origin, without a path or a trailing slash', () => {
    expect(attachAddress('https://pos.store.example/')).toEqual({
      url: 'https://pos.store.example',
      thisComputerOnly: false,
    });
    expect(attachAddress('http://10.0.0.11:4610/backoffice/?dispensary=demo').url).toBe('http://10.0.0.11:4610');
  });

  it('says when the address reaches this computer only', () => {
    for (const url of ['http://127.0.0.1:4610', 'http://localhost:4610', 'http://[::1]:4610', 'http://127.1.2.3']) {
      expect(attachAddress(url).thisComputerOnly, url).toBe(true);
    }
    expect(attachAddress('http://192.168.1.20:4610').thisComputerOnly).toBe(false);
    expect(attachAddress('http://localhost.store.example').thisComputerOnly).toBe(false);
  });

  it('keeps an address it cannot read as it is', () => {
    expect(attachAddress('not a url')).toEqual({ url: 'not a url', thisComputerOnly: false });
  });
});
