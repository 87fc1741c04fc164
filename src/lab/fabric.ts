// The lab's network as a function of the routers' configurations and the links (Batfish's
// way, not a packet simulator): layer-2 domains first (links, bridges with and without VLAN
// filtering, VLAN interfaces), then who holds which address in each domain. Worked out again
// after a change to what it depends on; forwarding (./forward.ts), discovery and DHCP read it.

import type { Environment } from '../core/schema.js';
import { parseId, type Row } from '../core/store.js';
import type { Board, Device } from '../device/board.js';
import { INTERFACE_TABLE, PORT_TABLE, bridgeOfInterface, isRunning, macOf } from '../menus/interface/interface.js';

/** One router of the lab, as the network sees it. */
export interface LabNode {
  name: string;
  index: number;
  env: Environment;
  device: Device;
  board: Board;
}

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

/** `*1A` -> 0x1A; a name -> the interface of that name. */
export function interfaceRow(env: Environment, stored: string | undefined): Row | undefined {
  if (!stored) return undefined;
  const table = env.store.table(INTERFACE_TABLE);
  const id = stored.startsWith('*') ? parseId(stored) : undefined;
  return id !== undefined ? table.get(id) : table.byKey.get(stored);
}

/** The port of a node by its default name (`ether2`), whatever the user renamed it to. */
export function portByDefaultName(env: Environment, port: string): Row | undefined {
  for (const row of env.store.table(INTERFACE_TABLE).rows) if (row.values['default-name'] === port) return row;
  return undefined;
}

/** VLAN ids of `10,20-22`. */
function vlanIds(text: string | undefined): number[] {
  const out: number[] = [];
  for (const part of (text ?? '').split(',')) {
    const [a, b] = part.split('-').map(Number);
    if (!Number.isInteger(a)) continue;
    for (let v = a; v <= (Number.isInteger(b) ? b : a) && v <= 4094; v++) out.push(v);
  }
  return out;
}

/** Whether a list of interfaces (`bridge,ether3` or `*6,*3`) names this interface. */
function names(env: Environment, list: string | undefined, row: Row): boolean {
  return (list ?? '').split(',').some((item) => item !== '' && interfaceRow(env, item) === row);
}

/** The interface an address works on: a bridge port's address works on its bridge. */
export function actualInterface(env: Environment, row: Row): Row {
  return bridgeOfInterface(env, row.id) ?? row;
}

export class Fabric {
  private parent = new Map<string, string>();
  /** Hosts of each layer-2 domain. */
  readonly hosts = new Map<string, Host[]>();

  constructor(readonly nodes: readonly LabNode[], readonly wires: readonly Wire[]) {
    this.build();
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
      for (const row of n.env.store.table(INTERFACE_TABLE).rows) {
        if (row.values.type === 'vlan') tags.add(Number(row.values['vlan-id'] ?? 1));
      }
      for (const row of n.env.store.table('interface/bridge/vlan').rows) for (const v of vlanIds(row.values['vlan-ids'])) tags.add(v);
      for (const row of n.env.store.table(PORT_TABLE).rows) tags.add(Number(row.values.pvid ?? 1));
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
    for (const n of this.nodes) {
      const env = n.env;
      const ifaces = env.store.table(INTERFACE_TABLE);
      const bridgeVlans = env.store.table('interface/bridge/vlan').rows.filter((r) => r.values.disabled !== 'true');
      // A bridge joins its ports; with vlan-filtering, frames travel inside the bridge per VLAN
      // (`B#` is the bridge's switching inside, the bridge interface its CPU port).
      for (const port of env.store.table(PORT_TABLE).rows) {
        if (port.values.disabled === 'true') continue;
        const bridge = interfaceOf(env, port.values.bridge), p = interfaceOf(env, port.values.interface);
        if (!bridge || !p || !isRunning(env, bridge) || !isRunning(env, p)) continue;
        if (bridge.values['vlan-filtering'] !== 'true') {
          for (const t of all) this.union(key(n.index, p.id, t), key(n.index, bridge.id, t));
          continue;
        }
        this.union(key(n.index, p.id, 0), key(n.index, `${bridge.id}#`, Number(port.values.pvid ?? 1)));
        for (const bv of bridgeVlans) {
          if (interfaceOf(env, bv.values.bridge) !== bridge) continue;
          for (const v of vlanIds(bv.values['vlan-ids'])) {
            if (names(env, bv.values.tagged, p)) this.union(key(n.index, p.id, v), key(n.index, `${bridge.id}#`, v));
          }
        }
      }
      for (const row of ifaces.rows) {
        if (row.values.type === 'bridge' && row.values['vlan-filtering'] === 'true' && isRunning(env, row)) {
          this.union(key(n.index, row.id, 0), key(n.index, `${row.id}#`, Number(row.values.pvid ?? 1)));
          for (const bv of bridgeVlans) {
            if (interfaceOf(env, bv.values.bridge) !== row || !names(env, bv.values.tagged, row)) continue;
            for (const v of vlanIds(bv.values['vlan-ids'])) this.union(key(n.index, row.id, v), key(n.index, `${row.id}#`, v));
          }
        }
        if (row.values.type === 'vlan' && isRunning(env, row)) {
          const parent = interfaceOf(env, row.values.interface);
          if (parent) this.union(key(n.index, row.id, 0), key(n.index, parent.id, Number(row.values['vlan-id'] ?? 1)));
        }
        // A VRRP interface (on its master) is its parent's segment, with its own MAC address.
        if (row.values.type === 'vrrp' && isRunning(env, row)) {
          const parent = interfaceOf(env, row.values.interface);
          if (parent) this.union(key(n.index, row.id, 0), key(n.index, actualInterface(env, parent).id, 0));
        }
      }
    }
    // Who holds which address in each domain.
    for (const n of this.nodes) {
      for (const addr of n.env.store.table('ip/address').rows) {
        if (addr.values.disabled === 'true' || !addr.values.address) continue;
        const row = interfaceOf(n.env, addr.values.interface);
        if (!row) continue;
        const actual = actualInterface(n.env, row);
        if (!isRunning(n.env, actual)) continue;
        const [ip, len] = addr.values.address.split('/');
        const d = this.domainOf(n.index, actual.id);
        const list = this.hosts.get(d) ?? [];
        list.push({ node: n.index, ifId: actual.id, ip, prefix: Number(len ?? 32), mac: macOf(n.env, actual) });
        this.hosts.set(d, list);
      }
    }
  }

  /** Who answers ARP for `ip` in the domain of a node's interface (not the node itself). */
  hostAt(node: number, ifId: number, ip: string): Host | undefined {
    return this.hosts.get(this.domainOf(node, ifId))?.find((h) => h.ip === ip && h.node !== node);
  }

  /**
   * The ports of other routers a frame sent out of a node's port reaches without crossing
   * that node again: the far end of its link, and on through the far routers' bridges.
   */
  reach(node: number, port: Row): { node: number; port: Row }[] {
    const out: { node: number; port: Row }[] = [];
    const seen = new Set<string>([`${node}:${port.id}`]);
    const queue: { node: number; port: Row }[] = [{ node, port }];
    while (queue.length) {
      const here = queue.shift()!;
      for (const far of this.farEnds(here.node, here.port)) {
      if (seen.has(`${far.node}:${far.port.id}`)) continue;
      seen.add(`${far.node}:${far.port.id}`);
      if (far.node === node) continue;
      out.push(far);
      const env = this.nodes[far.node].env;
      const bridge = bridgeOfInterface(env, far.port.id);
      if (!bridge || !isRunning(env, bridge)) continue;
      // With VLAN filtering an untagged frame stays in its port's VLAN (the access ports of that pvid).
      const ports = env.store.table(PORT_TABLE).rows;
      const pvid = (row: Row) => ports.find((p) => interfaceOf(env, p.values.interface) === row)?.values.pvid ?? '1';
      const filtering = bridge.values['vlan-filtering'] === 'true';
      for (const p of ports) {
        if (p.values.disabled === 'true' || interfaceOf(env, p.values.bridge) !== bridge) continue;
        if (filtering && (p.values.pvid ?? '1') !== pvid(far.port)) continue;
        const other = interfaceOf(env, p.values.interface);
        if (!other || other === far.port || !isRunning(env, other) || seen.has(`${far.node}:${other.id}`)) continue;
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
  countedOn(node: number, iface: Row, toward: number): Row[] {
    const env = this.nodes[node].env;
    const out = [iface];
    let at = iface;
    for (let depth = 0; depth < 4 && at.values.type === 'vlan'; depth++) {
      const parent = interfaceOf(env, at.values.interface);
      if (!parent) break;
      out.push(parent);
      at = parent;
    }
    if (at.values.type === 'bridge') {
      for (const p of env.store.table(PORT_TABLE).rows) {
        if (p.values.disabled === 'true' || interfaceOf(env, p.values.bridge) !== at) continue;
        const port = interfaceOf(env, p.values.interface);
        if (port && isRunning(env, port) && this.reach(node, port).some((r) => r.node === toward)) { out.push(port); break; }
      }
    }
    return out;
  }

  /** The ends of a wire whose ports run. */
  private running(wire: Wire): { node: number; port: Row }[] {
    const out: { node: number; port: Row }[] = [];
    for (const end of wire.ends) {
      const env = this.nodes[end.node].env;
      const port = portByDefaultName(env, end.port);
      if (port && isRunning(env, port)) out.push({ node: end.node, port });
    }
    return out;
  }

  /** The ports at the other ends of a running port's wire. */
  farEnds(node: number, port: Row): { node: number; port: Row }[] {
    const name = port.values['default-name'];
    if (!name || !isRunning(this.nodes[node].env, port)) return [];
    const wire = this.wires.find((w) => w.ends.some((e) => e.node === node && e.port === name));
    return wire ? this.running(wire).filter((e) => e.node !== node || e.port.id !== port.id) : [];
  }
}

/** The interface a stored reference (`*6`) or name points at. */
export function interfaceOf(env: Environment, stored: string | undefined): Row | undefined {
  return interfaceRow(env, stored);
}

