import { describe, expect, it } from 'vitest';
import { truncateIp } from './client-ip';

describe('truncateIp', () => {
  it.each([
    ['203.0.113.77', '203.0.113.0'],
    ['::ffff:192.0.2.130', '192.0.2.0'],
    ['2001:db8:85a3:8d3:1319:8a2e:370:7348', '2001:db8:85a3::'],
    ['2001:0db8::1', '2001:db8:0::'],
    ['::1', '0:0:0::'],
    ['fe80::1%eth0', 'fe80:0:0::'],
  ])('%s → %s', (ip, expected) => {
    expect(truncateIp(ip)).toBe(expected);
  });

  it('stores nothing it cannot parse', () => {
    expect(truncateIp(undefined)).toBeNull();
    expect(truncateIp('not-an-ip')).toBeNull();
  });
});
