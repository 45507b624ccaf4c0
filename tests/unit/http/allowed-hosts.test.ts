import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { hostNameOf, HostPolicy, parseAllowedHosts } from '../../../electron/server/http/allowed-hosts.js';

describe('host names the service answers to', () => {
  it('reads Host headers as a browser writes them: lower case, no port, no trailing dot, IPv4 dotted', () => {
    expect(hostNameOf('127.0.0.1:4610')).toBe('127.0.0.1');
    expect(hostNameOf('[::1]:4610')).toBe('[::1]');
    expect(hostNameOf('Shop.Example.:80')).toBe('shop.example');
    expect(hostNameOf('2130706433')).toBe('127.0.0.1');
    expect(hostNameOf('a b')).toBeNull();
    expect(hostNameOf('user@evil.example')).toBeNull();
  });

  it('parses --allowed-host lists, and names the entry that is not a host', () => {
    expect(parseAllowedHosts(['POS.Store.example, .chain.example', '::1', ''])).toEqual([
      'pos.store.example',
      '.chain.example',
      '[::1]',
    ]);
    for (const bad of ['pos.local:4610', '[::1]:80', 'http://pos.local', 'a/b', 'a b']) {
      expect(() => parseAllowedHosts([bad])).toThrow(`not "${bad}"`);
    }
  });

  it('loopback names and the bound address by default; declared names and domains on request', () => {
    const policy = new HostPolicy('192.0.2.10', parseAllowedHosts(['pos.store.example', '.chain.example']));
    for (const name of ['localhost', 'pos.localhost', '127.0.0.1', '127.9.9.9', '[::1]', '192.0.2.10']) {
      expect(policy.allows(name), name).toBe(true);
    }
    for (const name of ['pos.store.example', 'chain.example', 'a.b.chain.example'])
      expect(policy.allows(name)).toBe(true);
    for (const name of [
      'evil.example',
      'localhost.evil.example',
      '127.0.0.1.evil.example',
      'xchain.example',
      '192.0.2.11',
    ]) {
      expect(policy.allows(name), name).toBe(false);
    }
    expect(policy.declared('pos.store.example')).toBe(true);
    expect(policy.declared('localhost')).toBe(false);
  });

  it('bound to every interface: every address of this machine, and still no other name', () => {
    const addresses = Object.values(networkInterfaces())
      .flatMap((list) => list ?? [])
      .map((info) => hostNameOf(info.family === 'IPv6' ? `[${info.address}]` : info.address))
      .filter((name): name is string => name !== null);
    const everywhere = new HostPolicy('0.0.0.0', []);
    const loopbackOnly = new HostPolicy('127.0.0.1', []);
    for (const address of addresses) expect(everywhere.allows(address), address).toBe(true);
    const outside = addresses.filter((address) => !address.startsWith('127.') && address !== '[::1]');
    for (const address of outside) expect(loopbackOnly.allows(address), address).toBe(false);
    expect(everywhere.allows('evil.example')).toBe(false);
  });
});
