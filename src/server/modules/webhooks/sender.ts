import http from 'node:http';
import https from 'node:https';
import ipaddr from 'ipaddr.js';
import { guardedLookup, isPublicAddress, RefusedAddress } from './address.js';

/** A receiver has this long to answer (the headers; its body is not read). */
export const WEBHOOK_TIMEOUT_MS = 10_000;

export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** Sends one signed POST and answers the receiver's HTTP status; a network failure or the timeout throws. */
export type WebhookSender = (request: WebhookRequest) => Promise<{ status: number }>;

/**
 * Node's own HTTP client, not fetch: its `lookup` is the one place the connection's address is
 * chosen, so outside demo mode the guarded lookup checks exactly the address connected to. An
 * address given literally is never looked up and is checked here. Redirects are not followed
 * (a 3xx is a failure): a receiver must not send the signed body elsewhere.
 */
export function webhookSender(options: { demo: boolean }): WebhookSender {
  return (request) =>
    new Promise((resolve, reject) => {
      const url = new URL(request.url);
      const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
      if (!options.demo) {
        if (url.protocol !== 'https:') return reject(new RefusedAddress('an endpoint outside demo mode must be https'));
        if (ipaddr.isValid(host) && !isPublicAddress(host)) return reject(new RefusedAddress(`${host} is not a public address`));
      }
      const client = url.protocol === 'https:' ? https : http;
      const outgoing = client.request(
        url,
        {
          method: 'POST',
          headers: { ...request.headers, 'content-length': Buffer.byteLength(request.body) },
          agent: false,
          signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
          ...(options.demo ? {} : { lookup: guardedLookup() }),
        },
        (response) => {
          resolve({ status: response.statusCode ?? 0 });
          response.destroy();
        },
      );
      outgoing.on('error', reject);
      outgoing.end(request.body);
    });
}
