// DHCPv6 prefix delegation between the lab's routers (RFC 8415), computed as the routers
// converge rather than with packets. A `/ipv6 dhcp-client` that requests a prefix
// (`request=prefix`) on an interface sharing a layer-2 domain with an enabled
// `/ipv6 dhcp-server` of another router gets the next free prefix of the server's pool
// (`prefix-pool`, in releases before it `address-pool`; each `prefix-length` long, in the
// order of the clients). The client then holds what a real one holds: a dynamic `/ipv6 pool`
// of its `pool-name` with that prefix (`pool-prefix-length` long pieces, for its own
// `from-pool` addresses and servers), a default route by the server's link-local address
// when `add-default-route=yes`, and `status=bound`; the server shows the binding and routes
// the prefix to the client's link-local address (`route-distance`). A client that requests an
// address (`request=address`) gets one /128 of the server's `address-pool` (on a release
// where `prefix-pool` delegates), a dynamic `/ipv6 address` on its interface. Without a server
// the client keeps `searching...`. Bindings are memory only, as a real client's are across a
// reboot of the lab.

import { networkText, prefixOf } from '../core/prefix.js';
import { formatId } from '../core/store.js';
import { formatDuration } from '../core/values.js';
import type { Fabric } from './fabric.js';
import { isLinkLocal } from './family.js';
import type { DhcpClient, DhcpServer } from './model.js';
import type { Published, RoutingContext, Stage } from './routing/context.js';

/** What one client holds: a delegated prefix, an address (IA_NA), or both. */
interface Binding {
  server: { node: number; name: string; linkLocal: string };
  prefix?: string;
  address?: string;
  leaseMs: number;
}

/** The `index`-th piece of `length` bits of a pool's prefix, or undefined past its end. */
function piece(pool: string, length: number, index: number): string | undefined {
  const p = prefixOf(pool);
  if (!p || p.bits !== 128 || length < p.len || length > 128) return undefined;
  if (BigInt(index) >= 1n << BigInt(length - p.len)) return undefined;
  const net = p.net + (BigInt(index) << BigInt(128 - length));
  const bytes: string[] = [];
  for (let i = 7; i >= 0; i--) bytes.push(((net >> BigInt(i * 16)) & 0xffffn).toString(16));
  return networkText(`${bytes.join(':')}/${length}`);
}

/** A client's DUID as the server shows it: DUID-LL (type 3, Ethernet) of its port's MAC address. */
const duidOf = (mac: string) => `0x00030001${mac.replace(/:/g, '').toLowerCase()}`;

export class Dhcp6 implements Stage {
  readonly name = 'dhcp6';
  readonly topics = 'dhcp';
  readonly inputs = ['ipv6/dhcp-server', 'ipv6/dhcp-client', 'ipv6/pool', 'ipv6/settings', 'interface', 'interface/bridge/port'];
  /** Bindings by client: `node:clientId`. */
  private readonly bindings = new Map<string, Binding>();

  /** The state of one client as /ipv6/dhcp-client shows it. */
  state(node: number, client: DhcpClient): Record<string, string> {
    if (!client.enabled) return { status: 'stopped' };
    const b = this.bindings.get(`${node}:${client.id}`);
    if (!b) return { status: 'searching...' };
    const life = formatDuration(b.leaseMs);
    return {
      status: 'bound', ...(b.prefix ? { prefix: `${b.prefix}, ${life}` } : {}), ...(b.address ? { address: `${b.address}, ${life}` } : {}),
      'dhcp-server-v6': b.server.linkLocal,
    };
  }

  run(ctx: RoutingContext) {
    const fabric = ctx.fabric();
    this.bindings.clear();
    const pools: Published[] = ctx.nodes.map(() => new Map());
    const routes: Published[] = ctx.nodes.map(() => new Map());
    const leases: Published[] = ctx.nodes.map(() => new Map());
    const addresses: Published[] = ctx.nodes.map(() => new Map());
    /** Pieces given out per server and kind: `node:serverId pd|na`. */
    const given = new Map<string, number>();
    const take = (key: string, make: (index: number) => string | undefined) => {
      const index = given.get(key) ?? 0;
      const got = make(index);
      if (got) given.set(key, index + 1);
      return got;
    };
    for (const n of ctx.nodes) {
      for (const client of n.model.dhcp.clients) {
        const wantPrefix = !!client.request?.includes('prefix'), wantAddress = !!client.request?.includes('address');
        if (client.family !== 6 || !client.enabled || (!wantPrefix && !wantAddress) || client.interface === undefined) continue;
        const iface = n.model.interfaces.byId.get(client.interface);
        if (!iface?.running || !iface.linkLocal || n.model.ipv6.settings.disabled) continue;
        const found = this.server(fabric, n.index, client.interface);
        if (!found) continue;
        const { node: s, server, linkLocal, port } = found;
        const theirs = fabric.nodes[s].model.dhcp.ipv6Pools;
        const pool = wantPrefix && server.prefixPool ? theirs.get(server.prefixPool) : undefined;
        const addressPool = wantAddress && server.addressPool ? theirs.get(server.addressPool) : undefined;
        // An address (IA_NA) is one /128 of the address pool's prefix, from its first host on.
        const address = addressPool?.prefix ? take(`${s}:${server.id} na`, (i) => piece(addressPool.prefix, 128, i + 1)) : undefined;
        const prefix = pool?.prefix ? take(`${s}:${server.id} pd`, (i) => piece(pool.prefix, pool.prefixLength, i)) : undefined;
        if (!prefix && !address) continue;
        this.bindings.set(`${n.index}:${client.id}`, { server: { node: s, name: server.name, linkLocal }, prefix, address, leaseMs: server.leaseMs });
        if (address) {
          addresses[n.index].set(`${client.id}`, { address, interface: formatId(iface.id), advertise: 'false', 'no-dad': 'false' });
          leases[s].set(`${n.index}:${client.id} na`, {
            address, duid: duidOf(iface.mac), iaid: '0', 'ia-type': 'na', 'life-time': formatDuration(server.leaseMs), server: server.name, status: 'bound', 'last-seen': '0s',
          });
        }
        if (client.addDefaultRoute) {
          routes[n.index].set(`${client.id}`, {
            'dst-address': '::/0', gateway: `${linkLocal}%${iface.name}`, distance: client.defaultRouteDistance, scope: '30', 'target-scope': '10', 'routing-table': 'main',
          });
        }
        if (!prefix || !pool) continue;
        if (client.poolName) {
          const length = Math.max(client.poolPrefixLength ?? 64, pool.prefixLength);
          pools[n.index].set(`${client.id}`, { name: client.poolName, prefix, 'prefix-length': String(length) });
        }
        const portName = fabric.nodes[s].model.interfaces.byId.get(port)?.name ?? '';
        routes[s].set(`binding ${n.index}:${client.id}`, {
          'dst-address': prefix, gateway: `${iface.linkLocal}%${portName}`, distance: server.routeDistance ?? '1', scope: '30', 'target-scope': '10', 'routing-table': 'main',
        });
        leases[s].set(`${n.index}:${client.id}`, {
          address: prefix, duid: duidOf(iface.mac), iaid: '0', 'ia-type': 'pd', 'life-time': formatDuration(server.leaseMs),
          server: server.name, status: 'bound', 'last-seen': '0s',
        });
      }
    }
    for (const n of ctx.nodes) {
      ctx.publish(n.index, 'ipv6/pool', this.name, pools[n.index]);
      ctx.publish(n.index, 'ipv6/route', this.name, routes[n.index]);
      ctx.publish(n.index, 'ipv6/dhcp-server/binding', this.name, leases[n.index]);
      ctx.publish(n.index, 'ipv6/address', this.name, addresses[n.index]);
    }
  }

  /** The first enabled DHCPv6 server of another router in the domain of a client's interface. */
  private server(fabric: Fabric, node: number, ifId: number): { node: number; server: DhcpServer; linkLocal: string; port: number } | undefined {
    for (const h of fabric.hostsOf(6, fabric.domainOf(node, ifId))) {
      if (h.node === node || !isLinkLocal(h.ip)) continue;
      const model = fabric.nodes[h.node].model;
      const server = model.dhcp.servers.find((s) => s.family === 6 && s.enabled && s.interface !== undefined
        && (model.interfaces.byId.get(s.interface)?.actual ?? s.interface) === h.ifId);
      if (server) return { node: h.node, server, linkLocal: h.ip, port: h.ifId };
    }
    return undefined;
  }
}
