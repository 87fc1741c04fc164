// DHCP between the lab's routers: a /ip/dhcp-client whose interface shares a layer-2 domain
// with an enabled /ip/dhcp-server of another router gets a lease from the server's pool, with
// the gateway and DNS of the server's /ip/dhcp-server/network. The client then holds what a
// real one holds: a dynamic /ip/address, a dynamic default route (add-default-route=yes) and
// `status=bound`; the server shows the dynamic lease. Without a server the client keeps
// `searching...`. Leases are memory only, as a real client's are across a reboot of the lab.

import type { Environment } from '../core/schema.js';
import { formatId, parseId, type Mutation, type Row } from '../core/store.js';
import { formatDuration, intToIp, ipToInt, maskOf, parseDuration } from '../core/values.js';
import { isRunning } from '../menus/interface/interface.js';
import { actualInterface, interfaceOf, type Fabric } from './fabric.js';
import { workingAddresses } from './forward.js';

/** What one client holds. */
export interface Binding {
  /** The server's router and /ip/dhcp-server record. */
  server: { node: number; id: number; name: string };
  ip: string;
  prefix: number;
  gateway?: string;
  dns: string[];
  serverAddress: string;
  leaseMs: number;
  mac: string;
  /** Dynamic records made for it: the client's address and route, the server's lease. */
  addressId?: number;
  routeId?: number;
  leaseId?: number;
}

const inNetwork = (ip: string, net: string, prefix: number) => ((ipToInt(ip) & maskOf(prefix)) >>> 0) === ((ipToInt(net) & maskOf(prefix)) >>> 0);

/** Addresses of a pool's ranges (`10.0.0.10-10.0.0.20,10.0.1.0/24`), in order. */
function* poolAddresses(ranges: string): Generator<string> {
  for (const part of ranges.split(',').filter(Boolean)) {
    let lo: number, hi: number;
    if (part.includes('-')) { const [a, b] = part.split('-'); lo = ipToInt(a); hi = ipToInt(b); }
    else { const [a, len] = part.split('/'); const l = Number(len ?? 32); lo = (ipToInt(a) & maskOf(l)) >>> 0; hi = (lo + 2 ** (32 - l) - 1) >>> 0; if (l < 31) { lo++; hi--; } }
    for (let n = lo; n <= hi; n++) yield intToIp(n);
  }
}

export class Dhcp {
  /** Bindings by client: `node:clientId`. */
  readonly bindings = new Map<string, Binding>();

  constructor(private readonly fabric: () => Fabric) {}

  /** Brings every client's binding in line with the network as it is now. */
  settle() {
    const fabric = this.fabric();
    const seen = new Set<string>();
    for (const n of fabric.nodes) {
      for (const client of n.env.store.table('ip/dhcp-client').rows) {
        const key = `${n.index}:${client.id}`;
        seen.add(key);
        const want = this.offer(fabric, n.index, client);
        const have = this.bindings.get(key);
        if (have && want && have.server.node === want.server.node && have.server.id === want.server.id && have.ip === want.ip
          && have.gateway === want.gateway && have.prefix === want.prefix) continue;
        if (have) this.release(fabric, n.index, have);
        this.bindings.delete(key);
        if (want) {
          this.bind(fabric, n.index, client, want);
          this.bindings.set(key, want);
        }
      }
    }
    for (const [key, b] of this.bindings) {
      if (seen.has(key)) continue;
      this.release(fabric, Number(key.split(':')[0]), b);
      this.bindings.delete(key);
    }
  }

  /** What a server in the client's domain offers it, if any does. */
  private offer(fabric: Fabric, node: number, client: Row): Binding | undefined {
    const env = fabric.nodes[node].env;
    if (client.values.disabled === 'true') return undefined;
    const iface = interfaceOf(env, client.values.interface);
    if (!iface || !isRunning(env, iface)) return undefined;
    const actual = actualInterface(env, iface);
    const domain = fabric.domainOf(node, actual.id);
    const mac = fabric.hosts.get(domain)?.find((h) => h.node === node)?.mac ?? macOfPort(env, iface);
    const key = `${node}:${client.id}`;
    for (const s of fabric.nodes) {
      if (s.index === node) continue;
      for (const server of s.env.store.table('ip/dhcp-server').rows) {
        if (server.values.disabled === 'true') continue;
        const sIface = interfaceOf(s.env, server.values.interface);
        if (!sIface) continue;
        const sActual = actualInterface(s.env, sIface);
        if (!isRunning(s.env, sActual) || fabric.domainOf(s.index, sActual.id) !== domain) continue;
        const serverAddress = workingAddresses(s.env).find((a) => a.iface.id === sActual.id);
        if (!serverAddress) continue;
        const ip = this.allocate(fabric, s.env, s.index, server, key, domain);
        if (!ip) continue;
        const network = s.env.store.table('ip/dhcp-server/network').rows.find((r) => {
          const [net, len] = (r.values.address ?? '').split('/');
          return net && inNetwork(ip, net, Number(len ?? 32));
        });
        const [, netLen] = (network?.values.address ?? `${serverAddress.ip}/${serverAddress.prefix}`).split('/');
        const netmask = Number(network?.values.netmask ?? 0);
        const gateway = network?.values.gateway && network.values.gateway !== '0.0.0.0' ? network.values.gateway : undefined;
        const dns = network?.values['dns-none'] === 'true' ? [] : (network?.values['dns-server'] ?? '').split(',').filter(Boolean);
        let leaseMs = 1_800_000;
        try { leaseMs = parseDuration(server.values['lease-time'] ?? '30m'); } catch { /* the default stands */ }
        return {
          server: { node: s.index, id: server.id, name: server.values.name ?? '' }, ip, prefix: netmask || Number(netLen ?? 24),
          gateway, dns, serverAddress: serverAddress.ip, leaseMs, mac,
        };
      }
    }
    return undefined;
  }

  /** The client's address from the server's pool: the one it had, or the first free one. */
  private allocate(fabric: Fabric, env: Environment, node: number, server: Row, client: string, domain: string): string | undefined {
    const poolRef = server.values['address-pool'];
    if (!poolRef || poolRef === 'static-only') return undefined;
    const poolId = poolRef.startsWith('*') ? parseId(poolRef) : undefined;
    const pool = poolId !== undefined ? env.store.table('ip/pool').get(poolId) : env.store.table('ip/pool').byKey.get(poolRef);
    if (!pool?.values.ranges) return undefined;
    const mine = this.bindings.get(client);
    if (mine && mine.server.node === node && mine.server.id === server.id) return mine.ip;
    const taken = new Set<string>();
    for (const [k, b] of this.bindings) if (k !== client && b.server.node === node) taken.add(b.ip);
    for (const l of env.store.table('ip/dhcp-server/lease').rows) if (!l.dynamic && l.values.address) taken.add(l.values.address);
    for (const h of fabric.hosts.get(domain) ?? []) taken.add(h.ip);
    try {
      for (const ip of poolAddresses(pool.values.ranges)) if (!taken.has(ip)) return ip;
    } catch { /* a range the router would not take */ }
    return undefined;
  }

  private bind(fabric: Fabric, node: number, client: Row, b: Binding) {
    const env = fabric.nodes[node].env;
    const changes: Mutation[] = [];
    const network = intToIp((ipToInt(b.ip) & maskOf(b.prefix)) >>> 0);
    const addr = env.store.newRow('ip/address', { address: `${b.ip}/${b.prefix}`, network, interface: client.values.interface ?? '' }, true);
    changes.push({ op: 'insert', table: 'ip/address', row: addr });
    b.addressId = addr.id;
    if ((client.values['add-default-route'] ?? 'yes') !== 'no' && b.gateway) {
      const route = env.store.newRow('ip/route', {
        'dst-address': '0.0.0.0/0', gateway: b.gateway, distance: client.values['default-route-distance'] ?? '1',
        'routing-table': 'main', scope: '30', 'target-scope': '10', dhcp: 'true',
      }, true);
      changes.push({ op: 'insert', table: 'ip/route', row: route });
      b.routeId = route.id;
    }
    env.store.commit(changes);
    const s = fabric.nodes[b.server.node];
    const identity = env.store.table('system/identity').rows[0]?.values.name ?? 'MikroTik';
    const lease = s.env.store.newRow('ip/dhcp-server/lease', {
      address: b.ip, 'mac-address': b.mac, 'client-id': `1:${b.mac.toLowerCase()}`, server: formatId(b.server.id),
      status: 'bound', 'host-name': identity, 'active-address': b.ip, 'active-mac-address': b.mac,
      'active-client-id': `1:${b.mac.toLowerCase()}`, 'active-server': b.server.name,
      'expires-after': formatDuration(b.leaseMs), 'last-seen': '0s', radius: 'false', blocked: 'false',
    }, true);
    s.env.store.commit([{ op: 'insert', table: 'ip/dhcp-server/lease', row: lease }]);
    b.leaseId = lease.id;
  }

  private release(fabric: Fabric, node: number, b: Binding) {
    const env = fabric.nodes[node]?.env;
    const gone = (e: Environment, table: string, id?: number) => (id !== undefined && e.store.table(table).get(id) ? [{ op: 'delete' as const, table, id }] : []);
    if (env) {
      const changes = [...gone(env, 'ip/address', b.addressId), ...gone(env, 'ip/route', b.routeId)];
      if (changes.length) env.store.commit(changes);
    }
    const s = fabric.nodes[b.server.node]?.env;
    if (s) {
      const changes = gone(s, 'ip/dhcp-server/lease', b.leaseId);
      if (changes.length) s.store.commit(changes);
    }
  }

  /** What /ip/dhcp-client shows of a client. */
  state(node: number, client: Row): Record<string, string> {
    if (client.values.disabled === 'true') return { status: 'stopped' };
    const b = this.bindings.get(`${node}:${client.id}`);
    if (!b) return { status: 'searching...' };
    const out: Record<string, string> = {
      status: 'bound', address: `${b.ip}/${b.prefix}`, 'dhcp-server': b.serverAddress, 'expires-after': formatDuration(b.leaseMs),
    };
    if (b.gateway) out.gateway = b.gateway;
    if (b.dns[0]) out['primary-dns'] = b.dns[0];
    if (b.dns[1]) out['secondary-dns'] = b.dns[1];
    return out;
  }
}

function macOfPort(env: Environment, row: Row): string {
  return row.values['mac-address'] ?? row.values['orig-mac-address'] ?? '00:00:00:00:00:00';
}
