// Which IP addresses a server-side request must not reach by default: private, loopback,
// link-local, shared, documentation, multicast and other reserved ranges (reference §10 SSRF rules).
// IPv6 addresses that carry an IPv4 address in their last 32 bits — mapped (::ffff:0:0/96),
// compatible (::/96) and translated (::ffff:0:0:0/96), in any spelling (`::ffff:7f00:1`,
// `::127.0.0.1`) — are judged by that IPv4 address, so a public one still passes and a loopback one
// does not slip through as "IPv6".
import { BlockList, isIP } from 'node:net';

const reservedV4 = new BlockList();
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
  reservedV4.addSubnet(net, prefix, 'ipv4');

const reservedV6 = new BlockList();
for (const [net, prefix] of [
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  reservedV6.addSubnet(net, prefix, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (dotted IPv4 tail included), or null. */
function ipv6Groups(address: string): number[] | null {
  if (isIP(address) !== 6) return null;
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const part = (s: string | undefined) => (s ? s.split(':').map((group) => parseInt(group, 16)) : []);
  const left = part(head);
  const right = part(tail);
  const groups = tail === undefined ? left : [...left, ...new Array(8 - left.length - right.length).fill(0), ...right];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/** The IPv4 address an IPv6 address embeds (mapped, compatible or translated), or null. */
export function embeddedIpv4(address: string): string | null {
  const groups = ipv6Groups(address);
  if (!groups) return null;
  const [a, b, c, d, e, f, g, h] = groups;
  const zeroHead = a === 0 && b === 0 && c === 0;
  const mapped = zeroHead && d === 0 && e === 0 && f === 0xffff;
  const compatible = zeroHead && d === 0 && e === 0 && f === 0;
  const translated = zeroHead && d === 0 && e === 0xffff && f === 0;
  if (!mapped && !compatible && !translated) return null;
  return `${g >> 8}.${g & 0xff}.${h >> 8}.${h & 0xff}`;
}

/** True for addresses a server-side request must not reach unless allowed; non-addresses are refused too. */
export function isReservedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return reservedV4.check(address, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedIpv4(address);
  // `::` and `::1` fall in the compatible range and embed 0.0.0.0 / 0.0.0.1, both reserved.
  if (v4 !== null) return reservedV4.check(v4, 'ipv4');
  return reservedV6.check(address, 'ipv6');
}
