// Prefixes of both families as numbers: parsing, the network of an address, containment.
// Pure arithmetic on text the router stores (`10.0.0.0/8`, `2001:db8::/32`), shared by the
// routing table (src/menus/ip/rib.ts), the routing filter language and the lab.

import ipaddr from 'ipaddr.js';
import { ipToInt, maskOf } from './values.js';

/** A prefix as a number and a length (bigint: one code for both families). */
export interface Prefix { net: bigint; len: number; bits: number }

const parsed = new Map<string, Prefix | null>();

/** `10.0.0.0/8`, `2001:db8::/32`, or an address alone (a host prefix); null when neither. */
export function prefixOf(text: string): Prefix | null {
  let p = parsed.get(text);
  if (p !== undefined) return p;
  p = null;
  const slash = text.indexOf('/');
  const addr = slash < 0 ? text : text.slice(0, slash);
  if (ipaddr.isValid(addr)) {
    const ip = ipaddr.parse(addr);
    const bits = ip.kind() === 'ipv4' ? 32 : 128;
    const len = slash < 0 ? bits : Number(text.slice(slash + 1));
    if (Number.isInteger(len) && len >= 0 && len <= bits) {
      let n = 0n;
      for (const b of ip.toByteArray()) n = (n << 8n) | BigInt(b);
      const shift = BigInt(bits - len);
      p = { net: (n >> shift) << shift, len, bits };
    }
  }
  if (parsed.size > 100_000) parsed.clear();
  parsed.set(text, p);
  return p;
}

/** Whether prefix `p` covers address `ip` (both parsed). */
export function covers(p: Prefix, ip: Prefix): boolean {
  if (p.bits !== ip.bits) return false;
  const shift = BigInt(p.bits - p.len);
  return (ip.net >> shift) === (p.net >> shift);
}

/** The network of an address with its length: `192.168.88.1/24` -> `192.168.88.0/24`. */
export function networkText(address: string): string | undefined {
  const p = prefixOf(address);
  if (!p) return undefined;
  if (p.bits === 32) {
    const n = Number(p.net);
    return `${(n >>> 24) & 255}.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}/${p.len}`;
  }
  const bytes: number[] = [];
  for (let i = 15; i >= 0; i--) bytes.push(Number((p.net >> BigInt(i * 8)) & 255n));
  return `${ipaddr.fromByteArray(bytes).toString()}/${p.len}`;
}

/** 10.0.0.0/8 -> [net, len]; an address alone is /32. */
export function parsePrefix(text: string): [number, number] | undefined {
  const m = /^(\d+\.\d+\.\d+\.\d+)(?:\/(\d+))?$/.exec(text);
  if (!m) return undefined;
  const len = m[2] === undefined ? 32 : Number(m[2]);
  if (len > 32 || m[1].split('.').some((o) => Number(o) > 255)) return undefined;
  return [(ipToInt(m[1]) & maskOf(len)) >>> 0, len];
}

/** The modified EUI-64 interface identifier of a MAC address (RFC 4291 appendix A): 8 bytes. */
function eui64(mac: string): number[] {
  const b = mac.split(':').map((h) => parseInt(h, 16));
  return [b[0] ^ 2, b[1], b[2], 0xff, 0xfe, b[3], b[4], b[5]];
}

/**
 * An IPv6 address made of a prefix's first `len` bits and the rest from `host`: the interface
 * identifier of a MAC address (SLAAC, `eui-64`), or an address's own host bits (`from-pool`:
 * `::1` on a pool's prefix). Undefined when the prefix is no IPv6 prefix.
 */
export function combine(prefix: string, len: number, host: { mac: string } | { address: string }): string | undefined {
  const net = prefix.split('/')[0];
  if (!net.includes(':') || !ipaddr.IPv6.isValid(net)) return undefined;
  const bytes = ipaddr.IPv6.parse(net).toByteArray();
  const tail = 'mac' in host ? [0, 0, 0, 0, 0, 0, 0, 0, ...eui64(host.mac)] : ipaddr.IPv6.parse(host.address).toByteArray();
  for (let bit = len; bit < 128; bit++) {
    const i = bit >> 3, m = 0x80 >> (bit & 7);
    bytes[i] = (bytes[i] & ~m) | (tail[i] & m);
  }
  return ipaddr.fromByteArray(bytes).toString();
}
