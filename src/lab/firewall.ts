// /ip/firewall/filter and /ip/firewall/nat as a packet on its way meets them: the rules of a
// chain in order, the first final action decides, `jump`/`return` between chains, and every
// rule that matched counts the packet (`bytes`, `packets`). Matchers this emulation does not
// evaluate make a rule not match, so an unusual rule never takes traffic it should not.

import type { Environment } from '../core/schema.js';
import { parseId, type Row } from '../core/store.js';
import { ipToInt, maskOf } from '../core/values.js';
import { bridgeOfInterface } from '../menus/interface/interface.js';
import { interfaceRow } from './fabric.js';

export interface Packet {
  src: string;
  dst: string;
  ttl: number;
  protocol: 'icmp';
  size: number;
  /** Connection tracking's view: the echo is new, its reply established, an ICMP error related. */
  state: 'new' | 'established' | 'related';
  /** Set once a dst-nat rule changed the destination (`connection-nat-state=dstnat`). */
  dstnat?: boolean;
  srcnat?: boolean;
}

export interface Hook {
  chain: string;
  in?: Row;
  out?: Row;
}

/** Fields of a rule that are no matchers. */
const NOT_MATCHERS = new Set([
  'chain', 'action', 'comment', 'disabled', 'log', 'log-prefix', 'bytes', 'packets', 'jump-target', 'to-addresses',
  'to-ports', 'reject-with', 'address-list', 'address-list-timeout', 'hw-offload', 'dynamic', 'invalid', 'place-before',
]);

/** `10.0.0.1`, `10.0.0.0/24` or `10.0.0.1-10.0.0.9` contains `ip`. */
export function addressMatches(spec: string, ip: string): boolean {
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

const negated = (v: string): [boolean, string] => (v.startsWith('!') ? [true, v.slice(1)] : [false, v]);

function inAddressList(env: Environment, list: string, ip: string): boolean {
  for (const row of env.store.table('ip/firewall/address-list').rows) {
    if (row.values.disabled === 'true' || row.values.list !== list) continue;
    if (row.values.address && addressMatches(row.values.address, ip)) return true;
  }
  return false;
}

/** The name of an interface list a rule refers to (`*2000010` or the name). */
function listName(env: Environment, stored: string): string | undefined {
  if (!stored.startsWith('*')) return stored;
  const id = parseId(stored);
  return id === undefined ? undefined : env.store.table('interface/list').get(id)?.values.name;
}

/** Whether an interface is a member of an interface list (a bridge's port counts with its bridge). */
export function inInterfaceList(env: Environment, list: string, iface: Row): boolean {
  if (list === 'all') return true;
  if (list === 'none' || list === 'dynamic') return false;
  if (list === 'static') return true;
  const listRow = env.store.table('interface/list').byKey.get(list);
  if (!listRow) return false;
  const bridge = bridgeOfInterface(env, iface.id);
  for (const m of env.store.table('interface/list/member').rows) {
    if (m.values.disabled === 'true') continue;
    const l = m.values.list;
    if (l !== list && (!l?.startsWith('*') || parseId(l) !== listRow.id)) continue;
    const member = interfaceRow(env, m.values.interface);
    if (member && (member.id === iface.id || member.id === bridge?.id)) return true;
  }
  // A list may include other lists.
  for (const inc of (listRow.values.include ?? '').split(',').filter(Boolean)) {
    const name = listName(env, inc);
    if (name && name !== list && inInterfaceList(env, name, iface)) return true;
  }
  return false;
}

function interfaceMatches(env: Environment, stored: string, iface: Row | undefined): boolean {
  if (!iface) return false;
  if (stored === 'all-ethernet') return iface.values.type === 'ether';
  if (stored === 'all-vlan') return iface.values.type === 'vlan';
  const row = interfaceRow(env, stored);
  return row !== undefined && row.id === iface.id;
}

/** `local` (an address of this router), `unicast`, `broadcast`, `multicast` (224.0.0.0/4). */
function addressType(env: Environment, ip: string, type: string): boolean {
  const multicast = addressMatches('224.0.0.0/4', ip);
  const broadcast = ip === '255.255.255.255';
  switch (type) {
    case 'local': return ip.startsWith('127.') || env.store.table('ip/address').rows.some((a) => a.values.disabled !== 'true' && a.values.address?.split('/')[0] === ip);
    case 'unicast': return !multicast && !broadcast;
    case 'multicast': return multicast;
    case 'broadcast': return broadcast;
    default: return false;
  }
}

/** Whether one matcher of a rule holds for the packet; undefined for a matcher not evaluated. */
function matcher(env: Environment, name: string, raw: string, p: Packet, hook: Hook): boolean | undefined {
  const [not, v] = negated(raw);
  let m: boolean | undefined;
  switch (name) {
    case 'src-address': m = addressMatches(v, p.src); break;
    case 'dst-address': m = addressMatches(v, p.dst); break;
    case 'src-address-list': m = inAddressList(env, v, p.src); break;
    case 'dst-address-list': m = inAddressList(env, v, p.dst); break;
    case 'protocol': m = v === 'icmp' || v === '1'; break;
    // An echo has no ports: a rule on ports never takes it.
    case 'src-port': case 'dst-port': case 'port': m = false; break;
    case 'in-interface': m = interfaceMatches(env, v, hook.in); break;
    case 'out-interface': m = interfaceMatches(env, v, hook.out); break;
    case 'in-interface-list': { const l = listName(env, v); m = !!hook.in && !!l && inInterfaceList(env, l, hook.in); break; }
    case 'out-interface-list': { const l = listName(env, v); m = !!hook.out && !!l && inInterfaceList(env, l, hook.out); break; }
    case 'connection-state': m = v.split(',').includes(p.state); break;
    case 'connection-nat-state': m = v.split(',').some((s) => (s === 'dstnat' && p.dstnat) || (s === 'srcnat' && p.srcnat)); break;
    case 'icmp-options': m = true; break;
    // A ping is well within any rate a rule would allow.
    case 'limit': case 'dst-limit': m = true; break;
    case 'packet-size': { const [a, b] = v.split('-').map(Number); m = p.size >= a && p.size <= (Number.isNaN(b) || b === undefined ? a : b); break; }
    case 'src-address-type': m = addressType(env, p.src, v); break;
    case 'dst-address-type': m = addressType(env, p.dst, v); break;
    case 'ipsec-policy': m = v.split(',')[1] === 'none'; break;
    default: return undefined;
  }
  return not ? !m : m;
}

function ruleMatches(env: Environment, row: Row, p: Packet, hook: Hook): boolean {
  for (const [name, value] of Object.entries(row.values)) {
    if (NOT_MATCHERS.has(name) || name.startsWith('.')) continue;
    if (matcher(env, name, value, p, hook) !== true) return false;
  }
  return true;
}

export interface Verdict {
  action: string;
  rule?: Row;
}

/** Counts of the rules a packet matched, added to the rules once the probe is done. */
export type Counts = Map<Environment, Map<string, Map<number, { bytes: number; packets: number }>>>;

function count(counts: Counts, env: Environment, table: string, row: Row, size: number) {
  let byEnv = counts.get(env);
  if (!byEnv) counts.set(env, (byEnv = new Map()));
  let byTable = byEnv.get(table);
  if (!byTable) byEnv.set(table, (byTable = new Map()));
  const c = byTable.get(row.id) ?? { bytes: 0, packets: 0 };
  c.bytes += size;
  c.packets += 1;
  byTable.set(row.id, c);
}

/** Walks a chain: the verdict of the first final action, or `accept` when none takes the packet. */
export function runChain(env: Environment, table: string, hook: Hook, p: Packet, counts: Counts, depth = 0): Verdict {
  const rows = env.store.table(table).rows;
  if (!rows.length || depth > 16) return { action: 'accept' };
  for (const row of rows) {
    if (row.values.disabled === 'true' || row.values.chain !== hook.chain) continue;
    if (!ruleMatches(env, row, p, hook)) continue;
    count(counts, env, table, row, p.size);
    const action = row.values.action ?? 'accept';
    if (action === 'passthrough' || action === 'log' || action === 'add-src-to-address-list' || action === 'add-dst-to-address-list' || action === 'fasttrack-connection') continue;
    if (action === 'return') return { action: 'continue' };
    if (action === 'jump') {
      const v = runChain(env, table, { ...hook, chain: row.values['jump-target'] ?? '' }, p, counts, depth + 1);
      if (v.action === 'continue') continue;
      return v;
    }
    return { action, rule: row };
  }
  return { action: depth ? 'continue' : 'accept' };
}

/** Adds the counted packets to the rules' `bytes` and `packets`. */
export function applyCounts(counts: Counts) {
  for (const [env, byTable] of counts) {
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
