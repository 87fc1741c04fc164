// DHCP between the lab's routers: a /ip/dhcp-client whose interface shares a layer-2 domain
// with an enabled /ip/dhcp-server of another router gets a lease from the server's pool, with
// the gateway and DNS of the server's /ip/dhcp-server/network. The client then holds what a
// real one holds: a dynamic /ip/address, a dynamic default route (add-default-route=yes) and
// `status=bound`; the server shows the dynamic lease. Without a server the client keeps
// `searching...`. Leases are memory only, as a real client's are across a reboot of the lab.

import type { Environment } from '../core/schema.js';
import { formatId, type Mutation } from '../core/store.js';
import { formatDuration, intToIp, ipToInt, maskOf } from '../core/values.js';
import type { Fabric, LabNode } from './fabric.js';
import type { DhcpClient, DhcpServer } from './model.js';

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
  /** The client's interface as its record names it (a host's: `eth1`). */
  dev: string;
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

/**
 * A client id of type 1 (Ethernet) and a MAC address as the router prints it: each byte in
 * hex without its leading zero (`1:e4:d:36:5c:2d:b2`; real exports, routeros-facts.md 56).
 */
export function clientIdOf(mac: string): string {
  return `1:${mac.split(':').map((b) => parseInt(b, 16).toString(16)).join(':')}`;
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
      for (const client of n.model.dhcp.clients) {
        if (client.family !== 4) continue;
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
  private offer(fabric: Fabric, node: number, client: DhcpClient): Binding | undefined {
    const ifs = fabric.nodes[node].model.interfaces;
    if (!client.enabled) return undefined;
    const iface = client.interface === undefined ? undefined : ifs.byId.get(client.interface);
    if (!iface || !iface.running) return undefined;
    const domain = fabric.domainOf(node, iface.actual);
    const mac = fabric.hosts.get(domain)?.find((h) => h.node === node)?.mac ?? iface.storedMac ?? '00:00:00:00:00:00';
    const key = `${node}:${client.id}`;
    for (const s of fabric.nodes) {
      if (s.index === node) continue;
      const model = s.model;
      for (const server of model.dhcp.servers) {
        if (server.family !== 4 || !server.enabled) continue;
        const sIface = server.interface === undefined ? undefined : model.interfaces.byId.get(server.interface);
        if (!sIface) continue;
        const sActual = model.interfaces.byId.get(sIface.actual)!;
        if (!sActual.running || fabric.domainOf(s.index, sActual.id) !== domain) continue;
        const serverAddress = model.addresses.working[4].find((a) => a.on === sActual.id);
        if (!serverAddress) continue;
        const ip = this.allocate(fabric, s.index, server, key, domain);
        if (!ip) continue;
        const network = model.dhcp.networks.find((r) => {
          const [net, len] = r.address.split('/');
          return net && inNetwork(ip, net, Number(len ?? 32));
        });
        const [, netLen] = (network?.address ?? `${serverAddress.ip}/${serverAddress.prefix}`).split('/');
        const dns = network?.dnsNone ? [] : [...(network?.dnsServers ?? [])];
        return {
          server: { node: s.index, id: server.id, name: server.name }, ip, prefix: (network?.netmask ?? 0) || Number(netLen ?? 24),
          gateway: network?.gateway, dns, serverAddress: serverAddress.ip, leaseMs: server.leaseMs, mac, dev: client.interfaceRef,
        };
      }
    }
    return undefined;
  }

  /** The client's address from the server's pool: the one it had, or the first free one. */
  private allocate(fabric: Fabric, node: number, server: DhcpServer, client: string, domain: string): string | undefined {
    const ranges = server.poolRanges;
    if (!ranges) return undefined;
    const mine = this.bindings.get(client);
    if (mine && mine.server.node === node && mine.server.id === server.id) return mine.ip;
    const taken = new Set<string>();
    for (const [k, b] of this.bindings) if (k !== client && b.server.node === node) taken.add(b.ip);
    for (const address of fabric.nodes[node].model.dhcp.staticLeases) taken.add(address);
    for (const h of fabric.hosts.get(domain) ?? []) taken.add(h.ip);
    try {
      for (const ip of poolAddresses(ranges)) if (!taken.has(ip)) return ip;
    } catch { /* a range the router would not take */ }
    return undefined;
  }

  private bind(fabric: Fabric, node: number, client: DhcpClient, b: Binding) {
    this.hold(fabric, node, client, b);
    const s = fabric.nodes[b.server.node] as LabNode;
    const holder = fabric.nodes[node];
    // A router sends its identity and its MAC address as client id; a host, what its client program sends.
    const sent = 'router' in holder ? { hostName: holder.model.system.identity, clientId: true } : holder.dhcpClient(client.interfaceRef);
    const clientId: Record<string, string> = sent?.clientId !== false ? { 'client-id': clientIdOf(b.mac), 'active-client-id': clientIdOf(b.mac) } : {};
    const lease = s.env.store.newRow('ip/dhcp-server/lease', {
      address: b.ip, 'mac-address': b.mac, ...clientId, server: formatId(b.server.id),
      status: 'bound', ...(sent?.hostName ? { 'host-name': sent.hostName } as Record<string, string> : {}), 'active-address': b.ip, 'active-mac-address': b.mac,
      'active-server': b.server.name,
      'expires-after': formatDuration(b.leaseMs), 'last-seen': '0s', radius: 'false', blocked: 'false',
    }, true);
    s.env.store.commit([{ op: 'insert', table: 'ip/dhcp-server/lease', row: lease }]);
    b.leaseId = lease.id;
  }

  /**
   * The client takes what it was given: a router's client as dynamic records of its own
   * (address, default route), a Linux host's in its model (./host.ts).
   */
  private hold(fabric: Fabric, node: number, client: DhcpClient, b: Binding) {
    const holder = fabric.nodes[node];
    if (!('router' in holder)) {
      holder.leased(client.interfaceRef, { dev: client.interfaceRef, ip: b.ip, prefix: b.prefix, ...(client.addDefaultRoute && b.gateway ? { gateway: b.gateway } : {}) });
      return;
    }
    const env = holder.env;
    const changes: Mutation[] = [];
    const network = intToIp((ipToInt(b.ip) & maskOf(b.prefix)) >>> 0);
    const addr = env.store.newRow('ip/address', { address: `${b.ip}/${b.prefix}`, network, interface: client.interfaceRef }, true);
    changes.push({ op: 'insert', table: 'ip/address', row: addr });
    b.addressId = addr.id;
    if (client.addDefaultRoute && b.gateway) {
      const route = env.store.newRow('ip/route', {
        'dst-address': '0.0.0.0/0', gateway: b.gateway, distance: client.defaultRouteDistance,
        'routing-table': 'main', scope: '30', 'target-scope': '10', dhcp: 'true',
      }, true);
      changes.push({ op: 'insert', table: 'ip/route', row: route });
      b.routeId = route.id;
    }
    env.store.commit(changes);
  }

  private release(fabric: Fabric, node: number, b: Binding) {
    const holder = fabric.nodes[node];
    if (holder && !('router' in holder)) holder.leased(b.dev, undefined);
    const env = holder && 'router' in holder ? holder.env : undefined;
    const gone = (e: Environment, table: string, id?: number) => (id !== undefined && e.store.table(table).get(id) ? [{ op: 'delete' as const, table, id }] : []);
    if (env) {
      const changes = [...gone(env, 'ip/address', b.addressId), ...gone(env, 'ip/route', b.routeId)];
      if (changes.length) env.store.commit(changes);
    }
    const s = (fabric.nodes[b.server.node] as LabNode | undefined)?.env;
    if (s) {
      const changes = gone(s, 'ip/dhcp-server/lease', b.leaseId);
      if (changes.length) s.store.commit(changes);
    }
  }

  /** What /ip/dhcp-client shows of a client. */
  state(node: number, client: DhcpClient): Record<string, string> {
    if (!client.enabled) return { status: 'stopped' };
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
