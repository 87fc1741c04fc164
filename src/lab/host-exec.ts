// A Linux host's `exec:` lines (containerlab `kind: linux`), read as the commands they are:
// iproute2's `ip address|route|link`, `ip -6 ...`, a DHCP client (`udhcpc -i eth1`,
// `dhclient eth1`) and the sysctls that decide SLAAC. Each line is applied in order to the
// host's configuration, as the container's shell would run it, and a line that would fail on
// Linux fails here with Linux's own message. A line of any other command is refused: one
// line naming the node, the line and what is supported, before the lab starts anything.
//
// iproute2 takes any prefix of an object or command (`ip a`, `ip addr`, `ip r add`; ip/ip.c
// and its `matches()`), `dev` anywhere among the arguments, and an address without a length
// as a host address (/32, /128). A port a topology links (`eth1`) starts up with the link's
// MTU (containerlab brings every veth up, 9500 bytes unless the link says); `ip link add`
// makes an interface down, as Linux does, until `ip link set ... up`.

import net from 'node:net';

export type Family = 4 | 6;

/** One interface of the host. */
export interface HostLink {
  name: string;
  up: boolean;
  mtu: number;
  mac: string;
  /** A VLAN interface's parent and id (`ip link add link eth1 name eth1.10 type vlan id 10`). */
  vlan?: { parent: string; id: number };
  /** `net.ipv6.conf.IF.accept_ra` and `autoconf` (both 1 by default on a host that does not forward). */
  acceptRa: number;
  autoconf: boolean;
}

export interface HostAddress {
  family: Family; ip: string; prefix: number; dev: string;
  /** Put there by the DHCP client on this interface (its lease), not by a command. */
  dhcp?: boolean;
  /** Made by SLAAC from a router advertisement's prefix (./host-slaac.ts). */
  slaac?: boolean;
}

export interface HostRoute {
  family: Family;
  /** `default` is 0.0.0.0/0 or ::/0. */
  dst: string;
  prefix: number;
  via?: string;
  dev: string;
  metric: number;
  /** Added by the DHCP client's script for its lease's router. */
  dhcp?: boolean;
  /** A default router a router advertisement offered (`proto ra`). */
  slaac?: boolean;
}

/** What the exec lines made of the host: its interfaces, addresses, routes and DHCP clients. */
export interface HostConfig {
  links: HostLink[];
  addresses: HostAddress[];
  routes: HostRoute[];
  /** The DHCPv4 clients, in the order the lines started them. */
  dhcp: DhcpClientRun[];
}

/**
 * A DHCP client and what it sends: busybox udhcpc its MAC address as client id and no host
 * name (unless `-x hostname:NAME`); ISC dhclient, as Debian's dhclient.conf has it, the host
 * name and no client id.
 */
export interface DhcpClientRun { dev: string; program: 'udhcpc' | 'dhclient'; hostName?: string; clientId: boolean }

export class ExecError extends Error {}

/** What the lab's hosts run, for the line that refuses anything else. */
export const SUPPORTED = 'ip address add|del, ip route add|replace|del, ip link set (up, down, mtu), '
  + 'ip link add ... type vlan, ip -6 ..., udhcpc -i IF, dhclient IF, sysctl net.ipv6.conf.IF.accept_ra|autoconf';

/** Reads a host's exec lines on top of its linked ports; throws ExecError with one line. */
export function readExec(node: string, lines: readonly string[], start: HostConfig): HostConfig {
  const config: HostConfig = { links: start.links.map((p) => ({ ...p })), addresses: [...start.addresses], routes: [...start.routes], dhcp: [...start.dhcp] };
  for (const line of lines) {
    try {
      run(config, words(line), node);
    } catch (e) {
      if (!(e instanceof Failed)) throw e;
      throw new ExecError(`node ${node}: exec "${line}": ${e.message}`);
    }
  }
  return config;
}

/** A line that fails: Linux's message, or why the lab does not run it. */
class Failed extends Error {}
const fail = (message: string): never => { throw new Failed(message); };
const unsupported = (): never => fail(`not supported (a host runs ${SUPPORTED})`);

/** A shell line's words (quotes taken off); pipes, `;` and redirections are not run. */
function words(line: string): string[] {
  if (/[|;&<>`$]/.test(line)) unsupported();
  return [...line.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]);
}

/** iproute2's matches(): a word is any prefix of the keyword. */
const matches = (word: string | undefined, keyword: string) => !!word && keyword.startsWith(word);

function run(c: HostConfig, argv: string[], node: string) {
  const [command, ...args] = argv;
  if (command === 'ip') return ip(c, args);
  if (command === 'udhcpc') return udhcpc(c, args);
  if (command === 'dhclient') return dhclient(c, args, node);
  if (command === 'sysctl') return sysctl(c, args);
  return unsupported();
}

function ip(c: HostConfig, args: string[]) {
  let family: Family | undefined;
  while (args[0]?.startsWith('-')) {
    const opt = args.shift()!;
    if (opt === '-4') family = 4;
    else if (opt === '-6') family = 6;
    else if (opt === '-f' || opt === '-family') family = args.shift() === 'inet6' ? 6 : 4;
    else unsupported();
  }
  const [object, command, ...rest] = args;
  // A line that only shows (`ip a`, `ip route show`) changes nothing.
  const shows = command === undefined || (command !== '' && ('show'.startsWith(command) || 'list'.startsWith(command)));
  if (object && ['address', 'route', 'link'].some((o) => matches(object, o)) && shows) return;
  if (matches(object, 'address') && object) {
    if (matches(command, 'add')) return addAddress(c, rest, family);
    if (matches(command, 'delete')) return delAddress(c, rest, family);
  } else if (matches(object, 'route') && object) {
    if (command === 'add' || command === 'replace' || command === 'change' || command === 'append') return addRoute(c, rest, family, command === 'add' || command === 'append');
    if (matches(command, 'delete')) return delRoute(c, rest, family);
  } else if (matches(object, 'link') && object) {
    if (matches(command, 'set')) return setLink(c, rest);
    if (matches(command, 'add')) return addLink(c, rest);
  }
  return unsupported();
}

function link(c: HostConfig, name: string | undefined): HostLink {
  const found = c.links.find((l) => l.name === name);
  return found ?? fail(`Cannot find device "${name ?? ''}"`);
}

/** An address with its length: `10.0.0.2/24`, a bare address a host's (/32, /128). */
function prefixOf(text: string | undefined, family: Family | undefined): { family: Family; ip: string; prefix: number } {
  const [ip, len] = (text ?? '').split('/');
  const f = net.isIP(ip);
  if (!f || (family && f !== family)) return fail(`any valid prefix is expected rather than "${text ?? ''}".`);
  const max = f === 4 ? 32 : 128;
  const prefix = len === undefined ? max : /^\d{1,3}$/.test(len) && Number(len) <= max ? Number(len) : fail(`invalid prefix length "${len}".`);
  return { family: f as Family, ip, prefix };
}

/** The `dev IF` and the other words of an `ip address` line (`local`, `brd`, `label` ... taken). */
function addressArgs(args: string[]) {
  let dev: string | undefined, address: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const w = args[i];
    if (w === 'dev') dev = args[++i];
    else if (w === 'local') address = args[++i];
    else if (['brd', 'broadcast', 'label', 'scope', 'valid_lft', 'preferred_lft', 'metric', 'peer'].includes(w)) i++;
    else if (['noprefixroute', 'nodad', 'home', 'optimistic', 'permanent'].includes(w)) continue;
    else if (address === undefined) address = w;
    else fail(`either "local" is duplicate, or "${w}" is a garbage.`);
  }
  return { dev, address };
}

function addAddress(c: HostConfig, args: string[], family: Family | undefined) {
  const { dev, address } = addressArgs(args);
  const a = prefixOf(address, family);
  if (!dev) fail('Not enough information: "dev" argument is required.');
  link(c, dev);
  if (c.addresses.some((x) => x.dev === dev && x.ip === a.ip)) fail('RTNETLINK answers: File exists');
  c.addresses.push({ ...a, ip: canonical(a.ip), dev: dev! });
}

function delAddress(c: HostConfig, args: string[], family: Family | undefined) {
  const { dev, address } = addressArgs(args);
  const a = prefixOf(address, family);
  const i = c.addresses.findIndex((x) => x.ip === canonical(a.ip) && (!dev || x.dev === dev));
  if (i < 0) fail('RTNETLINK answers: Cannot assign requested address');
  const [gone] = c.addresses.splice(i, 1);
  // The kernel takes the routes through an address's network with it when it is the last there.
  c.routes = c.routes.filter((r) => !r.via || r.dev !== gone.dev || connected(c, r.family, r.via, r.dev));
}

export const canonical = (ip: string) => (net.isIP(ip) === 6 ? new URL(`http://[${ip}]/`).hostname.slice(1, -1) : ip);

function inPrefix(family: Family, ip: string, net0: string, prefix: number): boolean {
  const bits = (a: string) => family === 4
    ? a.split('.').map((o) => Number(o).toString(2).padStart(8, '0')).join('')
    : expand6(a).map((g) => g.toString(2).padStart(16, '0')).join('');
  return bits(ip).slice(0, prefix) === bits(net0).slice(0, prefix);
}

/** The eight groups of an IPv6 address. */
export function expand6(ip: string): number[] {
  const [head, tail] = ip.includes('::') ? ip.split('::') : [ip, undefined];
  const part = (s: string) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const h = part(head);
  if (tail === undefined) return h;
  const t = part(tail);
  return [...h, ...Array(8 - h.length - t.length).fill(0), ...t];
}

/** Whether `gw` is in a network of an address of the host (on `dev` when given). */
function connected(c: HostConfig, family: Family, gw: string, dev?: string): HostAddress | undefined {
  if (family === 6 && gw.toLowerCase().startsWith('fe80:')) return dev ? { family: 6, ip: gw, prefix: 64, dev } : undefined;
  return c.addresses.find((a) => a.family === family && (!dev || a.dev === dev) && inPrefix(family, gw, a.ip, a.prefix) && link(c, a.dev).up);
}

function routeArgs(args: string[], family: Family | undefined) {
  let dst: string | undefined, via: string | undefined, dev: string | undefined, metric = 0;
  for (let i = 0; i < args.length; i++) {
    const w = args[i];
    if (w === 'via') via = args[++i];
    else if (w === 'dev' || w === 'oif') dev = args[++i];
    else if (w === 'metric' || w === 'priority' || w === 'preference') metric = Number(args[++i]);
    else if (['proto', 'protocol', 'scope', 'src', 'table', 'mtu', 'realm'].includes(w)) {
      if (w === 'table' && !['main', '254'].includes(args[i + 1])) unsupported();
      i++;
    } else if (w === 'onlink') continue;
    else if (['blackhole', 'unreachable', 'prohibit', 'nexthop', 'encap'].includes(w)) unsupported();
    else if (w === 'to') dst = args[++i];
    else if (dst === undefined) dst = w;
    else fail(`either "to" is duplicate, or "${w}" is a garbage.`);
  }
  if (dst === undefined) fail('Not enough information');
  const f = dst === 'default' ? (family ?? (via && net.isIP(via) === 6 ? 6 : 4)) : prefixOf(dst, family).family;
  const d = dst === 'default' ? { ip: f === 4 ? '0.0.0.0' : '::', prefix: 0 } : prefixOf(dst, family);
  if (via !== undefined && net.isIP(via) !== f) fail(`inet${f === 6 ? '6' : ''} address is expected rather than "${via}".`);
  if (!Number.isInteger(metric) || metric < 0) fail(`"metric" value is invalid`);
  // The kernel takes a route's destination only as a network (host bits zero).
  if (canonical(d.ip) !== networkOf(f as Family, d.ip, d.prefix)) fail('Error: Invalid prefix for given prefix length.');
  return { family: f as Family, dst: networkOf(f as Family, d.ip, d.prefix), prefix: d.prefix, via: via && canonical(via), dev, metric };
}

/** The network an address is in, as `ip route` writes it. */
export function networkOf(family: Family, ip: string, prefix: number): string {
  if (family === 4) {
    const size = 2 ** (32 - prefix);
    const n = Math.floor(ip.split('.').reduce((a, o) => a * 256 + Number(o), 0) / size) * size;
    return [24, 16, 8, 0].map((s) => Math.floor(n / 2 ** s) % 256).join('.');
  }
  const groups = expand6(ip).map((g, i) => {
    const keep = Math.max(0, Math.min(16, prefix - i * 16));
    return keep === 16 ? g : keep === 0 ? 0 : g & ~((1 << (16 - keep)) - 1) & 0xffff;
  });
  return canonical(groups.map((g) => g.toString(16)).join(':'));
}

function addRoute(c: HostConfig, args: string[], family: Family | undefined, exclusive: boolean) {
  const r = routeArgs(args, family);
  let dev = r.dev;
  if (dev) link(c, dev);
  if (r.via) {
    const through = connected(c, r.family, r.via, dev);
    if (!through) fail('Error: Nexthop has invalid gateway.');
    dev ??= through!.dev;
  } else if (!dev) {
    fail('Error: Device for nexthop is not up.');
  } else if (!link(c, dev).up) {
    fail('Error: Device for nexthop is not up.');
  }
  const same = (x: HostRoute) => x.family === r.family && x.dst === r.dst && x.prefix === r.prefix && x.metric === r.metric;
  if (exclusive && c.routes.some(same)) fail('RTNETLINK answers: File exists');
  c.routes = c.routes.filter((x) => !same(x));
  c.routes.push({ family: r.family, dst: r.dst, prefix: r.prefix, via: r.via, dev: dev!, metric: r.metric });
}

function delRoute(c: HostConfig, args: string[], family: Family | undefined) {
  const r = routeArgs(args, family);
  const i = c.routes.findIndex((x) => x.family === r.family && x.dst === r.dst && x.prefix === r.prefix && (!r.via || x.via === r.via) && (!r.dev || x.dev === r.dev));
  // A default route the lab does not have is the management network's (Docker's, via eth0): gone is gone.
  if (i < 0 && r.prefix === 0) return;
  if (i < 0) fail('RTNETLINK answers: No such process');
  c.routes.splice(i, 1);
}

function setLink(c: HostConfig, args: string[]) {
  const rest = args[0] === 'dev' ? args.slice(1) : args;
  const l = link(c, rest[0]);
  for (let i = 1; i < rest.length; i++) {
    const w = rest[i];
    if (w === 'up') l.up = true;
    else if (w === 'down') l.up = false;
    else if (w === 'mtu') {
      const n = Number(rest[++i]);
      if (!Number.isInteger(n)) fail(`Error: argument "${rest[i] ?? ''}" is wrong: Invalid "mtu" value`);
      if (n < 68) fail('Error: mtu less than device minimum.');
      if (n > 65535) fail('Error: mtu greater than device maximum.');
      l.mtu = n;
    } else unsupported();
  }
}

function addLink(c: HostConfig, args: string[]) {
  let parent: string | undefined, name: string | undefined, type: string | undefined, id: number | undefined;
  for (let i = 0; i < args.length; i++) {
    const w = args[i];
    if (w === 'link') parent = args[++i];
    else if (w === 'name' || w === 'dev') name = args[++i];
    else if (w === 'type') type = args[++i];
    else if (w === 'id' && type === 'vlan') id = Number(args[++i]);
    else if (w === 'protocol' && type === 'vlan') { if (!['802.1q', '802.1Q'].includes(args[++i])) unsupported(); }
    else if (name === undefined && type === undefined) name = w;
    else unsupported();
  }
  if (type !== 'vlan') unsupported();
  const p = link(c, parent);
  if (id === undefined || !Number.isInteger(id) || id < 0 || id > 4094) fail('Error: argument is wrong: id');
  if (!name) name = `${p.name}.${id}`;
  if (c.links.some((l) => l.name === name)) fail('RTNETLINK answers: File exists');
  if (!/^[^\s/]{1,15}$/.test(name)) fail(`"${name}" is not a valid ifname`);
  c.links.push({ name, up: false, mtu: p.mtu, mac: p.mac, vlan: { parent: p.name, id: id! }, acceptRa: 1, autoconf: true });
}

/** busybox udhcpc: `-i IF` (eth0 without); its other switches change nothing the lab shows. */
function udhcpc(c: HostConfig, args: string[]) {
  let dev = 'eth0', hostName: string | undefined, clientId = true;
  for (let i = 0; i < args.length; i++) {
    const w = args[i];
    if (w === '-i' || w === '--interface') dev = args[++i];
    else if (/^-i\S+$/.test(w)) dev = w.slice(2);
    else if (w === '-x' && /^hostname:/.test(args[i + 1] ?? '')) hostName = args[++i].slice('hostname:'.length);
    else if (['-t', '-T', '-A', '-x', '-V', '-F', '-O', '-r', '-s'].includes(w)) i++;
    else if (/^-[bfnqRSC]+$/.test(w)) { if (w.includes('C')) clientId = false; }
    else unsupported();
  }
  startDhcp(c, { dev, program: 'udhcpc', ...(hostName ? { hostName } : {}), clientId });
}

/** ISC dhclient: `dhclient [-v] [-4] [-1] IF...` (IPv4; `-6` is DHCPv6, not run by a host). */
function dhclient(c: HostConfig, args: string[], hostName: string) {
  const devs: string[] = [];
  for (const w of args) {
    if (['-v', '-4', '-1', '-d', '-nw', '-q', '-w'].includes(w)) continue;
    if (w.startsWith('-')) unsupported();
    devs.push(w);
  }
  if (!devs.length) unsupported();
  for (const dev of devs) startDhcp(c, { dev, program: 'dhclient', hostName, clientId: false });
}

function startDhcp(c: HostConfig, client: DhcpClientRun) {
  link(c, client.dev);
  if (!c.dhcp.some((d) => d.dev === client.dev)) c.dhcp.push(client);
}

/** `sysctl [-w] net.ipv6.conf.IF.accept_ra=N` and `.autoconf=N` (IF also `all`, `default`). */
function sysctl(c: HostConfig, args: string[]) {
  const settings = args.filter((w) => w !== '-w' && w !== '-q');
  if (!settings.length || settings.length !== args.filter((w) => !w.startsWith('-')).length) unsupported();
  for (const s of settings) {
    const m = /^net[./]ipv6[./]conf[./]([^./=]+)[./](accept_ra|autoconf)=(\d+)$/.exec(s);
    if (!m) unsupported();
    const [, dev, key, value] = m!;
    const targets = dev === 'all' || dev === 'default' ? c.links : [link(c, dev)];
    for (const l of targets) {
      if (key === 'accept_ra') l.acceptRa = Number(value);
      else l.autoconf = value !== '0';
    }
  }
}
