// Addresses of both families as the lab's forwarding compares them: which family a text is,
// one spelling per IPv6 address (`2001:DB8:0::1` and `2001:db8::1` are one address: RFC 5952's
// compressed lower case, as the router prints them), and whether a network contains an address.

import ipaddr from 'ipaddr.js';
import { covers, prefixOf } from '../core/prefix.js';
import { ipToInt, maskOf } from '../core/values.js';
import type { Family } from './model.js';

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** The family of an address text, or undefined when it is neither (a name, garbage). */
export function familyOf(ip: string): Family | undefined {
  if (IPV4.test(ip)) return 4;
  return ip.includes(':') && ipaddr.IPv6.isValid(ip) ? 6 : undefined;
}

const spelled = new Map<string, string>();

/** The one spelling of an address (IPv6 compressed lower case; IPv4 as it is). */
export function canonical(ip: string): string {
  if (!ip.includes(':')) return ip;
  let out = spelled.get(ip);
  if (out === undefined) {
    try { out = ipaddr.IPv6.parse(ip).toString(); } catch { out = ip; }
    if (spelled.size > 100_000) spelled.clear();
    spelled.set(ip, out);
  }
  return out;
}

/** Whether `net/prefix` contains `ip` (both of one family; IPv4 without big numbers). */
export function contains(net: string, prefix: number, ip: string): boolean {
  if (!net.includes(':')) {
    if (ip.includes(':')) return false;
    const mask = maskOf(prefix);
    return ((ipToInt(net) & mask) >>> 0) === ((ipToInt(ip) & mask) >>> 0);
  }
  const p = prefixOf(`${net}/${prefix}`), a = prefixOf(ip);
  return !!p && !!a && covers(p, a);
}

/** IPv6 link-local (fe80::/10): never routed, its scope the link it is on. */
export const isLinkLocal = (ip: string) => /^fe[89ab]/i.test(ip);

