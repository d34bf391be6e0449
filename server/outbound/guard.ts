// The one outbound guard: every request the server makes to an address a user or an admin supplied
// (webhooks, the GitHub import, OAuth providers and their discovery documents, anything later) is
// checked here. http(s) only; never a private, loopback, link-local or otherwise reserved address
// (addresses.ts) unless the host or the address is allowed (WEBHOOK_ALLOWED_HOSTS, and for
// operator-configured integrations their configured host). The same rule judges an address written
// literally in the URL (Node connects to a literal without calling `lookup`) and every DNS answer
// the connection uses (`guardedLookup`, so a name that later resolves inward — DNS rebinding — is
// refused too). Sending (request.ts) never follows redirects.
import { lookup as dnsLookup } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { isReservedAddress } from './addresses';

export { isReservedAddress } from './addresses';

/** Reference §10's messages, answered as `{"url": [message]}` (webhooks) or `{"base_url": …}`. */
const URL_MESSAGES = {
  scheme: 'Invalid schema. Only HTTP and HTTPS are allowed.',
  invalid: 'Invalid URL.',
  local: 'Local URLs are not allowed.',
  disallowed: 'Invalid or disallowed webhook URL.',
} as const;

/** A target the guard refuses (a reserved address, a bad scheme): never retried, never sent to. */
export class OutboundRefusedError extends Error {}

const bare = (host: string) => host.replace(/^\[|\]$/g, '').toLowerCase();

/** True when the allow list lets `host` (name or address) be reached although it is private. */
function isAllowedHost(allowed: readonly string[], host: string, address?: string): boolean {
  const names = new Set(allowed.map(bare));
  return names.has(bare(host)) || (address !== undefined && names.has(bare(address)));
}

/** Parses and checks the scheme; @throws OutboundRefusedError with the reference's message. */
export function parseOutboundUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new OutboundRefusedError(URL_MESSAGES.invalid);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundRefusedError(URL_MESSAGES.scheme);
  if (!url.hostname) throw new OutboundRefusedError(URL_MESSAGES.invalid);
  return url;
}

type Resolve = (host: string) => Promise<string[]>;

const systemResolve: Resolve = (host) =>
  new Promise((resolve, reject) => dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses.map((a) => a.address)))));

/**
 * Checks a URL when it is saved: scheme, then every address its host is or resolves to.
 * @throws OutboundRefusedError (scheme, local name, private address, unresolvable host).
 */
export async function checkOutboundUrl(raw: string, allowed: readonly string[], resolve: Resolve = systemResolve): Promise<URL> {
  const url = parseOutboundUrl(raw);
  const host = bare(url.hostname);
  if (isAllowedHost(allowed, host)) return url;
  if (host === 'localhost' || host.endsWith('.localhost')) throw new OutboundRefusedError(URL_MESSAGES.local);
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await resolve(host);
  } catch {
    throw new OutboundRefusedError(URL_MESSAGES.disallowed);
  }
  if (addresses.length === 0) throw new OutboundRefusedError(URL_MESSAGES.disallowed);
  for (const address of addresses) {
    if (isReservedAddress(address) && !isAllowedHost(allowed, host, address)) {
      throw new OutboundRefusedError(address === host && /^(127\.|::1$)/.test(host) ? URL_MESSAGES.local : URL_MESSAGES.disallowed);
    }
  }
  return url;
}

/**
 * Refuses, at send time, a URL whose host is a reserved IP literal not allowed: `lookup` is never
 * called for a literal, so this is the only check it gets. @throws OutboundRefusedError.
 */
export function assertLiteralTargetAllowed(url: URL, allowed: readonly string[]): void {
  const host = bare(url.hostname);
  if (isIP(host) && isReservedAddress(host) && !isAllowedHost(allowed, host, host)) {
    throw new OutboundRefusedError(`${URL_MESSAGES.disallowed} (${host})`);
  }
}

/**
 * A `lookup` for http(s).request that resolves like the system and refuses a reserved answer unless
 * allowed: the address checked is the address connected to.
 */
export function guardedLookup(allowed: readonly string[]): LookupFunction {
  return (hostname, options, callback) => {
    const host = bare(hostname);
    const done = (address: string) => {
      if (isReservedAddress(address) && !isAllowedHost(allowed, host, address)) {
        callback(new OutboundRefusedError(`${URL_MESSAGES.disallowed} (${host} → ${address})`) as NodeJS.ErrnoException, '', 4);
        return;
      }
      const family = isIP(address) || 4;
      if (options.all) (callback as unknown as (e: null, list: Array<{ address: string; family: number }>) => void)(null, [{ address, family }]);
      else callback(null, address, family);
    };
    if (isIP(host)) return done(host);
    systemResolve(host).then(
      (addresses) => {
        // Any reserved answer refuses the whole name (a rebinding name mixes public and private answers).
        const bad = addresses.find((address) => isReservedAddress(address) && !isAllowedHost(allowed, host, address));
        if (bad || addresses.length === 0) return done(bad ?? '0.0.0.0');
        done(addresses[0]);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 4),
    );
  };
}
