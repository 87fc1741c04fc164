// A lab's topology in containerlab's format (containerlab.dev/manual/topo-def-file):
//
//   name: branch
//   topology:
//     nodes:
//       r1: { kind: mikrotik_ros, startup-config: r1.rsc, env: { BOARD: rb5009, ROS_VERSION: "7.20" } }
//       r2: { kind: mikrotik_ros }
//     links:
//       - endpoints: ["r1:ether2", "r2:eth1"]
//
// Interfaces are named as the router names them (`ether2`, `sfp-sfpplus1`) or as containerlab
// names them for this kind: `eth0` is the management port (ether1), `ethN` is `ether(N+1)`
// (containerlab docs, kinds/vr-ros: "eth1 - first data interface, mapped to the ether2
// interface of the RouterOS"). Links come in both of containerlab's forms (./links.ts).
// Paths are relative to the topology file, as in containerlab. Every problem is refused with
// one line that names it.

import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { BOARDS, withHardware, type Board } from '../device/board.js';
import { versionParts } from '../device/version.js';
import { ExecError, readExec, type HostConfig, type HostLink } from './host-exec.js';
import { LinkError, readLinks, type LinkType } from './links.js';

export interface LabNode {
  name: string;
  /** A key of the board catalogue (BOARDS). */
  board: string;
  /** A CHR's number of Ethernet ports, sized to the ports its links use. */
  ports?: number;
  rosVersion?: string;
  /** Absolute path of the .rsc run on first boot. */
  startupConfig?: string;
  /**
   * containerlab's `enforce-startup-config`: the node boots afresh with its startup-config at
   * every start, whatever its data directory holds.
   */
  enforceStartupConfig: boolean;
  /** containerlab's `certificate`: what the lab's CA issues the node for www-ssl and api-ssl; none without. */
  certificate?: NodeCertificate;
}

/** A node's certificate from the lab's CA (containerlab: `certificate: { issue, sans, key-size, validity-duration }`). */
export interface NodeCertificate {
  /** Names and addresses beside the node's own (containerlab's `sans`). */
  sans: string[];
  /** An RSA key of this many bits; without it, a P-256 key (fast to make for a thousand nodes). */
  keySize?: number;
  validityMs: number;
}

export interface Endpoint { node: string; port: string; mac?: string; ipv4?: string; ipv6?: string }
export interface LabLink {
  type: LinkType;
  /** Both ends of a cable; the one end of a link whose far side is outside the lab. */
  ends: Endpoint[];
  /** What a one-ended link's far side is when other ends share it (./links.ts); absent: alone. */
  shared?: string;
}

export interface Topology {
  name: string;
  nodes: LabNode[];
  /**
   * containerlab's `bridge` and `ovs-bridge` nodes: plain switches on the host that join
   * every link they have into one segment. They are no routers.
   */
  switches: string[];
  /** containerlab's `kind: linux` nodes: hosts made of their `exec:` lines (./host.ts). */
  hosts: LabHostNode[];
  links: LabLink[];
}

/** A Linux host of the topology: its interfaces, addresses, routes and DHCP clients as its exec lines leave them. */
export interface LabHostNode { name: string; config: HostConfig }

export class TopologyError extends Error {}

/** Kinds that are a RouterOS router; `vr-ros` and `vr-mikrotik_ros` are containerlab's older names. */
const KINDS = new Set(['mikrotik_ros', 'vr-ros', 'vr-mikrotik_ros']);
/** Kinds that are a switch of the host joining the links to it (containerlab kinds `bridge`, `ovs-bridge`). */
const SWITCH_KINDS = new Set(['bridge', 'ovs-bridge']);
/** containerlab's kind of a plain Linux container: a host of the lab. */
const HOST_KIND = 'linux';
/**
 * The MTU containerlab gives a link's veth pair unless the link sets `mtu` (containerlab.dev,
 * manual/topo-def-file "Links": 9500), and the management interface's (Docker's bridge, 1500).
 */
const LINK_MTU = 9500;
const MANAGEMENT_MTU = 1500;
/** A CHR has at most this many ports (`--ports`). */
const CHR_MAX_PORTS = 64;
const NODE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

const fail = (message: string): never => { throw new TopologyError(message); };
const isMap = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The ports a board has, by the names the router gives them. */
export function boardPorts(board: Board): string[] {
  return [...board.ports];
}

/** A year, containerlab's validity of a node certificate (`validity-duration`, default 8760h). */
const CERT_VALIDITY_MS = 8760 * 3_600_000;

/** A link endpoint's port as the router names it: `eth1` is `ether2`. */
function routerPort(port: string): string {
  const m = /^eth(\d+)$/.exec(port);
  return m ? `ether${Number(m[1]) + 1}` : port;
}

export function readTopology(file: string): Topology {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    return fail(`cannot read topology ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  let doc: unknown;
  try {
    doc = parse(text);
  } catch (e) {
    return fail(`topology ${file}: ${(e as Error).message.split('\n')[0]}`);
  }
  return checkTopology(doc, path.dirname(path.resolve(file)));
}

/** Checks a parsed topology document; `base` is the directory relative paths start from. */
export function checkTopology(doc: unknown, base: string): Topology {
  if (!isMap(doc)) fail('topology: not a mapping (expected name: and topology:)');
  const d = doc as Record<string, unknown>;
  const name = typeof d.name === 'string' && d.name ? d.name : fail('topology: no name');
  const topo = isMap(d.topology) ? d.topology : fail('topology: no topology.nodes');
  const nodesDoc = isMap(topo.nodes) ? topo.nodes : fail('topology: no topology.nodes');
  const defaults = isMap(topo.defaults) ? topo.defaults : {};
  const kinds = isMap(topo.kinds) ? topo.kinds : {};
  const groups = isMap(topo.groups) ? topo.groups : {};
  const nodes: LabNode[] = [];
  const switches = new Set<string>();
  const hostExec = new Map<string, string[]>();
  const byName = new Map<string, LabNode>();
  for (const [nodeName, raw] of Object.entries(nodesDoc)) {
    if (!NODE_NAME.test(nodeName)) fail(`node "${nodeName}": not a node name (letters, digits, _ . -)`);
    const own = raw === null || raw === undefined ? {} : isMap(raw) ? raw : fail(`node ${nodeName}: not a mapping`);
    // A node's `group` sits between its kind and itself (containerlab: node > group > kind > defaults).
    const groupName = own.group === undefined ? undefined : String(own.group);
    if (groupName !== undefined && !isMap(groups[groupName])) fail(`node ${nodeName}: group ${groupName} is not in topology.groups`);
    const groupDoc = groupName === undefined ? {} : groups[groupName] as Record<string, unknown>;
    const kind = String(own.kind ?? groupDoc.kind ?? defaults.kind ?? 'mikrotik_ros');
    if (SWITCH_KINDS.has(kind)) { switches.add(nodeName); continue; }
    // containerlab merges defaults, then the kind's settings, then the group's, then the node's own.
    const kindDoc = isMap(kinds[kind]) ? kinds[kind] as Record<string, unknown> : {};
    if (kind === HOST_KIND) { hostExec.set(nodeName, execLines(nodeName, own.exec ?? groupDoc.exec ?? kindDoc.exec ?? defaults.exec)); continue; }
    if (!KINDS.has(kind)) fail(`node ${nodeName}: kind ${kind} is not a RouterOS router (mikrotik_ros), a Linux host (linux) or a bridge`);
    const env = { ...(isMap(defaults.env) ? defaults.env : {}), ...(isMap(kindDoc.env) ? kindDoc.env : {}), ...(isMap(groupDoc.env) ? groupDoc.env : {}), ...(isMap(own.env) ? own.env : {}) };
    const board = env.BOARD === undefined ? 'chr' : String(env.BOARD);
    if (!Object.hasOwn(BOARDS, board)) fail(`node ${nodeName}: BOARD ${board} is not a board (${Object.keys(BOARDS).join(', ')})`);
    const rosVersion = env.ROS_VERSION === undefined ? undefined : String(env.ROS_VERSION);
    if (rosVersion !== undefined && !versionParts(rosVersion)) fail(`node ${nodeName}: ROS_VERSION ${rosVersion} is not a RouterOS 7.x version`);
    // Each setting from the node, else its kind, else the defaults.
    const setting = (key: string) => own[key] ?? groupDoc[key] ?? kindDoc[key] ?? defaults[key];
    const flag = (key: string) => {
      const v = setting(key);
      if (v !== undefined && typeof v !== 'boolean') fail(`node ${nodeName}: ${key} is not true or false`);
      return v === true;
    };
    const enforceStartupConfig = flag('enforce-startup-config');
    const suppress = flag('suppress-startup-config');
    const startup = setting('startup-config');
    // containerlab's checks of the two (nodes/default_node.go GenerateConfig).
    if (enforceStartupConfig && suppress) fail(`node ${nodeName}: enforce-startup-config and suppress-startup-config: incompatible options`);
    if (enforceStartupConfig && startup === undefined) fail(`node ${nodeName}: enforce-startup-config: no startup-config provided`);
    let startupConfig: string | undefined;
    if (startup !== undefined && !suppress) {
      startupConfig = path.resolve(base, String(startup).replaceAll('__clabNodeName__', nodeName));
      if (!fs.existsSync(startupConfig)) fail(`node ${nodeName}: startup-config ${String(startup)} does not exist`);
    }
    const node: LabNode = { name: nodeName, board, rosVersion, startupConfig, enforceStartupConfig, certificate: nodeCertificate(nodeName, setting('certificate')) };
    nodes.push(node);
    byName.set(nodeName, node);
  }
  if (!nodes.length) fail('topology: no mikrotik_ros nodes');
  for (const h of hostExec.keys()) if (byName.has(h) || switches.has(h)) fail(`node ${h}: defined twice`);
  let raw;
  try {
    raw = readLinks(topo.links);
  } catch (e) {
    if (e instanceof LinkError) fail(e.message);
    throw e;
  }
  const used = new Map<string, number>();
  const hostPorts = new Map<string, HostLink[]>([...hostExec.keys()].map((h) => [h, []]));
  const links = raw.map((l, i): LabLink => {
    const ends = l.ends.map((e): Endpoint => {
      const node = byName.get(e.node);
      const ports = hostPorts.get(e.node);
      if (!node && !switches.has(e.node) && !ports) fail(`link ${i + 1}: unknown node ${e.node} in ${e.given}`);
      const port = node ? routerPort(e.iface) : e.iface;
      const key = `${e.node}:${port}`;
      if (used.has(key)) fail(`link ${i + 1}: port ${e.given} is already on link ${used.get(key)}`);
      used.set(key, i + 1);
      if (ports) {
        if (e.iface === 'eth0') fail(`link ${i + 1}: ${e.given} is the management interface (containerlab's eth0)`);
        ports.push(hostPort(e.iface, l.mtu ?? LINK_MTU, e.mac, [...hostPorts.keys()].indexOf(e.node)));
        return { node: e.node, port, ...(e.ipv4 ? { ipv4: e.ipv4 } : {}), ...(e.ipv6 ? { ipv6: e.ipv6 } : {}) };
      }
      if (!node) return { node: e.node, port };
      checkPort(node, port, e.given, i + 1);
      return { node: node.name, port, ...(e.mac ? { mac: e.mac } : {}), ...(e.ipv4 ? { ipv4: e.ipv4 } : {}), ...(e.ipv6 ? { ipv6: e.ipv6 } : {}) };
    });
    return { type: l.type, ends, ...(l.shared ? { shared: l.shared } : {}) };
  });
  return { name, nodes, switches: [...switches], hosts: readHosts(hostExec, hostPorts, links), links };
}

/** A host's `exec:` as a list of lines. */
function execLines(nodeName: string, doc: unknown): string[] {
  if (doc === undefined || doc === null) return [];
  if (!Array.isArray(doc) || doc.some((l) => typeof l !== 'string')) fail(`node ${nodeName}: exec is not a list of command lines`);
  return doc as string[];
}

/**
 * A host's linked port: up, with the link's MTU and a MAC address of containerlab's prefix
 * (aa:c1:ab, its generated veth addresses), made from the host's and the port's place.
 */
function hostPort(name: string, mtu: number, mac: string | undefined, host: number): HostLink {
  const hex = (n: number) => (n & 255).toString(16).toUpperCase().padStart(2, '0');
  const own = mac?.toUpperCase() ?? `AA:C1:AB:${hex(host >> 8)}:${hex(host)}:${hex(Number(/\d+$/.exec(name)?.[0] ?? 0))}`;
  return { name, up: true, mtu, mac: own, acceptRa: 1, autoconf: true };
}

/** Every host's configuration: its ports, the links' addresses on them, then its exec lines. */
function readHosts(exec: Map<string, string[]>, ports: Map<string, HostLink[]>, links: LabLink[]): LabHostNode[] {
  return [...exec].map(([name, lines], i) => {
    const eth0 = hostPort('eth0', MANAGEMENT_MTU, undefined, i);
    const all = [eth0, ...ports.get(name)!];
    // Two ports of one host whose names end in the same number (eth0, net0) would share a MAC address.
    for (const [j, p] of all.entries()) if (all.findIndex((q) => q.mac === p.mac) !== j) p.mac = `${p.mac.slice(0, 15)}${(0x80 + j).toString(16).toUpperCase()}`;
    const start: HostConfig = { links: all, addresses: [], routes: [], dhcp: [] };
    // containerlab sets a link end's ipv4/ipv6 on the container's interface when it makes the link.
    for (const l of links) {
      for (const e of l.ends) {
        if (e.node !== name) continue;
        for (const [family, text] of [[4, e.ipv4], [6, e.ipv6]] as const) {
          if (!text) continue;
          const [ip, len] = text.split('/');
          start.addresses.push({ family, ip, prefix: Number(len), dev: e.port });
        }
      }
    }
    try {
      return { name, config: readExec(name, lines, start) };
    } catch (e) {
      if (e instanceof ExecError) fail(e.message);
      throw e;
    }
  });
}

/** Refuses a port the node's board lacks; a CHR's ports grow to the highest its links use. */
function checkPort(node: LabNode, port: string, given: string, at: number) {
  if (node.board === 'chr') {
    // A CHR has the ports its virtual machine is given: as many as its links need.
    const n = /^ether(\d+)$/.exec(port);
    if (!n || Number(n[1]) < 1 || Number(n[1]) > CHR_MAX_PORTS) fail(`link ${at}: node ${node.name} (CHR) has no port ${given} (ether1..ether${CHR_MAX_PORTS})`);
    node.ports = Math.max(node.ports ?? 5, Number(n![1]));
  } else if (!boardPorts(BOARDS[node.board]).includes(port)) {
    fail(`link ${at}: node ${node.name} (${BOARDS[node.board].name}) has no port ${given}`);
  }
}

/**
 * containerlab's `certificate` of a node: issued unless `issue: false` (containerlab issues
 * one only when asked; a lab's RouterOS nodes here get one by default so that www-ssl and
 * api-ssl answer, see docs/routeros-facts.md 47).
 */
function nodeCertificate(nodeName: string, doc: unknown): NodeCertificate | undefined {
  if (doc !== undefined && !isMap(doc)) fail(`node ${nodeName}: certificate is not a mapping (issue, sans, key-size, validity-duration)`);
  const c = (doc ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(c)) {
    if (!['issue', 'sans', 'key-size', 'validity-duration'].includes(key)) fail(`node ${nodeName}: certificate takes no ${key} (issue, sans, key-size, validity-duration)`);
  }
  if (c.issue !== undefined && typeof c.issue !== 'boolean') fail(`node ${nodeName}: certificate issue is not true or false`);
  if (c.issue === false) return undefined;
  const sans = c.sans === undefined ? [] : Array.isArray(c.sans) ? c.sans.map(String) : fail(`node ${nodeName}: certificate sans is not a list`);
  let keySize: number | undefined;
  if (c['key-size'] !== undefined) {
    keySize = Number(c['key-size']);
    if (![1024, 2048, 3072, 4096].includes(keySize)) fail(`node ${nodeName}: certificate key-size ${String(c['key-size'])} is not 1024, 2048, 3072 or 4096`);
  }
  let validityMs = CERT_VALIDITY_MS;
  if (c['validity-duration'] !== undefined) {
    // A Go duration of hours, minutes and seconds (containerlab: "Max unit is hour").
    const text = String(c['validity-duration']);
    const parts = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(text);
    validityMs = parts && text ? ((Number(parts[1] ?? 0) * 60 + Number(parts[2] ?? 0)) * 60 + Number(parts[3] ?? 0)) * 1000 : 0;
    if (!validityMs) fail(`node ${nodeName}: certificate validity-duration ${text} is not a duration (1000h, 10m)`);
  }
  return { sans, ...(keySize ? { keySize } : {}), validityMs };
}

/** The board a node runs: the catalogue's, with a CHR's ports sized to its links. */
export function nodeBoard(node: LabNode): Board {
  const board = BOARDS[node.board];
  return node.ports && node.ports > 5 ? withHardware(board, { ports: node.ports }) : board;
}
