import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPublicAddress, isRefusedHostname } from './address-policy.ts';

describe('isPublicAddress', () => {
  it.each([
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', '"this network"'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.255', 'carrier-grade NAT'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.0.0.8', 'IETF assignments'],
    ['192.0.2.1', 'documentation'],
    ['192.88.99.1', '6to4 relay'],
    ['192.168.1.1', 'private'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['::', 'IPv6 unspecified'],
    ['::1', 'IPv6 loopback'],
    ['0:0:0:0:0:0:0:1', 'IPv6 loopback, long form'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
    ['::FFFF:7F00:0001', 'IPv4-mapped loopback, upper case'],
    ['0:0:0:0:0:ffff:127.0.0.1', 'IPv4-mapped loopback, long form'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped link-local'],
    ['::ffff:0.0.0.0', 'IPv4-mapped unspecified'],
    ['::127.0.0.1', 'IPv4-compatible loopback'],
    ['::7f00:1', 'IPv4-compatible loopback, hex'],
    ['::10.0.0.1', 'IPv4-compatible private'],
    ['64:ff9b::127.0.0.1', 'NAT64 loopback'],
    ['64:ff9b::a00:1', 'NAT64 private'],
    ['64:ff9b:1::1', 'local-use NAT64'],
    ['fc00::1', 'unique local'],
    ['fd12:3456:789a::1', 'unique local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local with a zone'],
    ['febf::1', 'link-local'],
    ['fec0::1', 'site-local'],
    ['ff02::1', 'multicast'],
    ['ff05::2', 'multicast'],
    ['100::1', 'discard'],
    ['2001:db8::1', 'documentation'],
    ['2001::1', 'Teredo'],
    ['2001:10::1', 'ORCHID'],
    ['2002:7f00:1::1', '6to4'],
    ['3fff::1', 'documentation'],
    ['', 'empty'],
    ['localhost', 'a name'],
    ['127.1', 'a short form, not an address'],
    ['2130706433', 'a number, not an address'],
    ['1.2.3.4.5', 'not an address'],
    ['[::1]', 'a bracketed literal, not an address'],
    ['::g', 'not an address'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '11.0.0.1',
    '93.184.216.34',
    '100.63.255.255',
    '100.128.0.0',
    '126.255.255.255',
    '128.0.0.1',
    '169.253.255.255',
    '172.15.255.255',
    '172.32.0.0',
    '192.0.3.1',
    '192.167.255.255',
    '192.169.0.1',
    '198.17.255.255',
    '198.20.0.0',
    '223.255.255.255',
    '2606:4700:4700::1111',
    '2001:4860:4860::8888',
    '2a00:1450:4001:80b::200e',
    '2400:cb00::1',
    '::ffff:8.8.8.8',
    '::ffff:808:808',
    '64:ff9b::808:808',
  ])('allows %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('judges every IPv4-carrying IPv6 form by its IPv4 address', () => {
    fc.assert(
      fc.property(fc.ipV4(), (ipv4) => {
        const [a, b, c, d] = ipv4.split('.').map(Number) as [number, number, number, number];
        const hex = `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
        const expected = isPublicAddress(ipv4);
        expect(isPublicAddress(`::ffff:${ipv4}`)).toBe(expected);
        expect(isPublicAddress(`::ffff:${hex}`)).toBe(expected);
        expect(isPublicAddress(`0:0:0:0:0:ffff:${hex}`)).toBe(expected);
        expect(isPublicAddress(`64:ff9b::${ipv4}`)).toBe(expected);
      }),
    );
  });
});

describe('isRefusedHostname', () => {
  it.each(['localhost', 'LOCALHOST', 'localhost.', 'api.localhost', 'intranet', 'router.'])(
    'refuses %s before any lookup',
    (hostname) => {
      expect(isRefusedHostname(hostname)).toBe(true);
    },
  );

  it.each(['example.com', 'www.flipkart.com', 'shop.example.in.', 'localhost.example.com'])(
    'lets %s go on to the address check',
    (hostname) => {
      expect(isRefusedHostname(hostname)).toBe(false);
    },
  );
});
