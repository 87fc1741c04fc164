// The links of a containerlab topology, in both of containerlab's forms
// (containerlab.dev/manual/topo-def-file, "Links"; its schema, schemas/clab.schema.json):
//
//   - endpoints: ["r1:eth1", "r2:eth1"]                    brief: a cable between two ports
//   - endpoints: ["r1:eth2", "host:r1-eth2"]               brief, one end in the lab
//   - type: veth                                           extended: a cable
//     endpoints: [{ node: r1, interface: eth1 }, { node: r2, interface: eth1 }]
//   - type: dummy                                          extended, one end
//     endpoint: { node: r1, interface: eth3 }
//
// A link whose other side is outside the lab (dummy, host, mgmt-net, macvlan, vxlan,
// vxlan-stitch) gives its port a carrier and no peer, except that ends joined to the same
// thing on the host share it: every mgmt-net end is on the management network, and the
// macvlans of one host interface in bridge mode (the default) reach each other. What only
// the container side sees (mac, ipv4, ipv6, mtu on a router's port: vrnetlab's VM has its own
// NICs) is checked and kept for hosts, not applied to a router. Every problem is refused with
// one line naming the link (`link 3: ...`, counted from 1 as the file lists them).

import net from 'node:net';

export type LinkType = 'veth' | 'veth-stitch' | 'mgmt-net' | 'macvlan' | 'host' | 'vxlan' | 'vxlan-stitch' | 'dummy';

/** One end of a link as the topology gives it (`interface` as written, mapped later). */
export interface RawEnd { node: string; iface: string; given: string; mac?: string; ipv4?: string; ipv6?: string }

export interface RawLink {
  type: LinkType;
  /** Two ends for a cable (veth, veth-stitch); one for a link whose far side is outside the lab. */
  ends: RawEnd[];
  /** What the one end's far side is, when other ends may share it (see above); absent: alone. */
  shared?: string;
  /** The interface a host, mgmt-net or macvlan link names on the host. */
  hostInterface?: string;
  /** `mtu`: what a Linux host's end of it takes (./topology.ts). */
  mtu?: number;
}

export class LinkError extends Error {}

/** Keys every link takes (containerlab's LinkCommonParams). */
const COMMON = ['mtu', 'labels', 'ipv4', 'ipv6', 'vars'];
/** What each extended type takes besides COMMON and `type`, and which of it is required. */
const TYPES: Record<LinkType, { keys: string[]; required: string[] }> = {
  veth: { keys: ['endpoints'], required: ['endpoints'] },
  'veth-stitch': { keys: ['endpoints'], required: ['endpoints'] },
  'mgmt-net': { keys: ['endpoint', 'host-interface'], required: ['endpoint', 'host-interface'] },
  macvlan: { keys: ['endpoint', 'host-interface', 'mode'], required: ['endpoint', 'host-interface'] },
  host: { keys: ['endpoint', 'host-interface'], required: ['endpoint', 'host-interface'] },
  vxlan: { keys: ['endpoint', 'remote', 'vni', 'dst-port', 'src-port', 'udp-port', 'parent-interface'], required: ['endpoint', 'remote', 'vni'] },
  'vxlan-stitch': { keys: ['endpoint', 'remote', 'vni', 'dst-port', 'src-port', 'udp-port', 'parent-interface'], required: ['endpoint', 'remote', 'vni'] },
  dummy: { keys: ['endpoint'], required: ['endpoint'] },
};
/** Brief endpoints that name a thing on the host instead of a node (containerlab's ToTypeSpecificRawLink). */
const BRIEF_SPECIAL = new Set<LinkType>(['host', 'mgmt-net', 'macvlan']);
const ENDPOINT_KEYS = new Set(['node', 'interface', 'mac', 'ipv4', 'ipv6', 'vars']);
const MACVLAN_MODES = ['private', 'vepa', 'bridge', 'passthru', 'source'];
const MAC = /^(?:[0-9A-Fa-f]{2}[:-]){5}[0-9A-Fa-f]{2}$/;
/** A host interface's name as Linux takes it (at most 15 characters, no slash or space). */
const HOST_INTERFACE = /^[^\s/:]{1,15}$/;
const HOST_NAME = /^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$/;

const isMap = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads `topology.links`; a message names a link by its place in the list, from 1. */
export function readLinks(doc: unknown): RawLink[] {
  if (doc === undefined || doc === null) return [];
  if (!Array.isArray(doc)) throw new LinkError('topology: links is not a list');
  const links = doc.map((l, i) => {
    const link = readLink(l, i + 1);
    return (l as { mtu?: number }).mtu === undefined ? link : { ...link, mtu: (l as { mtu: number }).mtu };
  });
  const hostSide = new Map<string, number>();
  links.forEach((l, i) => {
    // A host or mgmt-net link makes an interface of that name on the host: two cannot both
    // make it. A macvlan's host-interface is an existing parent that many may share.
    if (l.type !== 'host' && l.type !== 'mgmt-net') return;
    const had = hostSide.get(l.hostInterface!);
    if (had) fail(i + 1, `host-interface ${l.hostInterface} is already on link ${had}`);
    hostSide.set(l.hostInterface!, i + 1);
  });
  return links;
}

function fail(at: number, message: string): never {
  throw new LinkError(`link ${at}: ${message}`);
}

function readLink(doc: unknown, at: number): RawLink {
  if (!isMap(doc)) fail(at, 'not a mapping (endpoints: [...] or type: ...)');
  const d = doc as Record<string, unknown>;
  if (d.type === undefined) return readBrief(d, at);
  const type = String(d.type).trim().toLowerCase() as LinkType;
  if (!Object.hasOwn(TYPES, type)) fail(at, `type ${String(d.type)} is not a link type (${Object.keys(TYPES).join(', ')})`);
  const spec = TYPES[type];
  for (const key of Object.keys(d)) {
    if (key !== 'type' && !spec.keys.includes(key) && !COMMON.includes(key)) fail(at, `a ${type} link takes no ${key} (it takes ${[...spec.keys, ...COMMON].join(', ')})`);
  }
  for (const key of spec.required) if (d[key] === undefined || d[key] === null) fail(at, `a ${type} link needs ${key}`);
  checkCommon(d, at);
  if (type === 'veth' || type === 'veth-stitch') {
    const list = Array.isArray(d.endpoints) ? d.endpoints : fail(at, 'endpoints is not a list');
    if (list.length !== 2) fail(at, `needs two endpoints, has ${list.length}`);
    return { type, ends: list.map((e, i) => withAddresses(endpointMap(e, at), d, i, at)) };
  }
  const end = withAddresses(endpointMap(d.endpoint, at), d, 0, at);
  if (type === 'dummy') return { type, ends: [end] };
  if (type === 'vxlan' || type === 'vxlan-stitch') {
    const remote = String(d.remote);
    if (!net.isIP(remote) && !HOST_NAME.test(remote)) fail(at, `remote ${remote} is not an address`);
    integer(d.vni, 'vni', 1, 16_777_215, at);
    for (const key of ['dst-port', 'src-port', 'udp-port']) if (d[key] !== undefined) integer(d[key], key, 1, 65535, at);
    return { type, ends: [end] };
  }
  const mode = d.mode === undefined ? 'bridge' : String(d.mode);
  if (!MACVLAN_MODES.includes(mode)) fail(at, `mode ${mode} is not a macvlan mode (${MACVLAN_MODES.join(', ')})`);
  return hostSide(type, end, String(d['host-interface']), mode, at);
}

/** A link to the host: its interface name checked, and what its end shares (see above). */
function hostSide(type: LinkType, end: RawEnd, hostInterface: string, mode: string, at: number): RawLink {
  if (!HOST_INTERFACE.test(hostInterface)) fail(at, `host-interface ${hostInterface} is not an interface name (at most 15 characters, no / or space)`);
  // Every mgmt-net end is on the one management network; a host link's veth is its own.
  const shared = type === 'mgmt-net' ? 'mgmt-net' : type === 'macvlan' && mode === 'bridge' ? `macvlan:${hostInterface}` : undefined;
  return { type, ends: [end], hostInterface, ...(shared ? { shared } : {}) };
}

/** The brief form: two `node:interface` strings, one of which may name the host side. */
function readBrief(d: Record<string, unknown>, at: number): RawLink {
  for (const key of Object.keys(d)) {
    if (key !== 'endpoints' && !COMMON.includes(key)) fail(at, `a link takes no ${key} (it takes endpoints, ${COMMON.join(', ')}; or type: with the extended form)`);
  }
  const list = Array.isArray(d.endpoints) ? d.endpoints : d.endpoints === undefined ? fail(at, 'no endpoints') : fail(at, 'endpoints is not a list');
  if (list.length !== 2) fail(at, `needs two endpoints, has ${list.length}`);
  checkCommon(d, at);
  const parts = list.map((e) => {
    const m = typeof e === 'string' ? /^([^:]+):(.+)$/.exec(e) : null;
    if (!m) return fail(at, `endpoint ${JSON.stringify(e)} is not NODE:INTERFACE`);
    return { node: m[1], iface: m[2], given: e as string };
  });
  const special = parts.findIndex((p) => BRIEF_SPECIAL.has(p.node as LinkType));
  if (special < 0) return { type: 'veth', ends: parts.map((p, i) => withAddresses(p, d, i, at)) };
  const type = parts[special].node as LinkType;
  const end = parts[1 - special];
  if (BRIEF_SPECIAL.has(end.node as LinkType)) fail(at, `${end.given}: the other end must be a node`);
  return hostSide(type, withAddresses(end, d, 1 - special, at), parts[special].iface, 'bridge', at);
}

/** An endpoint of the extended form: `{ node, interface, mac?, ipv4?, ipv6?, vars? }`. */
function endpointMap(e: unknown, at: number): RawEnd {
  if (!isMap(e)) return fail(at, `endpoint ${JSON.stringify(e)} is not a mapping (node:, interface:)`);
  for (const key of Object.keys(e)) if (!ENDPOINT_KEYS.has(key)) fail(at, `an endpoint takes no ${key} (it takes ${[...ENDPOINT_KEYS].join(', ')})`);
  if (typeof e.node !== 'string' || !e.node) fail(at, 'an endpoint needs node');
  if (e.interface === undefined || e.interface === null || String(e.interface) === '') fail(at, `endpoint of ${String(e.node)} needs interface`);
  const end: RawEnd = { node: e.node as string, iface: String(e.interface), given: `${String(e.node)}:${String(e.interface)}` };
  if (e.mac !== undefined) {
    if (!MAC.test(String(e.mac))) fail(at, `mac ${String(e.mac)} of ${end.given} is not a MAC address`);
    end.mac = String(e.mac);
  }
  if (e.ipv4 !== undefined) end.ipv4 = prefix(e.ipv4, 4, end.given, at);
  if (e.ipv6 !== undefined) end.ipv6 = prefix(e.ipv6, 6, end.given, at);
  return end;
}

/** The link's ordered `ipv4:`/`ipv6:` lists give the i-th end its address, unless the end has one. */
function withAddresses(end: RawEnd, d: Record<string, unknown>, i: number, at: number): RawEnd {
  for (const family of [4, 6] as const) {
    const key = `ipv${family}` as const;
    const list = d[key] as unknown[] | undefined;
    if (end[key] === undefined && list?.[i] !== undefined && list[i] !== '') end[key] = prefix(list[i], family, end.given, at);
  }
  return end;
}

/** `mtu`, `ipv4`, `ipv6` of a link, as containerlab's schema bounds them. */
function checkCommon(d: Record<string, unknown>, at: number) {
  if (d.mtu !== undefined) integer(d.mtu, 'mtu', 1, 65535, at);
  for (const key of ['ipv4', 'ipv6']) {
    const list = d[key];
    if (list === undefined) continue;
    if (!Array.isArray(list) || list.length < 1 || list.length > 2) fail(at, `${key} is not a list of one or two prefixes`);
  }
  for (const key of ['vars', 'labels']) if (d[key] !== undefined && !isMap(d[key])) fail(at, `${key} is not a mapping`);
}

function integer(v: unknown, key: string, min: number, max: number, at: number): number {
  const n = typeof v === 'number' ? v : NaN;
  if (!Number.isInteger(n) || n < min || n > max) fail(at, `${key} ${String(v)} is not a number from ${min} to ${max}`);
  return n;
}

/** An address with its prefix length (`10.0.0.1/24`, `2001:db8::1/64`), as containerlab takes it. */
function prefix(v: unknown, family: 4 | 6, given: string, at: number): string {
  const text = String(v);
  const m = /^([^/]+)\/(\d{1,3})$/.exec(text);
  if (!m || net.isIP(m[1]) !== family || Number(m[2]) > (family === 4 ? 32 : 128)) fail(at, `ipv${family} ${text} of ${given} is not an IPv${family} address with its prefix length`);
  return text;
}
