// /ip/firewall: address lists, the filter rules and the NAT rules. Filter and NAT share one
// set of matchers (each menu adds the few only it has); a rule prints only the matchers that
// were set, plus its action, counters, flags, `log` and `log-prefix`, as the real router does.

import { ValueError, NO_MATCH } from '../../core/errors.js';
import type { CommandContext, Environment, FieldDecl, MenuDecl } from '../../core/schema.js';
import type { Row } from '../../core/store.js';
import type { ValueType } from '../../core/types.js';
import { findRows } from '../../core/records.js';
import {
  addressListAddress, bool, isDnsName, ipv6, ipv6Prefix, duration, formatDateTime, formatDuration, int, ipRange, ipv4, listOf, mac, name, oneOf, orEmpty, parseDuration, str,
} from '../../core/values.js';
import { dynamic, interfaceRef, invalid, ref } from '../common.js';
import { argsOf, dirAt } from '../../tree/tree.js';

// ---------------------------------------------------------------- value types of matchers

/** The router's words for a value outside a fixed set of words. */
const words = (values: readonly string[]) => oneOf(values, { message: NO_MATCH });

/** A matcher that a leading `!` turns around (`connection-nat-state=!dstnat`). */
function negatable(type: ValueType): ValueType {
  const body = (s: string) => (s.startsWith('!') ? s.slice(1) : s);
  return {
    name: type.name,
    desc: type.desc,
    parse: (input) => (input.startsWith('!') ? '!' + type.parse(input.slice(1)) : type.parse(input)),
    compare: (a, b) => Number(a.startsWith('!')) - Number(b.startsWith('!')) || type.compare(body(a), body(b)),
  };
}

/** `n` or `from-to` within bounds, e.g. a port range or a packet size range. */
function numberRange(min: number, max: number): ValueType {
  const one = int({ min, max });
  return {
    name: 'range',
    desc: `${min}..${max}`,
    parse(input) {
      const dash = input.indexOf('-', 1);
      if (dash < 0) return one.parse(input);
      const from = one.parse(input.slice(0, dash));
      const to = one.parse(input.slice(dash + 1));
      if (Number(from) > Number(to)) throw new ValueError();
      return `${from}-${to}`;
    },
    compare: (a, b) => Number(a.split('-')[0]) - Number(b.split('-')[0]) || Number(a.split('-')[1] ?? a) - Number(b.split('-')[1] ?? b),
  };
}

const port = numberRange(0, 65535);
const ports = negatable(listOf(port));

/** An address matcher: one address (shown bare), a network (host bits cleared) or `a-b`; no DNS names. */
const fwAddress: ValueType = negatable({
  name: 'ip-address-range',
  desc: 'A.B.C.D[-A.B.C.D |0..32 |/A.B.C.D ]    (IP address range)',
  parse(input) {
    const out = addressListAddress.parse(input);
    if (/[a-z]/.test(out)) throw new ValueError();
    return out;
  },
  compare: addressListAddress.compare,
});

/** IP protocol numbers the router knows by name (it prints the name for a number it knows). */
const PROTOCOLS: Record<string, number> = {
  icmp: 1, igmp: 2, ggp: 3, ipencap: 4, st: 5, tcp: 6, egp: 8, pup: 12, udp: 17, hmp: 20, 'xns-idp': 22,
  rdp: 27, 'iso-tp4': 29, dccp: 33, xtp: 36, ddp: 37, 'idpr-cmtp': 38, ipv6: 41, 'ipv6-encap': 41, 'ipv6-route': 43, 'ipv6-frag': 44,
  rsvp: 46, gre: 47, 'ipsec-esp': 50, 'ipsec-ah': 51, icmpv6: 58, 'ipv6-nonxt': 59, 'ipv6-opts': 60,
  rspf: 73, vmtp: 81, ospf: 89, ipip: 94, etherip: 97, encap: 98, pim: 103, vrrp: 112, l2tp: 115,
  sctp: 132, 'udp-lite': 136,
};
// 41 is printed `ipv6-encap` (the 7.24 tree's completion names no `ipv6`); the first name of a number is the one printed.
const PROTOCOL_BY_NUMBER = new Map(Object.entries(PROTOCOLS).reverse().map(([n, v]) => [v, n]));
const protocolNumber = int({ min: 0, max: 255 });
const protocol: ValueType = negatable({
  name: 'protocol',
  desc: Object.keys(PROTOCOLS).sort().join('|') + ' | 0..255    (integer number)',
  parse(input) {
    if (input in PROTOCOLS) return input;
    let n: string;
    try { n = protocolNumber.parse(input); } catch { throw new ValueError(NO_MATCH); }
    return PROTOCOL_BY_NUMBER.get(Number(n)) ?? n;
  },
  compare: (a, b) => (PROTOCOLS[a] ?? Number(a)) - (PROTOCOLS[b] ?? Number(b)),
});

/** `in,ipsec`, `out,none`: the packet's direction and whether an IPsec policy matches it. */
const ipsecPolicy: ValueType = {
  name: 'ipsec-policy',
  desc: 'in|out,ipsec|none',
  parse(input) {
    const m = /^(in|out),(ipsec|none)$/.exec(input);
    if (!m) throw new ValueError(NO_MATCH);
    return input;
  },
  compare: (a, b) => (a < b ? -1 : a > b ? 1 : 0),
};

const time = duration();

/** `none-dynamic`, `none-static` or a time for the entries `add-*-to-address-list` makes. */
const addressListTimeout: ValueType = {
  name: 'address-list-timeout',
  desc: 'none-dynamic | none-static | time interval',
  parse(input) {
    if (input === 'none-dynamic' || input === 'none-static') return input;
    return time.parse(input);
  },
  compare: (a, b) => (a.startsWith('none') ? -1 : parseDuration(a)) - (b.startsWith('none') ? -1 : parseDuration(b)),
};

/** TCP flags, each of which may be negated on its own (`syn,!ack`). */
const TCP_FLAGS = ['ack', 'cwr', 'ece', 'fin', 'psh', 'rst', 'syn', 'urg'];
const tcpFlags = listOf(negatable(words(TCP_FLAGS)));

const CONNECTION_STATES = ['established', 'invalid', 'new', 'related', 'untracked'];
const ADDRESS_TYPES = ['unicast', 'local', 'broadcast', 'multicast', 'blackhole', 'prohibit', 'unreachable'];
const CONNECTION_TYPES = ['ftp', 'h323', 'irc', 'pptp', 'quake3', 'sip', 'tftp'];
const IPV4_OPTIONS = [
  'any', 'loose-source-routing', 'no-record-route', 'no-router-alert', 'no-source-routing', 'no-timestamp',
  'none', 'record-route', 'router-alert', 'strict-source-routing', 'timestamp',
];
const HOTSPOT = ['auth', 'from-client', 'http', 'local-dst', 'to-client'];

// ---------------------------------------------------------------- fields of every rule

const negStr: FieldDecl = { type: negatable(str()) };
const plainStr: FieldDecl = { type: str() };
// Besides an interface's name, a rule may match a whole kind of them (v6 and v7 firewalls;
// corpus: `in-interface=all-ppp` in a 7.10 and a 7.21 export).
// A VRF is an interface to the firewall: rules match traffic entering or leaving one by its name
// (manual "Virtual Routing and Forwarding": `in-interface=vrf1`).
const ifaceMatch = () => interfaceRef({ negatable: true, words: ['all-ethernet', 'all-ppp', 'all-vlan', 'all-wireless'], orNames: ['ip/vrf'] });
// A rule whose list is removed stays valid, naming the list's id, and matches it as an empty list
// (measured on 7.24.4: `in-interface-list=!*2000010`, docs/routeros-facts.md 23.2).
const listMatch = () => ref('interface/list', { negatable: true, validWhenGone: true });

/** Matchers and rule fields that filter and NAT rules both have (7.24 `add` arguments). */
const matcherTypes: Record<string, FieldDecl> = {
  chain: { type: name, required: true },
  'address-list': plainStr,
  'address-list-timeout': { type: addressListTimeout },
  'connection-bytes': plainStr,
  'connection-limit': plainStr,
  'connection-mark': negStr,
  'connection-rate': plainStr,
  'connection-type': { type: negatable(words(CONNECTION_TYPES)) },
  content: plainStr,
  dscp: { type: negatable(int({ min: 0, max: 63 })) },
  'dst-address': { type: fwAddress },
  'dst-address-list': negStr,
  'dst-address-type': { type: negatable(listOf(words(ADDRESS_TYPES))) },
  'dst-limit': plainStr,
  'dst-port': { type: ports },
  fragment: { type: bool },
  hotspot: { type: listOf(negatable(words(HOTSPOT))) },
  'icmp-options': plainStr,
  'in-bridge-port': ifaceMatch(),
  'in-bridge-port-list': listMatch(),
  'in-interface': ifaceMatch(),
  'in-interface-list': listMatch(),
  'ingress-priority': { type: negatable(int({ min: 0, max: 63 })) },
  'ipsec-policy': { type: ipsecPolicy },
  'ipv4-options': { type: words(IPV4_OPTIONS) },
  'jump-target': { type: name },
  'layer7-protocol': negStr,
  limit: plainStr,
  // Real rules print `log` and `log-prefix` even when never set.
  log: { type: bool, default: 'false' },
  'log-prefix': { type: str({ maxLength: 31 }), default: '' },
  nth: plainStr,
  'out-bridge-port': ifaceMatch(),
  'out-bridge-port-list': listMatch(),
  'out-interface': ifaceMatch(),
  'out-interface-list': listMatch(),
  'packet-mark': negStr,
  'packet-size': { type: negatable(numberRange(0, 65535)) },
  'per-connection-classifier': plainStr,
  port: { type: ports },
  priority: { type: negatable(int({ min: 0, max: 63 })) },
  protocol: { type: protocol },
  psd: plainStr,
  random: { type: int({ min: 1, max: 99 }) },
  realm: negStr,
  'routing-mark': negStr,
  'src-address': { type: fwAddress },
  'src-address-list': negStr,
  'src-address-type': { type: negatable(listOf(words(ADDRESS_TYPES))) },
  'src-mac-address': { type: negatable(mac) },
  'src-port': { type: ports },
  'tcp-mss': { type: negatable(numberRange(0, 65535)) },
  time: plainStr,
  tos: { type: negatable(int({ min: 0, max: 255 })) },
  ttl: plainStr,
  // Counters: the data plane fills them in; reset-counters clears them.
  bytes: { type: int({ min: 0 }), readOnly: true, default: '0' },
  packets: { type: int({ min: 0 }), readOnly: true, default: '0' },
  dynamic,
};

const FILTER_ACTIONS = [
  'accept', 'add-dst-to-address-list', 'add-src-to-address-list', 'drop', 'fasttrack-connection', 'jump',
  'log', 'passthrough', 'reject', 'return', 'tarpit',
];
const NAT_ACTIONS = [
  'accept', 'add-dst-to-address-list', 'add-src-to-address-list', 'dst-nat', 'endpoint-independent-nat',
  'jump', 'log', 'masquerade', 'netmap', 'passthrough', 'redirect', 'return', 'same', 'src-nat',
];
const REJECT_WITH = [
  'icmp-admin-prohibited', 'icmp-host-prohibited', 'icmp-host-unreachable', 'icmp-net-prohibited',
  'icmp-network-unreachable', 'icmp-port-unreachable', 'icmp-protocol-unreachable', 'tcp-reset',
];
const P2P = ['all-p2p', 'bit-torrent', 'blubster', 'direct-connect', 'edonkey', 'fasttrack', 'gnutella', 'soulseek', 'warez', 'winmx'];

// ---------------------------------------------------------------- commands of both rule menus

/** Clears the counters of rules: `reset-counters` of some, `reset-counters-all` of every one. */
function resetCounters(all: boolean) {
  return async (ctx: CommandContext): Promise<void> => {
    const { env, menu } = ctx;
    const rows = all ? env.store.table(menu.table).rows : findRows(env, menu, ctx.args.numbers);
    const changed = rows.filter((r) => r.values.bytes !== undefined || r.values.packets !== undefined);
    if (!changed.length) return;
    env.store.commit(changed.map((r) => {
      const { bytes: _b, packets: _p, ...values } = r.values;
      return { op: 'update' as const, table: menu.table, id: r.id, values };
    }));
  };
}

const anyArg = { type: str() };
const ruleCommands = {
  'reset-counters': { policy: ['write'] as const, args: { numbers: { ...anyArg, required: true } }, unnamed: 'numbers', run: resetCounters(false) },
  'reset-counters-all': { policy: ['write'] as const, run: resetCounters(true) },
};


/** Every matcher but the chain also takes the empty value real exports write (`connection-state=""`). */
const matchers: Record<string, FieldDecl> = Object.fromEntries(Object.entries(matcherTypes)
  .map(([n, f]) => [n, n === 'chain' ? f : { ...f, type: orEmpty(f.type) }]));

/** What filter rules match on besides `matchers`; mangle and raw rules share some of it. */
const stateMatchers: Record<string, FieldDecl> = {
  'connection-nat-state': { type: orEmpty(negatable(listOf(words(['srcnat', 'dstnat'])))) },
  'connection-state': { type: orEmpty(negatable(listOf(words(CONNECTION_STATES)))) },
  p2p: { type: orEmpty(negatable(words(P2P))) },
  'tcp-flags': { type: orEmpty(tcpFlags) },
  'tls-host': negStr,
};

// ---------------------------------------------------------------- /ip/firewall/filter

export const filter: MenuDecl = {
  path: 'ip/firewall/filter',
  kind: 'table',
  ordered: true,
  fields: {
    ...matchers,
    ...stateMatchers,
    action: { type: words(FILTER_ACTIONS), default: 'accept' },
    'reject-with': { type: words(REJECT_WITH) },
    invalid: invalid('ip/firewall/filter'),
  },
  commands: ruleCommands,
};

// ---------------------------------------------------------------- /ip/firewall/nat

export const nat: MenuDecl = {
  path: 'ip/firewall/nat',
  kind: 'table',
  ordered: true,
  fields: {
    ...matchers,
    action: { type: words(NAT_ACTIONS), default: 'accept' },
    'randomise-ports': { type: bool },
    'same-not-by-dst': { type: bool },
    'socks5-port': { type: int({ min: 1, max: 65535 }) },
    'socks5-server': { type: ipv4 },
    'socksify-service': plainStr,
    'to-addresses': { type: ipRange },
    'to-ports': { type: port },
    invalid: invalid('ip/firewall/nat'),
  },
  commands: ruleCommands,
};

// ---------------------------------------------------------------- other rule menus

/**
 * An IPv6 rule's address matcher: an address or a prefix, `!` to negate (the tree gives no
 * note; the corpus's IPv6 rules write prefixes: `src-address=fe80::/10`, `dst-address=ff02::/16`).
 */
const fwAddress6: ValueType = negatable({
  name: 'ipv6-prefix',
  parse: (input) => (input.includes('/') ? ipv6Prefix.parse(input) : ipv6.parse(input)),
  compare: (a, b) => (a < b ? -1 : a > b ? 1 : 0),
});
const ipv6Matchers: Record<string, FieldDecl> = { 'src-address': { type: fwAddress6 }, 'dst-address': { type: fwAddress6 } };

/** Matchers of IPv4 only: an IPv6 rule keeps the tree's own for these (or its own above). */
const IPV4_ONLY = new Set(['src-address', 'dst-address', 'ipv4-options', 'protocol', 'dst-address-type', 'src-address-type']);

/**
 * A rule menu (mangle, raw, the IPv6 ones) with the matchers of the filter rules that the
 * tree gives it, so that `connection-state=established,related`, `in-interface=!ether1` and
 * the empty values of real exports read as they do in the filter.
 */
function ruleMenu(path: string): MenuDecl {
  const add = argsOf(dirAt(path), 'add') ?? {};
  const v6 = path.startsWith('ipv6/');
  const fields = Object.fromEntries(Object.entries({ ...matchers, ...stateMatchers, ...(v6 ? ipv6Matchers : {}) })
    .filter(([n]) => n in add && !(v6 && IPV4_ONLY.has(n) && !(n in ipv6Matchers))));
  // Every rule counts what it matched, as the filter's do (the lab's data plane fills them in).
  return { path, kind: 'table', ordered: true, fields: { ...fields, bytes: matcherTypes.bytes, packets: matcherTypes.packets }, commands: ruleCommands };
}

export const ruleMenus: readonly MenuDecl[] = [
  'ip/firewall/mangle', 'ip/firewall/raw', 'ipv6/firewall/filter', 'ipv6/firewall/mangle', 'ipv6/firewall/nat', 'ipv6/firewall/raw',
].map(ruleMenu);

// ---------------------------------------------------------------- /ip/firewall/address-list

const ADDRESS_LIST = 'ip/firewall/address-list';

/** What is left of an entry's lifetime, in whole seconds as the router shows it. */
function timeLeft(row: Row, env: Environment): string | undefined {
  const end = (env as unknown as { lifetimes?: { endOf(table: string, id: number): number | undefined } }).lifetimes?.endOf(ADDRESS_LIST, row.id);
  if (end === undefined) return undefined;
  return formatDuration(Math.max(0, Math.round((end - env.now()) / 1000)) * 1000);
}

export const addressList: MenuDecl = {
  path: ADDRESS_LIST,
  kind: 'table',
  fields: {
    list: { type: name, required: true },
    address: { type: addressListAddress, required: true },
    // An entry given a timeout is dynamic (memory only) and goes when the time is up.
    timeout: { type: duration({ max: 21474836 * 1000 }), lifetime: true, derive: timeLeft },
    'creation-time': { type: str(), readOnly: true, initial: (env) => formatDateTime(new Date(env.now())) },
    dynamic,
  },
  unique: [['list', 'address']],
};

/**
 * An IPv6 address list's entry: an address, a prefix, or a DNS name the router resolves
 * (the 7.24 tree gives no note; bounded as the IPv4 lists' names are, routeros-facts.md 21.4).
 */
const ipv6ListAddress: ValueType = {
  name: 'ipv6-address-list-address',
  parse(input) {
    if (input.includes(':')) return input.includes('/') ? ipv6Prefix.parse(input) : ipv6.parse(input);
    const lower = input.toLowerCase();
    if (isDnsName(lower)) return lower;
    throw new ValueError();
  },
  compare: (a, b) => (a < b ? -1 : a > b ? 1 : 0),
};

export const ipv6AddressList: MenuDecl = {
  path: 'ipv6/firewall/address-list',
  kind: 'table',
  fields: { address: { type: ipv6ListAddress } },
};
