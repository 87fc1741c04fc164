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
import { directoryReason, makeDirectory } from '../core/directory.js';
import { Store } from '../core/store.js';
import { Router, type FaceName } from '../router.js';
import { UPSTREAM_DEFAULTS, type Endpoint, type UpstreamService } from '../device/upstream.js';

/** The ports the lab's firewalls see the router's own queries go to: the real 53 and 123. */
const SERVICE_PORTS = UPSTREAM_DEFAULTS;
import { FACE_NAMES } from '../services/services.js';
import { firstBoot, firstBootDone, readyNodeDir } from './boot.js';
import { Dhcp } from './dhcp.js';
import { neighborsOf } from './discovery.js';
import { Fabric, type End, type LabNode, type NetNode, type Wire } from './fabric.js';
import { serveExec } from './control.js';
import { LabHost } from './host.js';
import { slaacOf } from './host-slaac.js';
import { hostCommand } from './host-commands.js';
import type { Run } from './host-ping.js';
import { Forwarder, type Learned } from './forward.js';
import { RouterModelCache } from './model-router.js';
import { nodeBoard, type Topology } from './topology.js';
import { Routing } from './routing/converge.js';
import { LabTls } from './tls.js';
import { TunnelPlane } from './tunnels/plane.js';
import { Tunnels } from './tunnels/stage.js';

export interface LabOptions {
  dataDir: string;
  listen: string;
  loginKeepMs?: number;
  requestLimitMs?: number;
  /** Routers started at once (each opens its store and binds its services). */
  parallel?: number;
  /** containerlab's `deploy --reconfigure`: every node boots afresh, its certificate made anew. */
  reconfigure?: boolean;
  /**
   * Stops the start: nodes under way finish or are left for the next start to boot afresh,
   * those started are stopped, and start throws LabStopped.
   */
  signal?: AbortSignal;
  /** Told as each node has booted (its services listening). */
  booted?: (booted: number, total: number) => void;
  /** A node's kept port was taken by another program: the face listens on a free one. */
  portTaken?: (node: string, face: FaceName, wanted: number, bound: number) => void;
}

/** A start stopped by its signal: how far it came. */
export class LabStopped extends Error {
  constructor(readonly booted: number, readonly total: number) {
    super(`stopped while starting: ${booted} of ${total} nodes booted`);
  }
}

/** Tables whose change changes the network (carrier, domains, hosts, discovery, DHCP). */
const NETWORK_TABLES = new Set([
  'interface', 'interface/bridge/port', 'interface/bridge/vlan', 'ip/address', 'ip/neighbor/discovery-settings',
  'interface/list', 'interface/list/member', 'system/identity', 'ip/dhcp-client', 'ip/dhcp-server', 'ip/pool',
  'ip/dhcp-server/network', 'ip/dhcp-server/lease',
  // What a Linux host's SLAAC reads of the routers (./host-slaac.ts).
  'ipv6/address', 'ipv6/nd', 'ipv6/nd/prefix', 'ipv6/settings',
]);

/** containerlab's management port (eth0) is wired to the management network. */
const MANAGEMENT_PORT = 'ether1';
const HOST_MANAGEMENT_PORT = 'eth0';

export class Lab {
  readonly nodes: (LabNode & { router: Router })[] = [];
  /** The topology's Linux hosts, numbered after the routers (./host.ts). */
  readonly hosts: LabHost[] = [];
  private readonly wires: Wire[] = [];
  private fabricKept?: Fabric;
  private readonly learned: Learned[] = [];
  private readonly forwarder = new Forwarder(() => this.fabric(), this.learned);
  private readonly dhcp = new Dhcp(() => this.fabric());
  /** The tunnels that carry, worked out by their stage of the routing (./tunnels). */
  readonly tunnels = new TunnelPlane(this.nodes);
  /** VRRP, tunnels, OSPF and BGP, computed from the configurations after every change they depend on. */
  readonly routing = new Routing(this.nodes, () => this.fabric(), () => { this.fabricKept = undefined; },
    new Tunnels(this.tunnels, (from, p) => this.forwarder.reaches(from, p)));
  private settling?: NodeJS.Immediate;
  private stopped = false;

  private constructor(readonly topology: Topology, readonly options: LabOptions) {}

  /**
   * Starts every node of the topology, `parallel` at a time; on a failure (or its signal),
   * stops those started, removes the nodes whose first boot did not finish, and throws.
   */
  static async start(topology: Topology, options: LabOptions): Promise<Lab> {
    const lab = new Lab(topology, options);
    try {
      makeDirectory(options.dataDir);
    } catch (e) {
      throw new Error(`data directory ${options.dataDir} is not usable: ${directoryReason(e)}`);
    }
    const total = topology.nodes.length;
    let next = 0, booted = 0, failure: unknown;
    try {
      Store.blank(lab.blank);
      if (topology.nodes.some((n) => n.certificate)) lab.tls = new LabTls(options.dataDir, topology.name, !!options.reconfigure);
      // Each worker takes the next node when it is done with one, until the first failure.
      const worker = async () => {
        while (next < total && failure === undefined && !options.signal?.aborted) {
          const i = next++;
          try {
            await lab.startNode(topology.nodes[i], i);
          } catch (e) {
            failure ??= e;
            return;
          }
          options.booted?.(++booted, total);
        }
      };
      await Promise.all(Array.from({ length: Math.min(options.parallel ?? 8, total) }, worker));
      await Promise.all(lab.finishing);
    } catch (e) {
      failure ??= e;
    }
    fs.rmSync(lab.blank, { force: true });
    if (options.signal?.aborted) failure = new LabStopped(booted, total);
    if (failure !== undefined) {
      await lab.stop();
      for (const dir of lab.halfMade) fs.rmSync(dir, { recursive: true, force: true });
      throw failure;
    }
    topology.hosts.forEach((h, i) => {
      lab.hosts.push(new LabHost(h.name, total + i, h.config));
      lab.learned[total + i] = { arp: new Map(), nd: new Map() };
    });
    lab.wires.push(...wiresOf(topology));
    for (const n of lab.nodes) {
      n.device.network.lab = new NodeView(lab, n.index);
      n.env.store.onCommit((tables) => lab.changed(n.index, tables));
    }
    lab.carriers();
    lab.settle();
    if (lab.hosts.length) {
      const exec = await serveExec(lab, options.listen);
      lab.control = exec.url;
      lab.closeControl = exec.close;
    }
    lab.writeLabJson();
    return lab;
  }

  /** The blank store each new node's begins as, while the lab starts (Store.blank). */
  private get blank() { return path.join(this.options.dataDir, '.blank-config.db'); }

  /** The lab's certificate authority, when a node gets a certificate. */
  private tls?: LabTls;
  /** Directories of nodes whose first boot is under way (or failed). */
  private readonly halfMade = new Set<string>();

  private async startNode(node: Topology['nodes'][number], index: number) {
    const board = nodeBoard(node);
    const dataDir = path.join(this.options.dataDir, node.name);
    const boot = await readyNodeDir(dataDir, !!this.options.reconfigure || node.enforceStartupConfig, this.blank);
    if (boot === 'first') this.halfMade.add(dataDir);
    // At first boot every face on a free port (ssh too: a thousand routers cannot share port 22),
    // which the router keeps (/ip/service, the stand-in ports), so that the node listens there
    // again at every start.
    const ports = boot === 'first' ? Object.fromEntries(FACE_NAMES.map((k) => [k, 0])) : {};
    const router = await Router.start({
      dataDir, listen: this.options.listen, ports,
      loginKeepMs: this.options.loginKeepMs ?? 600_000, requestLimitMs: this.options.requestLimitMs ?? 60_000,
      board: node.board, rosVersion: node.rosVersion, noDefaults: true, deferSync: boot === 'first',
      ...(node.ports ? { hardware: { ports: node.ports } } : {}),
      portTaken: (service, wanted, bound) => this.options.portTaken?.(node.name, service, wanted, bound),
    });
    const env = router.engine as unknown as Environment;
    const device = env.services.device as Device;
    this.nodes[index] = { name: node.name, index, env, device, board, router, model: new RouterModelCache(env, device, board) };
    this.learned[index] = { arp: new Map(), nd: new Map() };
    if (boot === 'again') return;
    const tls = node.certificate && this.tls ? await this.tls.node(node.name, this.options.listen, node.certificate) : undefined;
    await firstBoot(router, node, { index, tls, signal: this.options.signal });
    // Booted once what the first boot enabled listens (www-ssl, api-ssl).
    await router.services?.settled();
    // The first boot on disk before its mark goes (its writes did not wait for the disk), while
    // the next nodes boot: the flushes wait on the disk, the next boot on the CPU. The lab's
    // start waits for them all.
    const done = router.store.durable().then(() => firstBootDone(dataDir)).then(() => {
      this.halfMade.delete(dataDir);
    });
    done.catch(() => { /* told by the start, which awaits it */ });
    this.finishing.push(done);
  }

  /** First boots on their way to the disk (startNode). */
  private readonly finishing: Promise<void>[] = [];

  /** The network as the configurations make it now. */
  fabric(): Fabric {
    if (!this.fabricKept?.current()) this.fabricKept = new Fabric([...this.nodes, ...this.hosts], this.wires, this.tunnels);
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
    for (const h of this.hosts) h.autoconfigured(slaacOf(this.fabric(), h));
    this.routing.converge();
  }

  /**
   * Carrier on every port: a cabled port has it while its far end is enabled; a port linked to
   * a switch of the host, while the switch is there (always).
   */
  private carriers() {
    const wireOf = new Map<string, Wire>();
    for (const w of this.wires) for (const e of w.ends) wireOf.set(`${e.node}:${e.port}`, w);
    const all: NetNode[] = [...this.nodes, ...this.hosts];
    /** Whether the far end of a cable is enabled (a host's port: set up). */
    const farEnabled = (wire: Wire, node: number, port: string) => {
      const other = wire.ends.find((e) => e.node !== node || e.port !== port)!;
      const end = all[other.node].model.interfaces.byDefaultName.get(other.port);
      return !!end && end.enabled;
    };
    for (const h of this.hosts) {
      const carrier = new Map<string, boolean>();
      for (const l of h.config.links) {
        if (l.vlan) continue;
        const wire = wireOf.get(`${h.index}:${l.name}`);
        // eth0 is on the management network, as in containerlab.
        carrier.set(l.name, wire ? wire.switched || farEnabled(wire, h.index, l.name) : l.name === HOST_MANAGEMENT_PORT);
      }
      h.setCarrier(carrier);
    }
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
          up = farEnabled(wire, n.index, port!);
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

  /**
   * A command run on a Linux host (`vrouter lab exec NODE -- CMD`): ping, or an exec line
   * (./host-exec.ts) that changes the host as it would at start.
   */
  async exec(node: string, argv: readonly string[]): Promise<Run> {
    const host = this.hosts.find((h) => h.name === node);
    if (!host) {
      const known = this.nodes.some((n) => n.name === node);
      return { stdout: '', stderr: known ? `node ${node} is a RouterOS router: reach it at its ports in lab.json (ssh, api, www)\n` : `no node ${node} in lab ${this.topology.name}\n`, code: 1 };
    }
    return hostCommand(host, argv, {
      probe: (req) => this.probe(host.index, req),
      changed: () => { this.carriers(); this.settle(); },
    });
  }

  arp(node: number) {
    return [...this.learned[node].arp.values()];
  }

  /** The IPv6 neighbours a node learned from traffic (neighbour discovery). */
  nd(node: number) {
    return [...this.learned[node].nd.values()];
  }

  dhcpState(node: number, id: number): Record<string, string> | undefined {
    const client = this.nodes[node].model.dhcp.clients.find((c) => c.family === 4 && c.id === id);
    return client ? this.dhcp.state(node, client) : undefined;
  }

  dhcp6State(node: number, id: number): Record<string, string> | undefined {
    const client = this.nodes[node].model.dhcp.clients.find((c) => c.family === 6 && c.id === id);
    return client ? this.routing.dhcp6.state(node, client) : undefined;
  }

  /** The neighbours a node hears on each of its ports, by the discovery settings of both ends. */
  neighbors(node: number): NeighborEntry[] {
    return neighborsOf(this.nodes, this.fabric(), node);
  }

  /** Where `vrouter lab exec` reaches the lab (./control.ts): `http://127.0.0.1:PORT/exec`. */
  control?: string;
  private closeControl?: () => Promise<void>;
  private written?: string;
  private portWatch?: NodeJS.Timeout;

  /**
   * lab.json in the lab's data directory: every node's services and where they listen (each
   * face the router has bound, whichever faces it has), and the CA that signed the nodes'
   * certificates. Kept up to date while the lab runs: a node that reboots, or whose
   * /ip/service changes, listens elsewhere.
   */
  writeLabJson() {
    const nodes: Record<string, Record<string, number>> = {};
    for (const n of this.nodes) nodes[n.name] = Object.fromEntries(faces(n.router).map((f) => [f, n.router.bound[f]!]));
    // Hosts are reached through the lab's exec (./control.ts), not ports of their own.
    const hosts = this.hosts.length ? { hosts: this.hosts.map((h) => h.name), ...(this.control ? { exec: this.control } : {}) } : {};
    const text = JSON.stringify({ name: this.topology.name, ...(this.tls ? { ca: this.tls.caFile } : {}), nodes, ...hosts }, null, 2) + '\n';
    if (text !== this.written) fs.writeFileSync(path.join(this.options.dataDir, 'lab.json'), text);
    this.written = text;
    this.portWatch ??= setInterval(() => { if (!this.stopped) this.writeLabJson(); }, 500).unref();
  }

  async stop() {
    this.stopped = true;
    this.routing.stop();
    if (this.portWatch) clearInterval(this.portWatch);
    if (this.settling) clearImmediate(this.settling);
    await Promise.all([...this.nodes.filter(Boolean).map((n) => n.router.stop()), this.closeControl?.()]);
  }
}

/**
 * The faces a router listens with, in one order for every node whichever it bound first (that
 * of `vrouter --help`'s port flags).
 */
export function faces(router: Router): FaceName[] {
  const rank = (f: FaceName) => (FACE_NAMES.includes(f) ? FACE_NAMES.indexOf(f) : FACE_NAMES.length);
  return (Object.keys(router.bound) as FaceName[]).sort((a, b) => rank(a) - rank(b));
}

/** What one router of the lab sees of the network. */
class NodeView implements LabView {
  constructor(private readonly lab: Lab, private readonly node: number) {}

  probe(request: ProbeRequest): ProbeResult { return this.lab.probe(this.node, request); }

  neighbors(): NeighborEntry[] { return this.lab.neighbors(this.node); }

  arp() {
    return this.lab.arp(this.node).map((e) => ({ key: `${e.ifId} ${e.address}`, values: { address: e.address, interface: `*${e.ifId.toString(16).toUpperCase()}`, 'mac-address': e.mac } }));
  }

  nd() {
    return this.lab.nd(this.node).map((e) => ({
      key: `${e.ifId} ${e.address}`,
      values: { address: e.address, interface: `*${e.ifId.toString(16).toUpperCase()}`, 'mac-address': e.mac, router: String(!!e.router), status: 'reachable' },
    }));
  }

  dhcpClient(id: number) { return this.lab.dhcpState(this.node, id); }

  dhcp6Client(id: number) { return this.lab.dhcp6State(this.node, id); }

  wireguardPeer(id: number) { return this.lab.tunnels.peerState(this.node, id); }

  serviceAt(address: string, service: UpstreamService) { return this.lab.serviceAt(this.node, address, service); }
}


/**
 * The wires of a topology: a cable for each link between two routers, and one switched
 * segment per group of switches linked together, joining every router port linked to them.
 * The far side of a one-ended link (./links.ts) is a switch of its own, or the one it shares
 * with others (the management network, a host interface's macvlans), so its port has a
 * carrier and only the ports sharing it as peers.
 */
function wiresOf(topology: Topology): Wire[] {
  // Hosts are numbered after the routers.
  const index = new Map([...topology.nodes.map((n) => n.name), ...topology.hosts.map((h) => h.name)].map((name, i) => [name, i]));
  // Names no node can have (a node's name starts with a letter or digit).
  const pairs = topology.links.map((l, i) => (l.ends.length === 2 ? l.ends : [l.ends[0], { node: `#${l.shared ?? `link${i + 1}`}`, port: '' }]));
  const switches = new Set([...topology.switches, ...pairs.flatMap((p) => p.map((e) => e.node).filter((n) => n.startsWith('#')))]);
  const group = new Map<string, string>([...switches].map((s) => [s, s]));
  const root = (s: string): string => { let r = s; while (group.get(r) !== r) r = group.get(r)!; return r; };
  const wires: Wire[] = [];
  const segments = new Map<string, End[]>();
  for (const [a, b] of pairs) {
    if (switches.has(a.node) && switches.has(b.node)) group.set(root(a.node), root(b.node));
  }
  for (const [a, b] of pairs) {
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
