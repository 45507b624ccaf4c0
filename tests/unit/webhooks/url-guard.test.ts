import { describe, expect, it } from 'vitest';
import { checkEndpointUrl, guardedLookup, isPrivateAddress } from '../../../electron/server/webhooks/url-guard.js';
import { postDelivery } from '../../../electron/server/webhooks/sender.js';

describe('isPrivateAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['10.20.30.40', true],
    ['172.16.0.1', true],
    ['172.31.255.255', true],
    ['172.32.0.1', false],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['224.0.0.1', true],
    ['8.8.8.8', false],
    ['203.0.113.9', false],
    ['::1', true],
    ['::', true],
    ['fd12:3456::1', true],
    ['fe80::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:7f00:1', true],
    ['::ffff:8.8.8.8', false],
    ['64:ff9b::10.0.0.1', true],
    ['2606:4700::1111', false],
    ['shop.example.com', false],
  ])('%s → %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });
});

describe('checkEndpointUrl', () => {
  it('keeps a public https URL, without its fragment', () => {
    expect(checkEndpointUrl(' https://shop.example.com/hooks?x=1#top ', false)).toBe(
      'https://shop.example.com/hooks?x=1',
    );
  });
  it('accepts http and loopback only for local testing', () => {
    expect(checkEndpointUrl('http://127.0.0.1:4700/hooks', true)).toBe('http://127.0.0.1:4700/hooks');
    expect(() => checkEndpointUrl('http://127.0.0.1:4700/hooks', false)).toThrow(
      'must start with https:// (http:// is accepted only for local testing, with allowLocal: true)',
    );
    expect(() => checkEndpointUrl('https://app.localhost/hooks', false)).toThrow(
      'loopback or private address (app.localhost): accepted only for local testing, with allowLocal: true',
    );
  });
  it('refuses other schemes', () => {
    expect(() => checkEndpointUrl('ftp://shop.example.com/', true)).toThrow('must start with https://');
  });
});

describe('at delivery time', () => {
  it('a name resolving to a private address is refused before connecting', async () => {
    const lookup = guardedLookup(false);
    const error = await new Promise<Error | null>((resolve) => lookup('localhost', {}, (err) => resolve(err)));
    expect(error?.message).toMatch(/^localhost resolves to a private address \((127\.0\.0\.1|::1)\)$/);
  });
  it('a literal private address is refused without a connection, and the log says why', async () => {
    const result = await postDelivery('https://10.0.0.5/hooks', '{}', {}, { allowLocal: false, timeoutMs: 1000 });
    expect(result).toEqual({ ok: false, statusCode: null, result: 'refused: 10.0.0.5 is a private address', text: '' });
  });
  it('a closed port is a failed try in words', async () => {
    const result = await postDelivery('http://127.0.0.1:9/hooks', '{}', {}, { allowLocal: true, timeoutMs: 1000 });
    expect(result).toEqual({ ok: false, statusCode: null, result: 'connection refused (ECONNREFUSED)', text: '' });
  });
});
