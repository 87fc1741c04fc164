// What BGP is configured to do on one router, for its model (./model.ts): each connection
// with its templates' values under its own (the router's inheritance: a connection's own
// value wins), its instance's AS (7.20's /routing/bgp/instance), and the router id and
// multipath setting of its instances. ./routing/bgp.ts pairs the routers' connections into
// sessions and exchanges routes.

import type { Environment } from '../core/schema.js';
import { parseId, type Row } from '../core/store.js';
import { networkText, prefixOf } from '../core/prefix.js';
import { canonical } from './family.js';
import { routingTableName } from '../menus/references.js';
import type { BgpConnection, BgpModel } from './model.js';

const num = (v: string | undefined): number | undefined => (v === undefined || v === '' || !/^\d+$/.test(v) ? undefined : Number(v));
const yes = (v: string | undefined) => v === 'true' || v === 'yes';
const IPV4 = /^\d+\.\d+\.\d+\.\d+$/;

/** Rows a list of references names (`*1,*2` or names), in order. */
function named(env: Environment, table: string, list: string | undefined): Row[] {
  const t = env.store.table(table);
  return (list ?? '').split(',').filter(Boolean).map((item) => {
    const id = item.startsWith('*') ? parseId(item) : undefined;
    return id !== undefined ? t.get(id) : t.rows.find((r) => r.values.name === item);
  }).filter((r): r is Row => r !== undefined);
}

function connections(env: Environment): BgpConnection[] {
  const out: BgpConnection[] = [];
  for (const row of env.store.table('routing/bgp/connection').rows) {
    if (row.values.disabled === 'true' || row.dynamic) continue;
    const v: Record<string, string> = {};
    for (const t of named(env, 'routing/bgp/template', row.values.templates)) {
      if (t.values.disabled === 'true') continue;
      for (const [k, val] of Object.entries(t.values)) if (val !== '' && !k.startsWith('.')) v[k] = val;
    }
    for (const [k, val] of Object.entries(row.values)) if (val !== '' && !k.startsWith('.')) v[k] = val;
    // 7.20's /routing/bgp/instance holds the AS a connection names through `instance`.
    const instance = named(env, 'routing/bgp/instance', v.instance)[0];
    // `169.254.169.254/32` (a real export's form) is one address like `169.254.169.254`; an
    // IPv6 address is one spelling however written (`2001:DB8:0::2` is `2001:db8::2`).
    const remoteRaw = (v['remote.address'] ?? '').split('%')[0];
    const remote = prefixOf(remoteRaw) ?? undefined;
    const remoteText = !remote ? '' : remote.len === remote.bits ? canonical(remoteRaw.split('/')[0]) : networkText(remoteRaw) ?? '';
    const local = prefixOf(v['local.address'] ?? '');
    out.push({
      id: row.id, name: v.name ?? `*${row.id.toString(16).toUpperCase()}`,
      as: num(v.as) ?? num(instance?.values.as), remoteAs: num(v['remote.as']),
      remote, remoteText,
      local: local && local.len === local.bits ? canonical(v['local.address'].split('/')[0]) : undefined,
      role: v['local.role'] ?? '', multihop: yes(v.multihop), md5: v['tcp-md5-key'] ?? '',
      connect: v.connect === undefined || yes(v.connect), listen: v.listen === undefined || yes(v.listen),
      holdTime: v['hold-time'] ?? '3m', keepalive: v['keepalive-time'] ?? '1m',
      inputFilter: v['input.filter'], outputFilter: v['output.filter-chain'], outputNetwork: v['output.network'],
      redistribute: (v['output.redistribute'] ?? '').split(',').filter(Boolean),
      defaultOriginate: v['output.default-originate'] ?? 'never', nexthopChoice: v['nexthop-choice'] ?? 'default',
      routingTable: v['routing-table'] ? routingTableName(env, v['routing-table']) : routingTableName(env, v.vrf, 'vrf'), allowAs: num(v['input.allow-as']) ?? 0,
      asOverride: yes(v['output.as-override']),
      routerId: IPV4.test(v['router-id'] ?? '') ? v['router-id'] : undefined,
      afi: (v.afi ?? v['address-families'] ?? 'ip').split(','),
    });
  }
  return out;
}

/**
 * The router id BGP's instances give: the first enabled /routing/bgp/instance or /routing/id
 * with one (RouterOS picks one of its addresses otherwise: ./routing/bgp.ts).
 */
function routerId(env: Environment): string | undefined {
  for (const t of ['routing/bgp/instance', 'routing/id']) {
    for (const r of env.store.table(t).rows) {
      const id = r.values['router-id'] ?? r.values.id;
      if (r.values.disabled !== 'true' && id && IPV4.test(id)) return id;
    }
  }
  return undefined;
}

export function readBgp(env: Environment): BgpModel {
  return {
    connections: connections(env),
    routerId: routerId(env),
    multipath: env.store.table('routing/bgp/instance').rows.some((r) => r.values.disabled !== 'true' && yes(r.values.multipath)),
  };
}
