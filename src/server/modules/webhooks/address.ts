import { lookup } from 'node:dns';
import type { LookupAddress, LookupOptions } from 'node:dns';
import ipaddr from 'ipaddr.js';
import { fillMessage, messages } from '../../../contract/messages.js';

const m = messages.webhooks;

/**
 * Whether a webhook may reach this address outside demo mode: public unicast only. Loopback,
 * private, link-local, unique-local, CGNAT, multicast, unspecified and reserved ranges are refused,
 * and so are the IPv6 forms that carry an IPv4 address inside (NAT64, 6to4, Teredo) since the
 * address they reach cannot be told here; an IPv4-mapped IPv6 address is judged as its IPv4 one.
 * Non-standard IPv4 forms (127.1, 2130706433, 0x7f.1) are parsed as the network stack reads them.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** `dns.lookup(name, { all: true })`: every address of a name (a test passes its own). */
export type ResolveAll = (hostname: string) => Promise<string[]>;

export const resolveAll: ResolveAll = (hostname) =>
  new Promise((resolve, reject) =>
    lookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses.map((entry) => entry.address)),
    ),
  );

/** The host of a URL as an address or a name: brackets of an IPv6 literal removed. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * The check of an endpoint's address on save: the Russian refusal, or null when it may be used.
 * Demo mode takes any http(s) address (tests run receivers on 127.0.0.1); otherwise https only,
 * and every address the name resolves to must be public. Delivery checks again after its own
 * resolution (`guardedLookup`), so a name that changes its answer later is refused then.
 */
export async function endpointUrlRefusal(raw: string, options: { demo: boolean; resolve?: ResolveAll }): Promise<string | null> {
  const url = new URL(raw);
  if (url.username || url.password) return m.urlCredentials;
  if (options.demo) return null;
  if (url.protocol !== 'https:') return m.urlNotHttps;
  const host = hostOf(url);
  let addresses: string[];
  if (ipaddr.isValid(host)) addresses = [host];
  else {
    try {
      addresses = await (options.resolve ?? resolveAll)(host);
    } catch {
      return fillMessage(m.urlNotResolved, { host });
    }
    if (addresses.length === 0) return fillMessage(m.urlNotResolved, { host });
  }
  const refused = addresses.find((address) => !isPublicAddress(address));
  return refused === undefined ? null : fillMessage(m.urlPrivate, { host, address: refused });
}

/** Thrown at delivery when a name resolves to an address a webhook may not reach. */
export class RefusedAddress extends Error {}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for the HTTP agent of deliveries outside demo mode: the addresses the connection is
 * made to are the ones checked here, so a name that answers a public address to the check and a
 * private one to the connection (DNS rebinding) cannot slip through.
 */
export function guardedLookup(resolve: typeof lookup = lookup) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = addresses.find((entry) => !isPublicAddress(entry.address));
      if (refused || addresses.length === 0) {
        return callback(
          Object.assign(new RefusedAddress(`${hostname} resolves to a non-public address ${refused?.address ?? '(none)'}`), {
            code: 'EREFUSED',
          }),
          [],
        );
      }
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      callback(null, first!.address, first!.family);
    });
  };
}
