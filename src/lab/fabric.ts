// The lab's network as a function of the routers' models (./model.ts) and the links
// (Batfish's way, not a packet simulator): layer-2 domains first (links, bridges with and
// without VLAN filtering, VLAN interfaces), then who holds which address in each domain.
// Worked out again after a change to what it depends on; forwarding (./forward.ts),
// discovery and DHCP read it.

import type { Environment } from '../core/schema.js';
import type { Board, Device } from '../device/board.js';
import type { Router } from '../router.js';
import { canonical } from './family.js';
import type { LabHost } from './host.js';
import type { Interface, RouterModel } from './model.js';
import type { Join, TunnelPlane } from './tunnels/plane.js';

/** One router of the lab, as the network sees it. */
export interface LabNode {
  name: string;
  index: number;
  /** What the network reads of the node: its model, kept up to date with its configuration. */
  model: RouterModel;
  /** Where the lab publishes what it works out (dynamic records), and the router's clock. */
  env: Environment;
  /** The simulated hardware: carrier of the ports, traffic counters, uptime. */
  device: Device;
  board: Board;
  /** What the lab does on the router besides publishing: log lines, scripts. */
  router: Router;
}

/**
 * A node of the network: a router, or a Linux host (./host.ts), which has a model and the
 * counters of its interfaces and nothing of a router (`'router' in node` tells them apart).
 * Hosts come after the routers, so a router's index is the same in both lists.
 */
export type NetNode = LabNode | LabHost;

/** One end of a link, by node and the port's default name. */
export interface End { node: number; port: string }

/**
 * What joins ports: a cable between two (`switched` false), or a switch of the host that
 * joins every port linked to it (containerlab's `bridge` kind).
 */
export interface Wire { ends: End[]; switched: boolean }

/** An address on an interface that works: who answers ARP for it in a domain. */
export interface Host {
  node: number;
  /** The interface the address works on (a bridge port's address works on the bridge). */
  ifId: number;
  ip: string;
  prefix: number;
  mac: string;
}

/** A port of a node reached over the wires. */
export interface Reached { node: number; port: Interface }

export class Fabric {
  private parent = new Map<string, string>();
  /** Hosts of each layer-2 domain: who answers ARP (IPv4). */
  readonly hosts = new Map<string, Host[]>();
  /** Who answers neighbour solicitations (IPv6) in each domain: global and link-local addresses. */
  readonly hosts6 = new Map<string, Host[]>();

  /** The sections of each node's model the domains and hosts were worked out from. */
  private readonly read: { interfaces: RouterModel['interfaces']; addresses: RouterModel['addresses']; ipv6: RouterModel['ipv6'] }[];

  /** The layer-2 joins of the tunnels (EoIP, VXLAN) the domains were worked out with. */
  private readonly joins: readonly Join[];

  constructor(readonly nodes: readonly NetNode[], readonly wires: readonly Wire[], readonly tunnels?: TunnelPlane) {
    this.read = nodes.map((n) => ({ interfaces: n.model.interfaces, addresses: n.model.addresses, ipv6: n.model.ipv6 }));
    this.joins = tunnels?.joins ?? [];
    this.build();
  }

  /**
   * Whether the network is still what the models make it: no node's interfaces (carrier and
   * running state included) or addresses were read again since. A change elsewhere (a node's
   * identity, a route, a firewall rule) keeps the domains and hosts as they are.
   */
  current(): boolean {
    return this.nodes.length === this.read.length && this.joins === (this.tunnels?.joins ?? this.joins)
      && this.nodes.every((n, i) => n.model.interfaces === this.read[i].interfaces && n.model.addresses === this.read[i].addresses && n.model.ipv6 === this.read[i].ipv6);
  }

  private find(k: string): string {
    let root = k;
    for (let up = this.parent.get(root); up !== undefined && up !== root; up = this.parent.get(root)) root = up;
    // Path compression: every key on the way points at the root.
    for (let at = k; at !== root;) {
      const up = this.parent.get(at)!;
      this.parent.set(at, root);
      at = up;
    }
    return root;
  }

  private union(a: string, b: string) {
    const ra = this.find(a), rb = this.find(b);
    if (ra !== rb) this.parent.set(ra, rb);
  }

  /** The layer-2 domain an interface's untagged frames belong to. */
  domainOf(node: number, ifId: number): string {
    return this.find(`${node}:${ifId}:0`);
  }

  private build() {
    const tags = new Set<number>();
    for (const n of this.nodes) {
      const ifs = n.model.interfaces;
      for (const i of ifs.list) if (i.vlan) tags.add(i.vlan.id);
      for (const bv of ifs.bridgeVlans) for (const v of bv.vlanIds) tags.add(v);
      for (const p of ifs.ports) tags.add(p.pvid);
    }
    const all = [0, ...tags];
    const key = (node: number, id: number | string, tag: number) => `${node}:${id}:${tag}`;
    // Wires: every frame crosses, tagged or not, between the ports that run.
    for (const wire of this.wires) {
      const ends = this.running(wire);
      for (let i = 1; i < ends.length; i++) {
        for (const t of all) this.union(key(ends[0].node, ends[0].port.id, t), key(ends[i].node, ends[i].port.id, t));
      }
    }
    // Tunnels that carry frames (EoIP, VXLAN) join their running ends like a wire.
    for (const [a, b] of this.joins) {
      const ia = this.nodes[a.node].model.interfaces.byId.get(a.ifId), ib = this.nodes[b.node].model.interfaces.byId.get(b.ifId);
      if (ia?.running && ib?.running) for (const t of all) this.union(key(a.node, a.ifId, t), key(b.node, b.ifId, t));
    }
    for (const n of this.nodes) {
      const ifs = n.model.interfaces;
      const at = (id: number | undefined) => (id === undefined ? undefined : ifs.byId.get(id));
      const bridgeVlans = ifs.bridgeVlans.filter((bv) => bv.enabled);
      // A bridge joins its ports; with vlan-filtering, frames travel inside the bridge per VLAN
      // (`B#` is the bridge's switching inside, the bridge interface its CPU port).
      for (const port of ifs.ports) {
        if (!port.enabled) continue;
        const bridge = at(port.bridge), p = at(port.interface);
        if (!bridge || !p || !bridge.running || !p.running) continue;
        if (!bridge.bridgeSettings?.vlanFiltering) {
          for (const t of all) this.union(key(n.index, p.id, t), key(n.index, bridge.id, t));
          continue;
        }
        this.union(key(n.index, p.id, 0), key(n.index, `${bridge.id}#`, port.pvid));
        for (const bv of bridgeVlans) {
          if (bv.bridge !== bridge.id || !bv.tagged.includes(p.id)) continue;
          for (const v of bv.vlanIds) this.union(key(n.index, p.id, v), key(n.index, `${bridge.id}#`, v));
        }
      }
      for (const row of ifs.list) {
        if (row.bridgeSettings?.vlanFiltering && row.running) {
          this.union(key(n.index, row.id, 0), key(n.index, `${row.id}#`, row.bridgeSettings.pvid));
          for (const bv of bridgeVlans) {
            if (bv.bridge !== row.id || !bv.tagged.includes(row.id)) continue;
            for (const v of bv.vlanIds) this.union(key(n.index, row.id, v), key(n.index, `${row.id}#`, v));
          }
        }
        if (row.vlan && row.running) {
          const parent = at(row.vlan.parent);
          if (parent) this.union(key(n.index, row.id, 0), key(n.index, parent.id, row.vlan.id));
        }
        // A VRRP interface (on its master) is its parent's segment, with its own MAC address.
        if (row.vrrp && row.running) {
          const parent = at(row.vrrp.parent);
          if (parent) this.union(key(n.index, row.id, 0), key(n.index, parent.actual, 0));
        }
      }
    }
    // Who holds which address in each domain.
    const add = (map: Map<string, Host[]>, host: Host) => {
      const d = this.domainOf(host.node, host.ifId);
      const list = map.get(d) ?? [];
      list.push(host);
      map.set(d, list);
    };
    for (const n of this.nodes) {
      const ifs = n.model.interfaces;
      for (const addr of n.model.addresses.working[4]) {
        add(this.hosts, { node: n.index, ifId: addr.on!, ip: addr.ip, prefix: addr.prefix, mac: ifs.byId.get(addr.on!)!.mac });
      }
      if (n.model.ipv6.settings.disabled) continue;
      for (const addr of n.model.addresses.working[6]) {
        add(this.hosts6, { node: n.index, ifId: addr.on!, ip: canonical(addr.ip), prefix: addr.prefix, mac: ifs.byId.get(addr.on!)!.mac });
      }
      // Every running interface with a MAC address that is no bridge port has its link-local address.
      for (const i of ifs.list) {
        if (i.linkLocal && i.running && i.bridge === undefined) add(this.hosts6, { node: n.index, ifId: i.id, ip: i.linkLocal, prefix: 64, mac: i.mac });
      }
    }
  }

  /** The hosts of a family in a domain. */
  hostsOf(family: 4 | 6, domain: string): readonly Host[] {
    return (family === 4 ? this.hosts : this.hosts6).get(domain) ?? [];
  }

  /** Who answers ARP (IPv6: neighbour solicitation) for `ip` in the domain of a node's interface (not the node itself). */
  hostAt(node: number, ifId: number, ip: string): Host | undefined {
    const family = ip.includes(':') ? 6 : 4;
    const want = family === 6 ? canonical(ip) : ip;
    return this.hostsOf(family, this.domainOf(node, ifId)).find((h) => h.ip === want && h.node !== node);
  }

  /**
   * The ports of other routers a frame sent out of a node's port reaches without crossing
   * that node again: the far end of its link, and on through the far routers' bridges.
   */
  reach(node: number, port: Interface): Reached[] {
    const out: Reached[] = [];
    const seen = new Set<string>([`${node}:${port.id}`]);
    const queue: Reached[] = [{ node, port }];
    while (queue.length) {
      const here = queue.shift()!;
      for (const far of this.farEnds(here.node, here.port)) {
        if (seen.has(`${far.node}:${far.port.id}`)) continue;
        seen.add(`${far.node}:${far.port.id}`);
        if (far.node === node) continue;
        out.push(far);
        const ifs = this.nodes[far.node].model.interfaces;
        const bridge = far.port.bridge === undefined ? undefined : ifs.byId.get(far.port.bridge);
        if (!bridge || !bridge.running) continue;
        // With VLAN filtering an untagged frame stays in its port's VLAN (the access ports of that pvid).
        const pvid = (id: number) => ifs.ports.find((p) => p.interface === id)?.pvid ?? 1;
        const filtering = bridge.bridgeSettings?.vlanFiltering;
        for (const p of ifs.ports) {
          if (!p.enabled || p.bridge !== bridge.id) continue;
          if (filtering && p.pvid !== pvid(far.port.id)) continue;
          const other = p.interface === undefined ? undefined : ifs.byId.get(p.interface);
          if (!other || other.id === far.port.id || !other.running || seen.has(`${far.node}:${other.id}`)) continue;
          seen.add(`${far.node}:${other.id}`);
          queue.push({ node: far.node, port: other });
        }
      }
    }
    return out;
  }

  /**
   * The interfaces a frame between two nodes is counted on at `node`: the interface itself,
   * the interfaces it sits on (a VLAN's parent, a bridge) and the bridge port it leaves by.
   */
  countedOn(node: number, iface: Interface, toward: number): Interface[] {
    const ifs = this.nodes[node].model.interfaces;
    const out = [iface];
    let at = iface;
    for (let depth = 0; depth < 4 && at.vlan; depth++) {
      const parent = at.vlan.parent === undefined ? undefined : ifs.byId.get(at.vlan.parent);
      if (!parent) break;
      out.push(parent);
      at = parent;
    }
    if (at.type === 'bridge') {
      for (const p of ifs.ports) {
        if (!p.enabled || p.bridge !== at.id) continue;
        const port = p.interface === undefined ? undefined : ifs.byId.get(p.interface);
        if (port && port.running && this.reach(node, port).some((r) => r.node === toward)) { out.push(port); break; }
      }
    }
    return out;
  }

  /** The ends of a wire whose ports run. */
  private running(wire: Wire): Reached[] {
    const out: Reached[] = [];
    for (const end of wire.ends) {
      const port = this.nodes[end.node].model.interfaces.byDefaultName.get(end.port);
      if (port && port.running) out.push({ node: end.node, port });
    }
    return out;
  }

  /** The ports at the other ends of a running port's wire. */
  farEnds(node: number, port: Interface): Reached[] {
    const name = port.defaultName;
    if (!name || !port.running) return [];
    const wire = this.wires.find((w) => w.ends.some((e) => e.node === node && e.port === name));
    return wire ? this.running(wire).filter((e) => e.node !== node || e.port.id !== port.id) : [];
  }
}
