import { describe, expect, it } from 'vitest';
import { truncateIp } from './client-ip';

describe('truncateIp', () => {
  it.each([
    ['203.0.113.77', '203.0.113.0'],
    ['0.0.0.0', '0.0.0.0'],
    ['::ffff:192.0.2.130', '192.0.2.0'],
    ['::FFFF:192.0.2.130', '192.0.2.0'],
    // The same IPv4-mapped address written in hex, and the deprecated IPv4-compatible form.
    ['::ffff:c000:282', '192.0.2.0'],
    ['::192.0.2.130', '192.0.2.0'],
    ['2001:db8:85a3:8d3:1319:8a2e:370:7348', '2001:db8:85a3::'],
    ['2001:0DB8:0000:0000:0000:0000:0000:0001', '2001:db8:0::'],
    ['2001:0db8::1', '2001:db8:0::'],
    ['1:2:3:4:5:6:1.2.3.4', '1:2:3::'],
    ['::1', '0:0:0::'],
    ['::', '0:0:0::'],
    ['fe80::1%eth0', 'fe80:0:0::'],
  ])('%s → %s', (ip, expected) => {
    expect(truncateIp(ip)).toBe(expected);
  });

  it.each([
    [undefined],
    [''],
    ['not-an-ip'],
    ['256.1.1.1'],
    ['1.2.3.4.5'],
    [' 1.2.3.4'],
    // inet_aton shorthands that ipaddr.js would read but no socket reports.
    ['127.1'],
    ['0x7f.0.0.1'],
    ['010.0.0.1'],
    ['1::2::3'],
    ['1:2:3:4:5:6:7:8:9'],
    ['12345::1'],
    ['[::1]'],
    ['::ffff:127.1'],
    ['fe80::1%'],
  ])('stores nothing for %j, which it cannot parse', (ip) => {
    expect(truncateIp(ip)).toBeNull();
  });
});
