// /ip/dns: the router's resolver and cache, and /ip/dns/static, the names it answers itself.

import ipaddr from 'ipaddr.js';
import { ValueError, NO_MATCH, noMatch } from '../../core/errors.js';
import type { MenuDecl } from '../../core/schema.js';
import type { ValueType } from '../../core/types.js';
import { bool, duration, hostName, int, ipv4, ipv6Text, listOf, oneOf, str } from '../../core/values.js';
import { dynamic, ref } from '../common.js';
import { resolverOf } from './dns-resolver.js';

/** An IPv4 or IPv6 address; IPv6 is written back in its short form (`2001:db8::1`). */
export const ipAddress46: ValueType = {
  name: 'ip46',
  desc: 'A.B.C.D    (IP address) | IPv6 address',
  parse(input) {
    if (/^[0-9.]+$/.test(input)) return ipv4.parse(input);
    if (input.includes(':') && ipaddr.IPv6.isValid(input)) return ipv6Text(input);
    throw new ValueError();
  },
  compare(a, b) {
    const v6a = a.includes(':'), v6b = b.includes(':');
    if (v6a !== v6b) return v6a ? 1 : -1;
    if (!v6a) return ipv4.compare(a, b);
    const ba = ipaddr.IPv6.parse(a).toByteArray(), bb = ipaddr.IPv6.parse(b).toByteArray();
    for (let i = 0; i < 16; i++) if (ba[i] !== bb[i]) return ba[i] - bb[i];
    return 0;
  },
};

// ---------------------------------------------------------------- /ip/dns

/** A size in KiB: real exports write it with its unit (`cache-size=40000KiB`). */
function kib(type: ValueType): ValueType {
  return { ...type, parse: (input) => type.parse(input.endsWith('KiB') ? input.slice(0, -3) : input) };
}

export const dns: MenuDecl = {
  path: 'ip/dns',
  kind: 'settings',
  fields: {
    servers: { type: listOf(ipAddress46, { allowEmpty: true }), default: '' },
    // Servers learnt from DHCP and PPP clients; the router fills this in, users cannot.
    'dynamic-servers': { type: listOf(ipAddress46, { allowEmpty: true }), readOnly: true, default: '' },
    'use-doh-server': { type: str(), default: '' },
    'verify-doh-cert': { type: bool, default: 'false' },
    'doh-max-concurrent-queries': { type: int({ min: 1 }), default: '50' },
    'doh-max-server-connections': { type: int({ min: 1 }), default: '5' },
    'doh-timeout': { type: duration(), default: '5s' },
    // Off out of the box; the default configuration turns it on so LAN clients can use the router.
    'allow-remote-requests': { type: bool, default: 'false' },
    'max-udp-packet-size': { type: int({ min: 50, max: 65507 }), default: '4096' },
    'query-server-timeout': { type: duration(), default: '2s' },
    'query-total-timeout': { type: duration(), default: '10s' },
    'max-concurrent-queries': { type: int({ min: 1 }), default: '100' },
    'max-concurrent-tcp-sessions': { type: int({ min: 1 }), default: '20' },
    /** KiB. */
    'cache-size': { type: kib(int({ min: 64, max: 4294967295 })), default: '2048' },
    'cache-max-ttl': { type: duration(), default: '1w' },
    // KiB the resolver's cache holds now (src/menus/ip/dns-cache.ts).
    'cache-used': { type: int({ min: 0 }), readOnly: true, derive: (_row, env) => String(resolverOf(env).cache.usedKiB()) },
    'address-list-extra-time': { type: duration(), default: '0s' },
    'mdns-repeat-ifaces': { type: listOf(str(), { allowEmpty: true }), default: '' },
    // `main` or a VRF the resolver works in (manual "DNS": vrf, default main), by id.
    vrf: ref('ip/vrf', { default: 'main', words: ['main'] }),
  },
  verify(next, env) {
    // Interface names, not references: the router keeps the list as names.
    const repeat = next['mdns-repeat-ifaces'];
    if (repeat) {
      const interfaces = env.store.table('interface').byKey;
      for (const name of repeat.split(',')) {
        if (!interfaces.has(name)) throw noMatch('mdns-repeat-ifaces');
      }
    }
  },
};

// ---------------------------------------------------------------- /ip/dns/static

const RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'FWD', 'MX', 'NS', 'NXDOMAIN', 'SRV', 'TXT'];
const u16 = int({ min: 0, max: 65535 });

export const dnsStatic: MenuDecl = {
  path: 'ip/dns/static',
  kind: 'table',
  ordered: true,
  fields: {
    name: { type: hostName() },
    regexp: { type: str() },
    // `A` is the default type and is not printed; every other type is.
    type: { type: oneOf(RECORD_TYPES, { message: NO_MATCH }) },
    address: { type: ipAddress46 },
    cname: { type: hostName() },
    'forward-to': { type: str() },
    'mx-exchange': { type: hostName() },
    'mx-preference': { type: u16 },
    ns: { type: hostName() },
    'srv-port': { type: u16 },
    'srv-priority': { type: u16 },
    'srv-target': { type: hostName() },
    'srv-weight': { type: u16 },
    text: { type: str() },
    'address-list': { type: str() },
    'match-subdomain': { type: bool },
    ttl: { type: duration(), default: '1d' },
    dynamic,
  },
  verify(next) {
    if (next.type === 'A') delete next.type;
  },
};
