/**
 * Truncated client addresses: events keep only the network (IPv4 /24, IPv6 /48), enough to tell
 * a mail gateway from an office network without storing a person's exact address.
 */
import ipaddr from 'ipaddr.js';

export function truncateIp(ip: string | undefined): string | null {
  const address = ip ? parseAddress(ip) : null;
  if (!address) return null;
  if (address instanceof ipaddr.IPv4) return `${address.octets.slice(0, 3).join('.')}.0`;
  // Stored as three hextets without leading zeros then '::' (e.g. "2001:db8:0::"), not RFC 5952:
  // events already recorded use this form and reports group by it.
  return `${address.parts
    .slice(0, 3)
    .map((part) => part.toString(16))
    .join(':')}::`;
}

/** A dotted-quad IPv4 or an IPv6 address; an IPv4-mapped IPv6 address counts as its IPv4. */
function parseAddress(ip: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  // ipaddr.js also reads inet_aton shorthands ("127.1", "0x7f.0.0.1"); a socket never reports
  // those, so anything but four decimal parts is not an IPv4 address here.
  if (ipaddr.IPv4.isValidFourPartDecimal(ip)) return ipaddr.IPv4.parse(ip);
  if (!ipaddr.IPv6.isValid(ip)) return null;
  const address = ipaddr.IPv6.parse(ip);
  return address.isIPv4MappedAddress() ? address.toIPv4Address() : address;
}

/** User agents are evidence for "was this a person?"; long ones are cut, never parsed. */
export function clampUserAgent(userAgent: string | undefined): string | null {
  return userAgent ? userAgent.slice(0, 512) : null;
}
