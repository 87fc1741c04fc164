// A lab: many routers in one process, joined by links. Each node is a router exactly as
// `vrouter` runs one (its own data directory under the lab's, its own services on free
// ports); the lab adds the wires. It owns the links, follows every router's configuration
// (carrier on the ports, the computed network of ./fabric.ts), and answers each router's
// questions about the network through the device layer's narrow interface (LabView).

import fs from 'node:fs';
import path from 'node:path';
import type { Environment } from '../core/schema.js';
import type { Device } from '../device/board.js';
import type { LabView, NeighborEntry, ProbeRequest, ProbeResult } from '../device/network.js';
import { UPSTREAM_DEFAULTS, type Endpoint, type UpstreamService } from '../device/upstream.js';

/** The ports the lab's firewalls see the router's own queries go to: the real 53 and 123. */
const SERVICE_PORTS = UPSTREAM_DEFAULTS;
import { Router } from '../router.js';
import { FACE_NAMES } from '../services/services.js';
import { Dhcp } from './dhcp.js';
import { neighborsOf } from './discovery.js';
import { Fabric, type End, type LabNode, type Wire } from './fabric.js';
import { Forwarder, type Learned } from './forward.js';
import { RouterModelCache } from './model-router.js';
import { nodeBoard, type Topology } from './topology.js';
import { Routing } from './routing/converge.js';

export interface LabOptions {
  dataDir: string;
  listen: string;
  loginKeepMs?: number;
  requestLimitMs?: number;
  /** Routers started at once (each opens its store and binds its services). */
  parallel?: number;
}

/** Tables whose change changes the network (carrier, domains, hosts, discovery, DHCP). */
const NETWORK_TABLES = new Set([
  'interface', 'interface/bridge/port', 'interface/bridge/vlan', 'ip/address', 'ip/neighbor/discovery-settings',
  'interface/list', 'interface/list/member', 'system/identity', 'ip/dhcp-client', 'ip/dhcp-server', 'ip/pool',
  'ip/dhcp-server/network', 'ip/dhcp-server/lease',
]);

/** containerlab's management port (eth0) is wired to the management network. */
const MANAGEMENT_PORT = 'ether1';

export class Lab {
  readonly nodes: (LabNode & { router: Router })[] = [];
  private readonly wires: Wire[] = [];
  private fabricKept?: Fabric;
  private readonly learned: Learned[] = [];
  private readonly forwarder = new Forwarder(() => this.fabric(), this.learned);
  private readonly dhcp = new Dhcp(() => this.fabric());
  /** OSPF, BGP and VRRP, computed from the configurations after every change they depend on. */
  readonly routing = new Routing(this.nodes, () => this.fabric(), () => { this.fabricKept = undefined; });
  private settling?: NodeJS.Immediate;
  private stopped = false;

  private constructor(readonly topology: Topology, readonly options: LabOptions) {}

  /** Starts every node of the topology; on a failure, stops those started and throws. */
  static async start(topology: Topology, options: LabOptions): Promise<Lab> {
    const lab = new Lab(topology, options);
    fs.mkdirSync(options.dataDir, { recursive: true });
    const parallel = options.parallel ?? 8;
    try {
      for (let i = 0; i < topology.nodes.length; i += parallel) {
        await Promise.all(topology.nodes.slice(i, i + parallel).map((n, j) => lab.startNode(n, i + j)));
      }
    } catch (e) {
      await lab.stop();
      throw e;
    }
    lab.wires.push(...wiresOf(topology));
    for (const n of lab.nodes) {
      n.device.network.lab = new NodeView(lab, n.index);
      n.env.store.onCommit((tables) => lab.changed(n.index, tables));
    }
    lab.carriers();
    lab.settle();
    lab.writeLabJson();
    return lab;
  }

  private async startNode(node: Topology['nodes'][number], index: number) {
    const board = nodeBoard(node);
    // Every face on a free port, ssh too once the router has it: a thousand routers cannot share port 22.
    const ports = Object.fromEntries(FACE_NAMES.map((k) => [k, 0]));
    const router = await Router.start({
      dataDir: path.join(this.options.dataDir, node.name), listen: this.options.listen, ports,
      loginKeepMs: this.options.loginKeepMs ?? 600_000, requestLimitMs: this.options.requestLimitMs ?? 60_000,
      board: node.board, rosVersion: node.rosVersion, noDefaults: true,
      ...(node.ports ? { hardware: { ports: node.ports } } : {}),
    });
    const env = router.engine as unknown as Environment;
    const device = env.services.device as Device;
    this.nodes[index] = { name: node.name, index, env, device, board, router, model: new RouterModelCache(env, device, board) };
    this.learned[index] = { arp: new Map() };
    if (router.store.fresh) await firstBoot(env, node.name, index, node.startupConfig, router);
  }

  /** The network as the configurations make it now. */
  fabric(): Fabric {
    if (!this.fabricKept?.current()) this.fabricKept = new Fabric(this.nodes, this.wires);
    return this.fabricKept;
  }

  private changed(node: number, tables: ReadonlySet<string>) {
    // The protocols' own records (routes, neighbours, sessions) are results, not configuration.
    if (this.routing.publishing || this.stopped) return;
    let relevant = false;
    for (const t of tables) if (NETWORK_TABLES.has(t)) { relevant = true; break; }
    if (!relevant && !this.routing.dependsOn(tables)) return;
    if (tables.has('interface')) this.carriers();
    // DHCP follows once the change is done (a watcher must not commit inside a commit).
    this.settling ??= setImmediate(() => { this.settling = undefined; this.settle(); });
  }

  private settle() {
    if (this.stopped) return;
    try {
      this.dhcp.settle();
    } catch (e) {
      for (const n of this.nodes) n.router.log('dhcp,error', `lab: ${(e as Error).message}`);
    }
    this.routing.converge();
  }

  /**
   * Carrier on every port: a cabled port has it while its far end is enabled; a port linked to
   * a switch of the host, while the switch is there (always).
   */
  private carriers() {
    const wireOf = new Map<string, Wire>();
    for (const w of this.wires) for (const e of w.ends) wireOf.set(`${e.node}:${e.port}`, w);
    for (const n of this.nodes) {
      for (const row of n.model.interfaces.list) {
        if (row.type !== 'ether') continue;
        const port = row.defaultName;
        const wire = port ? wireOf.get(`${n.index}:${port}`) : undefined;
        let up: boolean;
        if (!wire) {
          up = port === MANAGEMENT_PORT;
        } else if (wire.switched) {
          up = true;
        } else {
          const other = wire.ends.find((e) => e.node !== n.index || e.port !== port)!;
          const end = this.nodes[other.node].model.interfaces.byDefaultName.get(other.port);
          up = !!end && end.enabled;
        }
        n.device.setLink(row.id, up);
      }
    }
  }

  probe(node: number, req: ProbeRequest): ProbeResult {
    return this.forwarder.probe(node, req);
  }

  /**
   * A node's own DNS or NTP query to `address`: when a node has that address, the datagram
   * travels the lab's network there and back as a probe does (routes, firewall with its UDP
   * port, NAT), and that node's face on loopback answers it (routeros-facts.md 45.11).
   */
  serviceAt(node: number, address: string, service: UpstreamService): Endpoint | null | undefined {
    const owner = this.nodes.find((n) => n.model.addresses[4].some((a) => a.enabled && a.ip === address));
    if (!owner) return undefined;
    const there = this.forwarder.probe(node, { address, ttl: 64, size: 48, protocol: 'udp', dstPort: SERVICE_PORTS[service] });
    const port = owner.router.bound[service];
    if (there.status !== 'reply' || port === undefined) return null;
    return { host: this.options.listen === '0.0.0.0' ? '127.0.0.1' : this.options.listen === '::' ? '::1' : this.options.listen, port };
  }

  arp(node: number) {
    return [...this.learned[node].arp.values()];
  }

  dhcpState(node: number, id: number): Record<string, string> | undefined {
    const client = this.nodes[node].model.dhcp.clients.find((c) => c.family === 4 && c.id === id);
    return client ? this.dhcp.state(node, client) : undefined;
  }

  /** The neighbours a node hears on each of its ports, by the discovery settings of both ends. */
  neighbors(node: number): NeighborEntry[] {
    return neighborsOf(this.nodes, this.fabric(), node);
  }

  private written?: string;
  private portWatch?: NodeJS.Timeout;

  /**
   * lab.json in the lab's data directory: every node's services and where they listen. Kept
   * up to date while the lab runs: a node that reboots, or whose /ip/service changes, listens
   * elsewhere.
   */
  writeLabJson() {
    const nodes: Record<string, Record<string, number>> = {};
    for (const n of this.nodes) nodes[n.name] = { ...n.router.bound } as Record<string, number>;
    const text = JSON.stringify({ name: this.topology.name, nodes }, null, 2) + '\n';
    if (text !== this.written) fs.writeFileSync(path.join(this.options.dataDir, 'lab.json'), text);
    this.written = text;
    this.portWatch ??= setInterval(() => { if (!this.stopped) this.writeLabJson(); }, 500).unref();
  }

  async stop() {
    this.stopped = true;
    this.routing.stop();
    if (this.portWatch) clearInterval(this.portWatch);
    if (this.settling) clearImmediate(this.settling);
    await Promise.all(this.nodes.filter(Boolean).map((n) => n.router.stop()));
  }
}

/**
 * A node's first boot in the lab: the node's name as its identity, its own MAC addresses (a
 * lab's routers must not share one), then its startup-config, run as an import.
 */
async function firstBoot(env: Environment, name: string, index: number, startupConfig: string | undefined, router: Router) {
  const changes = [];
  const hi = ((index + 1) >> 8) & 255, lo = (index + 1) & 255;
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(2, '0');
  for (const row of env.store.table('interface').rows) {
    const mac = row.values['orig-mac-address'];
    if (!mac?.startsWith('D4:01:C3:00:00:')) continue;
    changes.push({ op: 'update' as const, table: 'interface', id: row.id, values: { ...row.values, 'orig-mac-address': `D4:01:C3:${hex(hi)}:${hex(lo)}:${mac.slice(-2)}` } });
  }
  const identity = env.store.table('system/identity').rows[0];
  if (identity) changes.push({ op: 'update' as const, table: 'system/identity', id: identity.id, values: { ...identity.values, name } });
  else changes.push({ op: 'insert' as const, table: 'system/identity', row: env.store.newRow('system/identity', { name }, false) });
  env.store.commit(changes);
  if (!startupConfig) return;
  const source = fs.readFileSync(startupConfig, 'utf8');
  try {
    await router.runScript(source, 'console');
  } catch (e) {
    throw new Error(`node ${name}: startup-config ${path.basename(startupConfig)}: ${(e as Error).message.split('\n')[0]}`);
  }
}

/** What one router of the lab sees of the network. */
class NodeView implements LabView {
  constructor(private readonly lab: Lab, private readonly node: number) {}

  probe(request: ProbeRequest): ProbeResult { return this.lab.probe(this.node, request); }

  neighbors(): NeighborEntry[] { return this.lab.neighbors(this.node); }

  arp() {
    return this.lab.arp(this.node).map((e) => ({ key: `${e.ifId} ${e.address}`, values: { address: e.address, interface: `*${e.ifId.toString(16).toUpperCase()}`, 'mac-address': e.mac } }));
  }

  dhcpClient(id: number) { return this.lab.dhcpState(this.node, id); }

  serviceAt(address: string, service: UpstreamService) { return this.lab.serviceAt(this.node, address, service); }
}


/**
 * The wires of a topology: a cable for each link between two routers, and one switched
 * segment per group of switches linked together, joining every router port linked to them.
 */
function wiresOf(topology: Topology): Wire[] {
  const index = new Map(topology.nodes.map((n, i) => [n.name, i]));
  const switches = new Set(topology.switches);
  const group = new Map<string, string>(topology.switches.map((s) => [s, s]));
  const root = (s: string): string => { let r = s; while (group.get(r) !== r) r = group.get(r)!; return r; };
  const wires: Wire[] = [];
  const segments = new Map<string, End[]>();
  for (const { a, b } of topology.links) {
    if (switches.has(a.node) && switches.has(b.node)) group.set(root(a.node), root(b.node));
  }
  for (const { a, b } of topology.links) {
    const sa = switches.has(a.node), sb = switches.has(b.node);
    if (sa && sb) continue;
    if (!sa && !sb) { wires.push({ ends: [{ node: index.get(a.node)!, port: a.port }, { node: index.get(b.node)!, port: b.port }], switched: false }); continue; }
    const [sw, router] = sa ? [a, b] : [b, a];
    const key = root(sw.node);
    segments.set(key, [...(segments.get(key) ?? []), { node: index.get(router.node)!, port: router.port }]);
  }
  for (const ends of segments.values()) wires.push({ ends, switched: true });
  return wires;
}
