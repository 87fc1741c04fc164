// /ip/firewall/filter and /ip/firewall/nat (an IPv6 packet: /ipv6/firewall/filter and
// /ipv6/firewall/nat, its address lists, ICMPv6) as a packet on its way meets them: the rules of a
// chain in order (the router's model: ./model.ts), the first final action decides,
// `jump`/`return` between chains, and every rule that matched counts the packet (`bytes`,
// `packets`). Matchers this emulation does not evaluate make a rule not match, so an unusual
// rule never takes traffic it should not.

import type { Environment } from '../core/schema.js';
import { ipToInt, maskOf } from '../core/values.js';
import { canonical, contains, familyOf } from './family.js';
import type { FirewallRule, Interface, RouterModel } from './model.js';

export interface Packet {
  src: string;
  dst: string;
  ttl: number;
  /** ICMP and UDP of the tools; GRE (GRE, EoIP), ipencap (IPIP), etherip (EoIPv6) and ESP carry tunnels (./tunnels). */
  protocol: 'icmp' | 'udp' | 'gre' | 'ipencap' | 'etherip' | 'ipsec-esp';
  /** A UDP datagram's destination port (an answer's is the asker's, which no rule names). */
  dstPort?: number;
  size: number;
  /** Connection tracking's view: the echo is new, its reply established, an ICMP error related. */
  state: 'new' | 'established' | 'related';
  /** Set once a dst-nat rule changed the destination (`connection-nat-state=dstnat`). */
  dstnat?: boolean;
  srcnat?: boolean;
}

export interface Hook {
  chain: string;
  in?: Interface;
  out?: Interface;
}

/** `10.0.0.1`, `10.0.0.0/24` or `10.0.0.1-10.0.0.9` contains `ip` (IPv6: `2001:db8::/32`, an address). */
export function addressMatches(spec: string, ip: string): boolean {
  if (ip.includes(':') || spec.includes(':')) {
    const [net, len] = spec.split('/');
    return familyOf(net) === 6 && familyOf(ip) === 6 && contains(net, Number(len ?? 128), ip);
  }
  try {
    const n = ipToInt(ip);
    if (spec.includes('-')) {
      const [a, b] = spec.split('-');
      return n >= ipToInt(a) && n <= ipToInt(b);
    }
    const [net, len] = spec.split('/');
    const mask = maskOf(len === undefined ? 32 : Number(len));
    return ((n & mask) >>> 0) === ((ipToInt(net) & mask) >>> 0);
  } catch {
    return false;
  }
}

/** A packet's protocol as a rule names it (its name or number), per family: ICMP is `icmpv6` (58) in IPv6. */
const PROTOCOLS_V4: Record<Packet['protocol'], readonly string[]> = {
  icmp: ['icmp', '1'], udp: ['udp', '17'], gre: ['gre', '47'], ipencap: ['ipencap', '4'], etherip: ['etherip', '97'], 'ipsec-esp': ['ipsec-esp', '50'],
};
const PROTOCOL_NAMES: Record<4 | 6, Record<Packet['protocol'], readonly string[]>> = { 4: PROTOCOLS_V4, 6: { ...PROTOCOLS_V4, icmp: ['icmpv6', '58'] } };

const familyOfPacket = (p: Packet): 4 | 6 => (p.dst.includes(':') ? 6 : 4);

/** `53`, `53,123`, `1000-2000` contains the port. */
function portMatches(spec: string, port: number): boolean {
  return spec.split(',').some((part) => {
    const [a, b] = part.split('-').map(Number);
    return b === undefined || Number.isNaN(b) ? port === a : port >= a && port <= b;
  });
}

const negated = (v: string): [boolean, string] => (v.startsWith('!') ? [true, v.slice(1)] : [false, v]);

function inAddressList(model: RouterModel, list: string, ip: string): boolean {
  return (model.firewall[ip.includes(':') ? 6 : 4].addressLists.get(list) ?? []).some((address) => address !== '' && addressMatches(address, ip));
}

function interfaceMatches(model: RouterModel, stored: string, iface: Interface | undefined): boolean {
  if (!iface) return false;
  if (stored === 'all-ethernet') return iface.type === 'ether';
  if (stored === 'all-vlan') return iface.type === 'vlan';
  return model.interfaces.resolve(stored)?.id === iface.id;
}

/** `local` (an address of this router), `unicast`, `broadcast`, `multicast` (224.0.0.0/4). */
function addressType(model: RouterModel, ip: string, type: string): boolean {
  const v6 = ip.includes(':');
  const multicast = addressMatches(v6 ? 'ff00::/8' : '224.0.0.0/4', ip);
  const broadcast = ip === '255.255.255.255';
  switch (type) {
    case 'local': return ip.startsWith('127.') || ip === '::1' || model.addresses[v6 ? 6 : 4].some((a) => a.enabled && canonical(a.ip) === ip);
    case 'unicast': return !multicast && !broadcast;
    case 'multicast': return multicast;
    case 'broadcast': return broadcast;
    default: return false;
  }
}

/** Whether one matcher of a rule holds for the packet; undefined for a matcher not evaluated. */
function matcher(model: RouterModel, name: string, raw: string, p: Packet, hook: Hook): boolean | undefined {
  const [not, v] = negated(raw);
  const ifs = model.interfaces;
  let m: boolean | undefined;
  switch (name) {
    case 'src-address': m = addressMatches(v, p.src); break;
    case 'dst-address': m = addressMatches(v, p.dst); break;
    case 'src-address-list': m = inAddressList(model, v, p.src); break;
    case 'dst-address-list': m = inAddressList(model, v, p.dst); break;
    case 'protocol': m = PROTOCOL_NAMES[familyOfPacket(p)][p.protocol].includes(v); break;
    // An echo has no ports: a rule on ports never takes it. A datagram's source port is a free
    // one, which no rule can know.
    case 'dst-port': case 'port': m = p.dstPort !== undefined && portMatches(v, p.dstPort); break;
    case 'src-port': m = false; break;
    case 'in-interface': m = interfaceMatches(model, v, hook.in); break;
    case 'out-interface': m = interfaceMatches(model, v, hook.out); break;
    case 'in-interface-list': { const l = ifs.listName(v); m = !!hook.in && !!l && ifs.inList(l, hook.in); break; }
    case 'out-interface-list': { const l = ifs.listName(v); m = !!hook.out && !!l && ifs.inList(l, hook.out); break; }
    case 'connection-state': m = v.split(',').includes(p.state); break;
    case 'connection-nat-state': m = v.split(',').some((s) => (s === 'dstnat' && p.dstnat) || (s === 'srcnat' && p.srcnat)); break;
    case 'icmp-options': m = p.protocol === 'icmp'; break;
    // A ping is well within any rate a rule would allow.
    case 'limit': case 'dst-limit': m = true; break;
    case 'packet-size': { const [a, b] = v.split('-').map(Number); m = p.size >= a && p.size <= (Number.isNaN(b) || b === undefined ? a : b); break; }
    case 'src-address-type': m = addressType(model, p.src, v); break;
    case 'dst-address-type': m = addressType(model, p.dst, v); break;
    case 'ipsec-policy': m = v.split(',')[1] === 'none'; break;
    default: return undefined;
  }
  return not ? !m : m;
}

function ruleMatches(model: RouterModel, rule: FirewallRule, p: Packet, hook: Hook): boolean {
  for (const [name, value] of rule.matchers) if (matcher(model, name, value, p, hook) !== true) return false;
  return true;
}

export interface Verdict {
  action: string;
  rule?: FirewallRule;
}

/** Counts of the rules a packet matched, by node, table and rule id, added to the rules once the probe is done. */
export type Counts = Map<number, Map<string, Map<number, { bytes: number; packets: number }>>>;

function count(counts: Counts, node: number, rule: FirewallRule, size: number) {
  let byNode = counts.get(node);
  if (!byNode) counts.set(node, (byNode = new Map()));
  let byTable = byNode.get(rule.table);
  if (!byTable) byNode.set(rule.table, (byTable = new Map()));
  const c = byTable.get(rule.id) ?? { bytes: 0, packets: 0 };
  c.bytes += size;
  c.packets += 1;
  byTable.set(rule.id, c);
}

/** Walks a chain of a node's filter or NAT rules: the verdict of the first final action, or `accept` when none takes the packet. */
export function runChain(model: RouterModel, node: number, table: 'filter' | 'nat', hook: Hook, p: Packet, counts: Counts, depth = 0): Verdict {
  const rules = model.firewall[familyOfPacket(p)][table];
  if (!rules.length || depth > 16) return { action: 'accept' };
  for (const rule of rules) {
    if (!rule.enabled || rule.chain !== hook.chain) continue;
    if (!ruleMatches(model, rule, p, hook)) continue;
    count(counts, node, rule, p.size);
    const action = rule.action;
    if (action === 'passthrough' || action === 'log' || action === 'add-src-to-address-list' || action === 'add-dst-to-address-list' || action === 'fasttrack-connection') continue;
    if (action === 'return') return { action: 'continue' };
    if (action === 'jump') {
      const v = runChain(model, node, table, { ...hook, chain: rule.jumpTarget ?? '' }, p, counts, depth + 1);
      if (v.action === 'continue') continue;
      return v;
    }
    return { action, rule };
  }
  return { action: depth ? 'continue' : 'accept' };
}

/** Adds the counted packets to the rules' `bytes` and `packets` (each node's store: its counters are the router's records). */
export function applyCounts(counts: Counts, envOf: (node: number) => Environment) {
  for (const [node, byTable] of counts) {
    const env = envOf(node);
    for (const [table, byRow] of byTable) {
      const t = env.store.table(table);
      const changes = [...byRow].flatMap(([id, c]) => {
        const row = t.get(id);
        if (!row) return [];
        const values = { ...row.values, bytes: String(Number(row.values.bytes ?? 0) + c.bytes), packets: String(Number(row.values.packets ?? 0) + c.packets) };
        return [{ op: 'update' as const, table, id, values }];
      });
      if (changes.length) env.store.commit(changes);
    }
  }
}
