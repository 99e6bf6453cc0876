import { isIPv6 } from 'node:net';

/**
 * Returns the key under which a client address is rate-limited: IPv4 as is (also when written
 * IPv4-mapped in IPv6), IPv6 reduced to its /64 prefix, because one subscriber usually holds a
 * whole /64 and could otherwise rotate through it to escape the limit.
 */
export function toIpSubject(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1] !== undefined) return mapped[1];
  if (!isIPv6(ip)) return ip;
  return `${expandIPv6(ip).slice(0, 4).join(':')}::/64`;
}

function expandIPv6(ip: string): string[] {
  let text = ip.replace(/%.*$/, '').toLowerCase();
  const ipv4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (ipv4 !== null) {
    const [a, b, c, d] = ipv4.slice(1).map(Number) as [number, number, number, number];
    text = text.slice(0, ipv4.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = Array.from({ length: 8 - headGroups.length - tailGroups.length }, () => '0');
  return [...headGroups, ...zeros, ...tailGroups].map((group) => group.padStart(4, '0'));
}
