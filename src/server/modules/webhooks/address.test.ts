import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { fillMessage, messages } from '../../../contract/messages.js';
import { endpointUrlRefusal, guardedLookup, isPublicAddress, RefusedAddress } from './address.js';

const m = messages.webhooks;

describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8', true],
    ['93.184.216.34', true],
    ['2a00:1450:4010:c05::64', true],
    ['127.0.0.1', false],
    ['127.1', false],
    ['2130706433', false],
    ['0x7f.1', false],
    ['0.0.0.0', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fc00::1', false],
    ['fd12:3456::1', false],
    ['ff02::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:8.8.8.8', true],
    ['64:ff9b::7f00:1', false],
    ['2002:7f00:1::', false],
    ['not an address', false],
  ])('%s → %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('endpointUrlRefusal', () => {
  const resolveTo =
    (...addresses: string[]) =>
    async () =>
      addresses;
  const production = (resolve = resolveTo('93.184.216.34')) => ({ demo: false, resolve });

  it.each([
    ['https://hooks.example.ru/scanapp', null],
    ['http://hooks.example.ru/scanapp', m.urlNotHttps],
    ['https://user:secret@hooks.example.ru/', m.urlCredentials],
    ['https://127.0.0.1/', fillMessage(m.urlPrivate, { host: '127.0.0.1', address: '127.0.0.1' })],
    // The URL parser reads the short and decimal forms the way a connection would.
    ['https://127.1/', fillMessage(m.urlPrivate, { host: '127.0.0.1', address: '127.0.0.1' })],
    ['https://2130706433/', fillMessage(m.urlPrivate, { host: '127.0.0.1', address: '127.0.0.1' })],
    ['https://[::1]/', fillMessage(m.urlPrivate, { host: '::1', address: '::1' })],
    ['https://[::ffff:192.168.0.1]/', fillMessage(m.urlPrivate, { host: '::ffff:c0a8:1', address: '::ffff:c0a8:1' })],
  ])('outside demo mode %s → %s', async (url, expected) => {
    expect(await endpointUrlRefusal(url, production())).toBe(expected);
  });

  it('refuses a name when any of its addresses is private, and one that does not resolve', async () => {
    expect(await endpointUrlRefusal('https://inside.example.ru/', production(resolveTo('93.184.216.34', '10.0.0.5')))).toBe(
      fillMessage(m.urlPrivate, { host: 'inside.example.ru', address: '10.0.0.5' }),
    );
    const nowhere = async () => Promise.reject(new Error('ENOTFOUND'));
    expect(await endpointUrlRefusal('https://nowhere.example.ru/', production(nowhere))).toBe(
      fillMessage(m.urlNotResolved, { host: 'nowhere.example.ru' }),
    );
  });

  it('demo mode takes http and loopback addresses (the tests’ receivers)', async () => {
    expect(await endpointUrlRefusal('http://127.0.0.1:8080/hook', { demo: true })).toBeNull();
    expect(await endpointUrlRefusal('http://a:b@127.0.0.1/', { demo: true })).toBe(m.urlCredentials);
  });
});

describe('guardedLookup (the address connected to is the one checked)', () => {
  const answering = (...addresses: LookupAddress[]) =>
    ((_host: string, _options: object, callback: (error: Error | null, addresses: LookupAddress[]) => void) =>
      callback(null, addresses)) as never;

  it('answers a public address, and every one when asked for all', async () => {
    const lookup = guardedLookup(answering({ address: '93.184.216.34', family: 4 }));
    const one = await new Promise((resolve) => lookup('example.ru', {}, (error, address, family) => resolve({ error, address, family })));
    expect(one).toEqual({ error: null, address: '93.184.216.34', family: 4 });
    const all = await new Promise((resolve) => lookup('example.ru', { all: true }, (_error, addresses) => resolve(addresses)));
    expect(all).toEqual([{ address: '93.184.216.34', family: 4 }]);
  });

  it('refuses a name that now resolves to a private address (DNS rebinding)', async () => {
    const lookup = guardedLookup(answering({ address: '93.184.216.34', family: 4 }, { address: '127.0.0.1', family: 4 }));
    const error = await new Promise((resolve) => lookup('rebind.example.ru', { all: true }, (failure) => resolve(failure)));
    expect(error).toBeInstanceOf(RefusedAddress);
  });
});
