/**
 * A list of CIDR ranges (IPv4 and IPv6) an address is matched against: the scanner catalogue's
 * networks, and the offices and gateways an operator declares as their own.
 */
import ipaddr from 'ipaddr.js';

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** Whether the text is a CIDR range such as 203.0.113.0/24 or 2001:db8::/32. */
export function isCidr(value: string): boolean {
  try {
    ipaddr.parseCIDR(value);
    return true;
  } catch {
    return false;
  }
}

/** The address parsed, an IPv4-mapped IPv6 address as the IPv4 one; null when it is not an address. */
export function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (!ipaddr.isValid(address)) return null;
  const parsed = ipaddr.parse(address);
  return parsed instanceof ipaddr.IPv6 && parsed.isIPv4MappedAddress() ? parsed.toIPv4Address() : parsed;
}

export class NetworkList<T = string> {
  private readonly ranges: { value: T; range: Range }[];

  /** `entries`: each range with what a match returns (by default the range's text). */
  constructor(entries: readonly (readonly [cidr: string, value: T])[]) {
    this.ranges = entries.map(([cidr, value]) => ({ value, range: ipaddr.parseCIDR(cidr) }));
  }

  static of(cidrs: readonly string[]): NetworkList {
    return new NetworkList(cidrs.map((cidr) => [cidr, cidr] as const));
  }

  get size(): number {
    return this.ranges.length;
  }

  /** What the first range holding the address returns; null when none does (or no address). */
  match(address: string | undefined): T | null {
    const parsed = address ? parseAddress(address) : null;
    if (!parsed) return null;
    for (const { value, range } of this.ranges) {
      if (range[0].kind() === parsed.kind() && parsed.match(range)) return value;
    }
    return null;
  }
}
