// Which addresses and host names a link preview may reach (docs/architecture.md "Security"): only public unicast
// addresses.
// IPv6 forms that carry an IPv4 address are judged by that IPv4 address. Ports are checked in safe-fetch.ts.
import net from 'node:net';

interface Range {
  bytes: number[];
  bits: number;
}

function parseIpv4(address: string): number[] | null {
  if (!net.isIPv4(address)) return null;
  return address.split('.').map(Number);
}

/** 16 bytes of an IPv6 address (any valid textual form, with an optional zone), or null. */
function parseIpv6(address: string): number[] | null {
  const text = address.replace(/%.*$/, '');
  if (!net.isIPv6(text)) return null;
  let head = text;
  const tail: number[] = [];
  const dotted = /(?:^|:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const ipv4 = parseIpv4(dotted[1]!);
    if (!ipv4) return null;
    tail.push((ipv4[0]! << 8) | ipv4[1]!, (ipv4[2]! << 8) | ipv4[3]!);
    head = text.slice(0, text.length - dotted[1]!.length);
    if (head.endsWith(':') && !head.endsWith('::')) head = head.slice(0, -1);
  }
  const [left = '', right] = head.split('::');
  const toGroups = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const leftGroups = toGroups(left);
  const rightGroups = [...(right === undefined ? [] : toGroups(right)), ...tail];
  const missing = 8 - leftGroups.length - rightGroups.length;
  const groups = [...leftGroups, ...Array<number>(Math.max(missing, 0)).fill(0), ...rightGroups];
  if (groups.length !== 8) return null;
  return groups.flatMap((group) => [group >> 8, group & 0xff]);
}

function parseRange(cidr: string): Range {
  const [address = '', bits = ''] = cidr.split('/');
  const bytes = parseIpv4(address) ?? parseIpv6(address);
  if (!bytes) throw new Error(`bad range ${cidr}`);
  return { bytes, bits: Number(bits) };
}

function isInRange(bytes: number[], range: Range): boolean {
  if (bytes.length !== range.bytes.length) return false;
  for (let bit = 0; bit < range.bits; bit += 8) {
    const index = bit / 8;
    const mask = range.bits - bit >= 8 ? 0xff : (0xff << (8 - (range.bits - bit))) & 0xff;
    if ((bytes[index]! & mask) !== (range.bytes[index]! & mask)) return false;
  }
  return true;
}

// IANA IPv4 special-purpose registry, plus multicast and the reserved 240/4 (which holds the broadcast address).
const BLOCKED_IPV4 = [
  '0.0.0.0/8', // "this network", including the unspecified 0.0.0.0
  '10.0.0.0/8', // private
  '100.64.0.0/10', // carrier-grade NAT
  '127.0.0.0/8', // loopback
  '169.254.0.0/16', // link-local, including cloud metadata at 169.254.169.254
  '172.16.0.0/12', // private
  '192.0.0.0/24', // IETF protocol assignments
  '192.0.2.0/24', // documentation (TEST-NET-1)
  '192.88.99.0/24', // 6to4 relay anycast
  '192.168.0.0/16', // private
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // documentation (TEST-NET-2)
  '203.0.113.0/24', // documentation (TEST-NET-3)
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, and 255.255.255.255 broadcast
].map(parseRange);

// IPv6 forms whose last 32 bits are an IPv4 address, judged by that address.
const IPV4_CARRYING_IPV6 = [
  '::ffff:0:0/96', // IPv4-mapped
  '::/96', // IPv4-compatible (deprecated); also holds :: and ::1, refused below as non-global
  '64:ff9b::/96', // NAT64 well-known prefix
].map(parseRange);

const GLOBAL_UNICAST_IPV6 = parseRange('2000::/3');
// Inside 2000::/3 but not public: IETF assignments (Teredo, benchmarking, ORCHID), documentation, 6to4 (its
// IPv4 is embedded elsewhere, so refused whole rather than decoded).
const BLOCKED_IPV6 = ['2001::/23', '2001:db8::/32', '2002::/16', '3fff::/20'].map(parseRange);

function isPublicIpv4(bytes: number[]): boolean {
  return !BLOCKED_IPV4.some((range) => isInRange(bytes, range));
}

/** True only for a public unicast address; anything unparsable is not public. */
export function isPublicAddress(address: string): boolean {
  const ipv4 = parseIpv4(address);
  if (ipv4) return isPublicIpv4(ipv4);
  const ipv6 = parseIpv6(address);
  if (!ipv6) return false;
  if (IPV4_CARRYING_IPV6.some((range) => isInRange(ipv6, range))) {
    const embedded = ipv6.slice(12);
    // :: and ::1 sit inside ::/96; their "IPv4" (0.0.0.0, 0.0.0.1) is refused by 0.0.0.0/8 anyway.
    return isPublicIpv4(embedded);
  }
  // Everything outside 2000::/3 is loopback, unspecified, ULA (fc00::/7), link-local (fe80::/10), site-local
  // (fec0::/10), multicast (ff00::/8), discard (100::/64) or unassigned.
  if (!isInRange(ipv6, GLOBAL_UNICAST_IPV6)) return false;
  return !BLOCKED_IPV6.some((range) => isInRange(ipv6, range));
}

/**
 * Host names refused before any DNS query: localhost and its subdomains, and single-label names (an intranet
 * name resolved through the machine's search domains). Their addresses would be refused too; this is belt and
 * braces, and saves the lookup.
 */
export function isRefusedHostname(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost') || !name.includes('.');
}
