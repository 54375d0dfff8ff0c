/**
 * Truncated client addresses: events keep only the network (IPv4 /24, IPv6 /48), enough to tell
 * a mail gateway from an office network without storing a person's exact address.
 */
import { isIPv4, isIPv6 } from 'node:net';

export function truncateIp(ip: string | undefined): string | null {
  if (!ip) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped?.[1] ?? ip;
  if (isIPv4(address)) return `${address.split('.').slice(0, 3).join('.')}.0`;
  if (!isIPv6(address)) return null;
  const groups = expandIpv6(address.split('%')[0] ?? '');
  return `${groups.slice(0, 3).join(':')}::`;
}

/** Eight hextets without leading zeros, whatever '::' shorthand the address used. */
function expandIpv6(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (e.g. ::1.2.3.4) takes two hextets; it is past /48 and dropped anyway.
  const missing = 8 - left.length - right.length;
  const groups = [...left, ...Array<string>(Math.max(missing, 0)).fill('0'), ...right];
  return groups.map((group) => (/^[0-9a-f]+$/i.test(group) ? parseInt(group, 16).toString(16) : '0'));
}

/** User agents are evidence for "was this a person?"; long ones are cut, never parsed. */
export function clampUserAgent(userAgent: string | undefined): string | null {
  return userAgent ? userAgent.slice(0, 512) : null;
}
