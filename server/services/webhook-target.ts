// Where a webhook may send (API.md "Webhooks", reference §10 SSRF rules): http(s) only, and never to
// a private, loopback, link-local or otherwise reserved address unless the host or the address is
// listed in WEBHOOK_ALLOWED_HOSTS. Checked when a webhook is saved and again at every delivery,
// against the DNS answers the request then connects to (`guardedLookup`), so a name that later
// resolves to an internal address (DNS rebinding) is refused too.
import { lookup as dnsLookup } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** Reference §10's messages, answered as `{"url": [message]}`. */
export const URL_MESSAGES = {
  scheme: 'Invalid schema. Only HTTP and HTTPS are allowed.',
  invalid: 'Invalid URL.',
  local: 'Local URLs are not allowed.',
  disallowed: 'Invalid or disallowed webhook URL.',
} as const;

const reserved = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  reserved.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  reserved.addSubnet(net, prefix, 'ipv6');

/** True for addresses a webhook must not reach by default (IPv4-mapped IPv6 judged as its IPv4). */
export function isReservedAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return reserved.check(mapped[1], 'ipv4');
  const family = isIP(address);
  if (family === 4) return reserved.check(address, 'ipv4');
  if (family === 6) return reserved.check(address, 'ipv6');
  return true;
}

const bare = (host: string) => host.replace(/^\[|\]$/g, '').toLowerCase();

/** True when WEBHOOK_ALLOWED_HOSTS lets `host` (name or address) be reached although it is private. */
export function isAllowedHost(allowed: readonly string[], host: string, address?: string): boolean {
  const names = new Set(allowed.map(bare));
  return names.has(bare(host)) || (address !== undefined && names.has(bare(address)));
}

export class WebhookTargetError extends Error {}

/** Parses and checks the scheme; @throws WebhookTargetError with the reference's message. */
export function parseWebhookUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new WebhookTargetError(URL_MESSAGES.invalid);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new WebhookTargetError(URL_MESSAGES.scheme);
  if (!url.hostname) throw new WebhookTargetError(URL_MESSAGES.invalid);
  return url;
}

type Resolve = (host: string) => Promise<string[]>;

const systemResolve: Resolve = (host) =>
  new Promise((resolve, reject) => dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses.map((a) => a.address)))));

/**
 * Checks a URL as the create/update routes do: scheme, then every address its host resolves to.
 * @throws WebhookTargetError (scheme, local name, private address, unresolvable host).
 */
export async function checkWebhookUrl(raw: string, allowed: readonly string[], resolve: Resolve = systemResolve): Promise<URL> {
  const url = parseWebhookUrl(raw);
  const host = bare(url.hostname);
  if (isAllowedHost(allowed, host)) return url;
  if (host === 'localhost' || host.endsWith('.localhost')) throw new WebhookTargetError(URL_MESSAGES.local);
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await resolve(host);
  } catch {
    throw new WebhookTargetError(URL_MESSAGES.disallowed);
  }
  if (addresses.length === 0) throw new WebhookTargetError(URL_MESSAGES.disallowed);
  for (const address of addresses) {
    if (isReservedAddress(address) && !isAllowedHost(allowed, host, address)) {
      throw new WebhookTargetError(address === host && /^(127\.|::1$)/.test(host) ? URL_MESSAGES.local : URL_MESSAGES.disallowed);
    }
  }
  return url;
}

/**
 * Refuses a URL whose host is a reserved IP literal not allowed: Node connects to an address given
 * literally without calling `lookup`, so `guardedLookup` never sees it (a URL saved while its
 * address was in WEBHOOK_ALLOWED_HOSTS, then removed). @throws WebhookTargetError.
 */
export function assertLiteralTargetAllowed(url: URL, allowed: readonly string[]): void {
  const host = bare(url.hostname);
  if (isIP(host) && isReservedAddress(host) && !isAllowedHost(allowed, host, host)) {
    throw new WebhookTargetError(`${URL_MESSAGES.disallowed} (${host})`);
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
        callback(new WebhookTargetError(`${URL_MESSAGES.disallowed} (${host} → ${address})`) as NodeJS.ErrnoException, '', 4);
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
