import { describe, expect, it } from 'vitest';
import { toIpSubject } from '../../src/auth/ip-subject.js';

describe('toIpSubject', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(toIpSubject('203.0.113.7')).toBe('203.0.113.7');
  });

  it('unwraps an IPv4-mapped IPv6 address so both spellings share one limit', () => {
    expect(toIpSubject('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('reduces IPv6 addresses to their /64, however they are written', () => {
    expect(toIpSubject('2001:db8:1:2:aaaa::1')).toBe('2001:0db8:0001:0002::/64');
    expect(toIpSubject('2001:DB8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:0db8:0001:0002::/64');
    expect(toIpSubject('2001:db8::1')).toBe('2001:0db8:0000:0000::/64');
    expect(toIpSubject('::1')).toBe('0000:0000:0000:0000::/64');
    expect(toIpSubject('fe80::1%eth0')).toBe('fe80:0000:0000:0000::/64');
  });

  it('passes non-addresses through (e.g. "unknown")', () => {
    expect(toIpSubject('unknown')).toBe('unknown');
  });
});
