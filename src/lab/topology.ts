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
// interface of the RouterOS"). Paths are relative to the topology file, as in containerlab.
// Every problem is refused with one line that names it.

import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { BOARDS, withHardware, type Board } from '../device/board.js';
import { versionParts } from '../device/version.js';

export interface LabNode {
  name: string;
  /** A key of the board catalogue (BOARDS). */
  board: string;
  /** A CHR's number of Ethernet ports, sized to the ports its links use. */
  ports?: number;
  rosVersion?: string;
  /** Absolute path of the .rsc run on first boot. */
  startupConfig?: string;
}

export interface Endpoint { node: string; port: string }
export interface LabLink { a: Endpoint; b: Endpoint }

export interface Topology {
  name: string;
  nodes: LabNode[];
  /**
   * containerlab's `bridge` and `ovs-bridge` nodes: plain switches on the host that join
   * every link they have into one segment. They are no routers.
   */
  switches: string[];
  links: LabLink[];
}

export class TopologyError extends Error {}

/** Kinds that are a RouterOS router; `vr-ros` and `vr-mikrotik_ros` are containerlab's older names. */
const KINDS = new Set(['mikrotik_ros', 'vr-ros', 'vr-mikrotik_ros']);
/** Kinds that are a switch of the host joining the links to it (containerlab kinds `bridge`, `ovs-bridge`). */
const SWITCH_KINDS = new Set(['bridge', 'ovs-bridge']);
/** A CHR has at most this many ports (`--ports`). */
const CHR_MAX_PORTS = 64;
/** containerlab's default node kind for this format when a node names none. */
const NODE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

const fail = (message: string): never => { throw new TopologyError(message); };
const isMap = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The ports a board has, by the names the router gives them. */
export function boardPorts(board: Board): string[] {
  return [...board.ports];
}

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
  const nodes: LabNode[] = [];
  const switches = new Set<string>();
  const byName = new Map<string, LabNode>();
  for (const [nodeName, raw] of Object.entries(nodesDoc)) {
    if (!NODE_NAME.test(nodeName)) fail(`node "${nodeName}": not a node name (letters, digits, _ . -)`);
    const own = raw === null || raw === undefined ? {} : isMap(raw) ? raw : fail(`node ${nodeName}: not a mapping`);
    const kind = String(own.kind ?? defaults.kind ?? 'mikrotik_ros');
    if (SWITCH_KINDS.has(kind)) { switches.add(nodeName); continue; }
    if (!KINDS.has(kind)) fail(`node ${nodeName}: kind ${kind} is not a RouterOS router (mikrotik_ros) or a bridge`);
    // containerlab merges defaults, then the kind's settings, then the node's own.
    const kindDoc = isMap(kinds[kind]) ? kinds[kind] as Record<string, unknown> : {};
    const env = { ...(isMap(defaults.env) ? defaults.env : {}), ...(isMap(kindDoc.env) ? kindDoc.env : {}), ...(isMap(own.env) ? own.env : {}) };
    const board = env.BOARD === undefined ? 'chr' : String(env.BOARD);
    if (!Object.hasOwn(BOARDS, board)) fail(`node ${nodeName}: BOARD ${board} is not a board (${Object.keys(BOARDS).join(', ')})`);
    const rosVersion = env.ROS_VERSION === undefined ? undefined : String(env.ROS_VERSION);
    if (rosVersion !== undefined && !versionParts(rosVersion)) fail(`node ${nodeName}: ROS_VERSION ${rosVersion} is not a RouterOS 7.x version`);
    const startup = own['startup-config'] ?? kindDoc['startup-config'] ?? defaults['startup-config'];
    let startupConfig: string | undefined;
    if (startup !== undefined) {
      startupConfig = path.resolve(base, String(startup).replaceAll('__clabNodeName__', nodeName));
      if (!fs.existsSync(startupConfig)) fail(`node ${nodeName}: startup-config ${String(startup)} does not exist`);
    }
    const node: LabNode = { name: nodeName, board, rosVersion, startupConfig };
    nodes.push(node);
    byName.set(nodeName, node);
  }
  if (!nodes.length) fail('topology: no mikrotik_ros nodes');
  const links: LabLink[] = [];
  const used = new Map<string, number>();
  const linksDoc = topo.links === undefined || topo.links === null ? [] : Array.isArray(topo.links) ? topo.links : fail('topology: links is not a list');
  linksDoc.forEach((l, i) => {
    const endpoints = isMap(l) && Array.isArray(l.endpoints) ? l.endpoints : fail(`link ${i + 1}: no endpoints`);
    if (endpoints.length !== 2) fail(`link ${i + 1}: needs two endpoints, has ${endpoints.length}`);
    const [a, b] = endpoints.map((e): Endpoint => {
      const m = typeof e === 'string' ? /^([^:]+):(.+)$/.exec(e) : null;
      if (!m) return fail(`link ${i + 1}: endpoint ${JSON.stringify(e)} is not NODE:INTERFACE`);
      if (switches.has(m[1])) return { node: m[1], port: m[2] };
      const node = byName.get(m[1]) ?? fail(`link ${i + 1}: unknown node ${m[1]} in ${e}`);
      return { node: node.name, port: routerPort(m[2]) };
    });
    for (const [ep, given] of [[a, endpoints[0]], [b, endpoints[1]]] as const) {
      const key = `${ep.node}:${ep.port}`;
      if (used.has(key)) fail(`link ${i + 1}: port ${given} is already on link ${used.get(key)}`);
      used.set(key, i + 1);
      const node = byName.get(ep.node);
      if (!node) continue;
      if (node.board === 'chr') {
        // A CHR has the ports its virtual machine is given: as many as its links need.
        const n = /^ether(\d+)$/.exec(ep.port);
        if (!n || Number(n[1]) < 1 || Number(n[1]) > CHR_MAX_PORTS) fail(`link ${i + 1}: node ${ep.node} (CHR) has no port ${given} (ether1..ether${CHR_MAX_PORTS})`);
        node.ports = Math.max(node.ports ?? 5, Number(n![1]));
      } else if (!boardPorts(BOARDS[node.board]).includes(ep.port)) {
        fail(`link ${i + 1}: node ${ep.node} (${BOARDS[node.board].name}) has no port ${given}`);
      }
    }
    links.push({ a, b });
  });
  return { name, nodes, switches: [...switches], links };
}

/** The board a node runs: the catalogue's, with a CHR's ports sized to its links. */
export function nodeBoard(node: LabNode): Board {
  const board = BOARDS[node.board];
  return node.ports && node.ports > 5 ? withHardware(board, { ports: node.ports }) : board;
}
