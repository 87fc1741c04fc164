// What `vrouter lab exec HOST -- CMD ...` runs on a Linux host of the lab: `ping` (./host-ping.ts),
// `ip route` and `ip -br address` to show the host as iproute2 does, and any line an `exec:`
// of the topology may hold (./host-exec.ts), which changes the host as it would at start.
// Anything else is refused with the shell's status for a command it cannot run (127).

import net from 'node:net';
import type { ProbeRequest, ProbeResult } from '../device/network.js';
import { ExecError, expand6, networkOf, readExec } from './host-exec.js';
import type { LabHost } from './host.js';
import { ping, type Run } from './host-ping.js';
import type { ActiveRoute, RouterModel } from './model.js';

export interface HostContext {
  probe(request: ProbeRequest): ProbeResult;
  /** The host's configuration changed: carrier, DHCP and routing follow. */
  changed(): void;
}

const ok = (stdout = ''): Run => ({ stdout, stderr: '', code: 0 });

/** The active route toward an address, longest prefix first, then lowest metric. */
function routeTo(model: RouterModel, address: string): ActiveRoute | undefined {
  const family = net.isIP(address) as 4 | 6;
  let best: ActiveRoute | undefined, bestLen = -1;
  for (const r of model.routing.active[family] ?? []) {
    const [dst, len] = r.dst.split('/');
    const prefix = Number(len);
    if (networkOf(family, address, prefix) !== dst) continue;
    if (prefix > bestLen || (prefix === bestLen && best && r.distance < best.distance)) { best = r; bestLen = prefix; }
  }
  return best;
}

export async function hostCommand(host: LabHost, argv: readonly string[], ctx: HostContext): Promise<Run> {
  const [command, ...args] = argv;
  if (command === undefined) return { stdout: '', stderr: 'exec needs a command (vrouter lab exec NODE -- ping -c 3 ADDRESS)\n', code: 2 };
  if (command === 'ping') {
    const model = () => host.model;
    return ping({
      probe: ctx.probe,
      source: (given) => {
        if (net.isIP(given)) return [...model().addresses[4], ...model().addresses[6]].some((a) => a.ip === given) ? given : undefined;
        const iface = model().interfaces.byName.get(given);
        return iface && model().addresses.working[4].find((a) => a.on === iface.id)?.ip;
      },
      routes: (address) => address.startsWith('127.') || address === '::1'
        || [...model().addresses[4], ...model().addresses[6]].some((a) => a.ip === address) || !!routeTo(model(), address),
    }, args);
  }
  const shown = show(host.model, argv);
  if (shown) return shown;
  try {
    const line = argv.map((w) => (/\s/.test(w) ? `'${w}'` : w)).join(' ');
    host.reconfigure(readExec(host.name, [line], host.config));
  } catch (e) {
    if (!(e instanceof ExecError)) throw e;
    const message = e.message.replace(/^node [^:]+: exec "[^"]*": /, '');
    if (message.startsWith('not supported')) return { stdout: '', stderr: `${command}: ${message.replace('(a host runs ', '(a lab host runs ping -c, ip route, ip -br address, ')}\n`, code: 127 };
    return { stdout: '', stderr: `${message}\n`, code: 2 };
  }
  ctx.changed();
  return ok();
}

/** `ip route [show]`, `ip -6 route`, `ip -br address [show]`: undefined for anything else. */
function show(model: RouterModel, argv: readonly string[]): Run | undefined {
  if (argv[0] !== 'ip') return undefined;
  const opts = new Set<string>();
  let i = 1;
  for (; i < argv.length && argv[i].startsWith('-'); i++) opts.add(argv[i]);
  const [object, command, ...rest] = argv.slice(i);
  const family = opts.has('-6') ? 6 : opts.has('-4') ? 4 : undefined;
  const listing = command === undefined || ('show'.startsWith(command) || 'list'.startsWith(command));
  if (!object || !listing) return undefined;
  if ('route'.startsWith(object) && !rest.length) return ok(routes(model, family ?? 4));
  if ('address'.startsWith(object) && (opts.has('-br') || opts.has('-brief'))) {
    const dev = rest[0] === 'dev' ? rest[1] : rest[0];
    return ok(brief(model, family, dev));
  }
  return undefined;
}

/** `ip route` of the main table, in the kernel's order (by destination; `default` first), each attribute followed by a space as iproute2 prints them. */
function routes(model: RouterModel, family: 4 | 6): string {
  const key = (r: ActiveRoute) => {
    const [dst, len] = r.dst.split('/');
    const parts = family === 4 ? dst.split('.').map(Number) : [];
    return { n: family === 4 ? parts.reduce((a, o) => a * 256 + o, 0) : 0, dst, len: Number(len) };
  };
  // IPv6: every running interface's link-local network, and the default route last (the fib6 tree's walk).
  const linkLocal: ActiveRoute[] = family === 4 ? [] : model.interfaces.list.filter((i) => i.running).map((i) => ({
    family: 6, id: 0, dynamic: true, enabled: true, dst: 'fe80::/64', gateways: [i.name], distance: 256, scope: 10, targetScope: 10, table: 'main',
    type: 'unicast', blackhole: false, protocol: 'connected', attributes: {}, immediateGw: i.name, interfaces: [i.id], ecmp: false,
  }));
  const six = (r: ActiveRoute) => (r.dst === '::/0' ? 'g' : expand6(r.dst.split('/')[0]).map((g) => g.toString(16).padStart(4, '0')).join(''));
  const sorted = [...model.routing.active[family], ...linkLocal].sort((a, b) => {
    if (family === 6) return six(a).localeCompare(six(b)) || key(b).len - key(a).len;
    const x = key(a), y = key(b);
    return x.n - y.n || y.len - x.len;
  });
  return sorted.map((r) => {
    const dev = model.interfaces.byId.get(r.interfaces[0])!.name;
    const dst = r.dst.endsWith('/0') ? 'default' : r.dst;
    if (family === 6) {
      const via = r.immediateGw?.includes('%') ? ` via ${r.immediateGw.split('%')[0]}` : '';
      const how = r.attributes.proto === 'ra' ? 'proto ra metric 1024' : r.protocol === 'connected' ? 'proto kernel metric 256' : `metric ${r.distance || 1024}`;
      return `${dst}${via} dev ${dev} ${how} pref medium \n`;
    }
    if (r.protocol === 'connected') {
      const src = model.addresses.working[family].find((a) => a.on === r.interfaces[0] && a.network === r.dst)?.ip;
      return `${dst} dev ${dev} proto kernel scope link src ${src} \n`;
    }
    const via = r.immediateGw?.includes('%') ? ` via ${r.immediateGw.split('%')[0]}` : '';
    return `${dst}${via} dev ${dev} ${via ? '' : 'scope link '}${r.distance ? `metric ${r.distance} ` : ''}\n`;
  }).join('');
}

/** `ip -br address`: name, state and addresses of each interface (`%-16s %-14s ` and each address then a space). */
function brief(model: RouterModel, family: 4 | 6 | undefined, dev?: string): string {
  const lines = [`${'lo'.padEnd(16)} ${'UNKNOWN'.padEnd(14)} ${family === 6 ? '' : '127.0.0.1/8 '}${family === 4 ? '' : '::1/128 '}\n`];
  for (const iface of model.interfaces.list) {
    const addrs = [...(family === 6 ? [] : model.addresses[4]), ...(family === 4 ? [] : model.addresses[6])].filter((a) => a.interface === iface.id);
    const six = family === 4 ? [] : [`${iface.linkLocal}/64`];
    const text = [...addrs.map((a) => a.address), ...(iface.running ? six : [])].map((a) => `${a} `).join('');
    lines.push(`${iface.name.padEnd(16)} ${(iface.running ? 'UP' : iface.enabled ? 'LOWERLAYERDOWN' : 'DOWN').padEnd(14)} ${text}\n`);
  }
  return (dev ? lines.filter((l) => l.startsWith(`${dev} `)) : lines).join('');
}
