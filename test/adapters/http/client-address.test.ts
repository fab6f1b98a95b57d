import { describe, expect, it } from 'vitest';
import { clientAddressKey } from '@src/adapters/http/client-address';

describe('clientAddressKey', () => {
  it('keeps an IPv4 address, also when it arrives IPv4-mapped', () => {
    expect(clientAddressKey('198.51.100.7')).toBe('198.51.100.7');
    expect(clientAddressKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
  });

  it('counts an IPv6 address by its /64, so one subscriber cannot rotate addresses', () => {
    const key = clientAddressKey('2001:db8:1:2:aaaa::1');
    expect(key).toBe('2001:0db8:0001:0002::/64');
    expect(clientAddressKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe(key);
    expect(clientAddressKey('2001:DB8:1:2:AAAA::1')).toBe(key); // the case a proxy writes it in
    expect(clientAddressKey('2001:db8:1:3::1')).not.toBe(key);
    expect(clientAddressKey('::1')).toBe('0000:0000:0000:0000::/64');
  });
});
