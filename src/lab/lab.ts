// A lab: many routers in one process, joined by links. Each node is a router exactly as
// `vrouter` runs one (its own data directory under the lab's, its own services on free
// ports); the lab adds the wires. It owns the links, follows every router's configuration
// (carrier on the ports, the computed network of ./fabric.ts), and answers each router's
// questions about the network through the device layer's narrow interface (LabView).

import fs from 'node:fs';
import path from 'node:path';
import type { Environment } from '../core/schema.js';
import type { Row } from '../core/store.js';
import type { Device } from '../device/board.js';
import type { LabView, NeighborEntry, ProbeRequest, ProbeResult } from '../device/network.js';
import { formatDuration } from '../core/values.js';
import { INTERFACE_TABLE, bridgeOfInterface, isRunning, macOf } from '../menus/interface/interface.js';
import { writeLog } from '../menus/log.js';
import { consoleOf } from '../menus/console.js';
import { grantedPolicies } from '../menus/user/user.js';
import { Router } from '../router.js';
import { FACE_NAMES } from '../services/services.js';
import { Dhcp } from './dhcp.js';
import { Fabric, portByDefaultName, type End, type LabNode, type Wire } from './fabric.js';
import { Forwarder, workingAddresses, type Learned } from './forward.js';
import { inInterfaceList } from './firewall.js';
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
  INTERFACE_TABLE, 'interface/bridge/port', 'interface/bridge/vlan', 'ip/address', 'ip/neighbor/discovery-settings',
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
    this.nodes[index] = { name: node.name, index, env, device, board, router };
    this.learned[index] = { arp: new Map() };
    if (router.store.fresh) await firstBoot(env, node.name, index, node.startupConfig);
  }

  /** The network as the configurations make it now. */
  fabric(): Fabric {
    return (this.fabricKept ??= new Fabric(this.nodes, this.wires));
  }

  private changed(node: number, tables: ReadonlySet<string>) {
    // The protocols' own records (routes, neighbours, sessions) are results, not configuration.
    if (this.routing.publishing || this.stopped) return;
    let relevant = false;
    for (const t of tables) if (NETWORK_TABLES.has(t)) { relevant = true; break; }
    if (!relevant && !this.routing.dependsOn(tables)) return;
    this.fabricKept = undefined;
    if (tables.has(INTERFACE_TABLE)) this.carriers();
    // DHCP follows once the change is done (a watcher must not commit inside a commit).
    this.settling ??= setImmediate(() => { this.settling = undefined; this.settle(); });
  }

  private settle() {
    if (this.stopped) return;
    try {
      this.dhcp.settle();
    } catch (e) {
      for (const n of this.nodes) writeLog(n.env, 'dhcp,error', `lab: ${(e as Error).message}`);
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
      for (const row of n.env.store.table(INTERFACE_TABLE).rows) {
        if (row.values.type !== 'ether') continue;
        const port = row.values['default-name'];
        const wire = port ? wireOf.get(`${n.index}:${port}`) : undefined;
        let up: boolean;
        if (!wire) {
          up = port === MANAGEMENT_PORT;
        } else if (wire.switched) {
          up = true;
        } else {
          const other = wire.ends.find((e) => e.node !== n.index || e.port !== port)!;
          const end = portByDefaultName(this.nodes[other.node].env, other.port);
          up = !!end && end.values.disabled !== 'true';
        }
        n.device.setLink(row.id, up);
      }
    }
  }

  probe(node: number, req: ProbeRequest): ProbeResult {
    return this.forwarder.probe(node, req);
  }

  arp(node: number) {
    return [...this.learned[node].arp.values()];
  }

  dhcpState(node: number, id: number): Record<string, string> | undefined {
    const row = this.nodes[node].env.store.table('ip/dhcp-client').get(id);
    return row ? this.dhcp.state(node, row) : undefined;
  }

  /** The neighbours a node hears on each of its ports, by the discovery settings of both ends. */
  neighbors(node: number): NeighborEntry[] {
    const fabric = this.fabric();
    const me = this.nodes[node];
    const out: NeighborEntry[] = [];
    for (const port of me.env.store.table(INTERFACE_TABLE).rows) {
      if (port.values.type !== 'ether' || !isRunning(me.env, port) || !discovers(me.env, port, 'rx')) continue;
      const bridge = bridgeOfInterface(me.env, port.id);
      for (const far of fabric.reach(node, port)) {
        const them = this.nodes[far.node];
        if (!discovers(them.env, far.port, 'tx')) continue;
        const protocols = common(discovery(me.env).protocol, discovery(them.env).protocol);
        if (!protocols) continue;
        const farBridge = bridgeOfInterface(them.env, far.port.id);
        const sender = farBridge ?? far.port;
        const address = workingAddresses(them.env).find((a) => a.iface.id === sender.id)?.ip;
        const hasBridge = them.env.store.table(INTERFACE_TABLE).rows.some((r) => r.values.type === 'bridge');
        const interval = 30_000;
        const values: Record<string, string> = {
          interface: bridge ? `${port.values.name},${bridge.values.name}` : port.values.name,
          ...(address ? { address, address4: address } : {}),
          'mac-address': macOf(them.env, sender),
          identity: them.env.store.table('system/identity').rows[0]?.values.name ?? 'MikroTik',
          platform: 'MikroTik',
          version: them.device.version,
          board: them.board.name,
          'interface-name': farBridge ? `${farBridge.values.name}/${far.port.values.name}` : far.port.values.name,
          'system-caps': 'bridge,router',
          'system-caps-enabled': hasBridge ? 'bridge,router' : 'router',
          'discovered-by': protocols,
          age: formatDuration(Math.floor(((Date.now() - them.device.startedAt) % interval) / 1000) * 1000),
          uptime: formatDuration(Math.floor(them.device.uptimeMs() / 1000) * 1000),
          ipv6: 'false',
          unpack: 'none',
        };
        out.push({ key: `${port.id} ${far.node} ${far.port.id}`, values });
      }
    }
    return out;
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

/** /ip/neighbor/discovery-settings with its defaults. */
function discovery(env: Environment): Record<string, string> {
  return { 'discover-interface-list': 'static', protocol: 'cdp,lldp,mndp', mode: 'tx-and-rx', ...env.store.table('ip/neighbor/discovery-settings').rows[0]?.values };
}

/** Whether a port sends (tx) or listens to (rx) discovery, by the list and mode of its router. */
function discovers(env: Environment, port: Row, way: 'tx' | 'rx'): boolean {
  const s = discovery(env);
  if (s.mode === 'rx-only' && way === 'tx') return false;
  if (s.mode === 'tx-only' && way === 'rx') return false;
  const raw = s['discover-interface-list'];
  const [not, stored] = raw.startsWith('!') ? [true, raw.slice(1)] : [false, raw];
  const list = stored.startsWith('*') ? env.store.table('interface/list').get(parseInt(stored.slice(1), 16))?.values.name ?? '' : stored;
  const member = inInterfaceList(env, list, port);
  return not ? !member : member;
}

function common(a: string | undefined, b: string | undefined): string {
  const theirs = new Set((b ?? '').split(','));
  return (a ?? '').split(',').filter((p) => p && theirs.has(p)).join(',');
}

/**
 * A node's first boot in the lab: the node's name as its identity, its own MAC addresses (a
 * lab's routers must not share one), then its startup-config, run as an import.
 */
async function firstBoot(env: Environment, name: string, index: number, startupConfig?: string) {
  const changes = [];
  const hi = ((index + 1) >> 8) & 255, lo = (index + 1) & 255;
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(2, '0');
  for (const row of env.store.table(INTERFACE_TABLE).rows) {
    const mac = row.values['orig-mac-address'];
    if (!mac?.startsWith('D4:01:C3:00:00:')) continue;
    changes.push({ op: 'update' as const, table: INTERFACE_TABLE, id: row.id, values: { ...row.values, 'orig-mac-address': `D4:01:C3:${hex(hi)}:${hex(lo)}:${mac.slice(-2)}` } });
  }
  const identity = env.store.table('system/identity').rows[0];
  if (identity) changes.push({ op: 'update' as const, table: 'system/identity', id: identity.id, values: { ...identity.values, name } });
  else changes.push({ op: 'insert' as const, table: 'system/identity', row: env.store.newRow('system/identity', { name }, false) });
  env.store.commit(changes);
  if (!startupConfig) return;
  const source = fs.readFileSync(startupConfig, 'utf8');
  const session = { user: 'admin', via: 'console', policies: grantedPolicies('local,telnet,ssh,ftp,reboot,read,write,policy,test,winbox,password,web,sniff,sensitive,api,romon,rest-api') };
  try {
    await consoleOf(env).run(source, { session, output: () => {} });
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
