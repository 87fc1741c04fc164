// Every menu the router has, in the router's own order: first-boot defaults are written
// in this order (interfaces before what refers to them), and export follows it.

import type { Environment, MenuDecl, Reply } from '../core/schema.js';
import { interfaceMenu } from './interface/interface.js';
import { ethernet } from './interface/ethernet.js';
import { bridge, bridgePort } from './interface/bridge.js';
import { vlan } from './interface/vlan.js';
import { interfaceList, interfaceListMember } from './interface/list.js';
import { ipAddress } from './ip/address.js';
import { pool } from './ip/pool.js';
import { dns, dnsStatic } from './ip/dns.js';
import { dnsCache, dnsCacheAll } from './ip/dns-resolver.js';
import { ntpClient } from './system/ntp.js';
import { addressList, filter, ipv6AddressList, nat, ruleMenus } from './ip/firewall.js';
import { ipv6Route, route, routingTableMenu } from './ip/route.js';
import { service, webserver } from './ip/service.js';
import { identity } from './system/identity.js';
import { clock } from './system/clock.js';
import { resource } from './system/resource.js';
import { note } from './system/note.js';
import { userGroup, user } from './user/user.js';
import { log, writeLog } from './log.js';
import { declareTree } from '../tree/declare.js';
import { copyOf, withFields } from '../core/later.js';
import { withDefconf } from './defconf.js';
import { hardwareMenus } from './hardware.js';
import { argsOf, dirAt, tree, valuesOf, type Tree } from '../tree/tree.js';
import { placeInterfaceKind } from './interface/kinds.js';
import { references, withReferenceStatus } from './references.js';
import { documentedDefault, SHOWN_STATUS } from './defaults.js';
import { formOf } from './forms.js';
import { withSecrets } from './sensitive.js';
import { withRequired } from './required.js';
import { withRepeatingNames } from './names.js';
import { withCounters } from './counters.js';
import { backup } from './system/backup.js';
import { wireguard, wireguardPeers } from './interface/wireguard.js';
import { vrrp } from './interface/vrrp.js';
import { userActive } from './user/active.js';
import { sshKeys } from './user/ssh-keys.js';
import { ipSsh } from './ip/ssh.js';
import { passwordCommand } from './password.js';
import { delayCommand } from './delay.js';
import { certificate } from './certificate.js';
import { fileMenu } from './file.js';
import { rootPing, toolPing } from './tool/ping.js';
import { toolFetch } from './tool/fetch.js';
import { toolEmail } from './tool/e-mail.js';
import { bandwidthServer, bandwidthServerSession, toolBandwidthTest } from './tool/bandwidth.js';
import { consoleInspect } from './console-inspect.js';
import { packageUpdate, systemPackage } from './system/package.js';
import { lte, lteApn } from './interface/lte.js';
import { executeCommand } from './execute.js';
import { importCommand } from './import.js';
import { withExport } from './export.js';
import { script, scriptEnvironment, scriptJob } from './system/script.js';
import { scheduler } from './system/scheduler.js';
import { resetCommand } from './system/reset.js';
import { rebootCommand } from './system/reboot.js';
import { bgpTemplate, deviceMode, firewallServicePort, hotspotServicePort, license } from './system/builtins.js';
import { logging, loggingAction } from './system/logging.js';
import { ownRecordMenus } from './own-records.js';
import { ipv6Address } from './ip/ipv6-address.js';
import { disk, ethernetSwitch, irq, irqRps, port, queueInterface } from './board-records.js';
import { arp, dhcp6Client, dhcpClient, ipv6Neighbor, neighbor } from './ip/neighbor.js';
import { toolTraceroute } from './tool/traceroute.js';
import { routerboard } from './system/routerboard.js';
import { defaultConfigurationMenus } from './system/default-configuration.js';
import { environment } from './system/environment.js';
import { health, healthSettings } from './system/health.js';
import { lora, loraServers, wiliotServers } from './iot.js';
import { filterRule } from './routing/filter.js';
import { bgpSession } from './routing/bgp.js';
import { ipsecActivePeers, ipsecInstalledSa } from './ip/ipsec.js';
import { ospfArea, ospfInterfaceTemplate, ospfLsa, ospfNeighbor } from './routing/ospf.js';
import { routingRoute } from './routing/route.js';
import { safeMode, systemHistory, undoRedo } from './system/history.js';
import { snmpSettings } from './snmp.js';
import { radiusIncoming, radiusMenu } from './radius.js';

/** The menus declared by hand: where the router's behaviour matters beyond what the tree says. */
export const handMenus: readonly MenuDecl[] = [
  // The interface view after the kinds: its own built-in (`lo`) is listed after the ports.
  ethernet, bridge, vlan, bridgePort, interfaceList, interfaceListMember, interfaceMenu,
  ipAddress, pool, dns, dnsStatic, addressList, ipv6AddressList, filter, nat, route, service, webserver,
  identity, clock, resource, note, userGroup, user, log,
  userActive, passwordCommand, delayCommand, certificate,
  fileMenu, rootPing, toolPing, toolFetch, toolEmail, toolBandwidthTest, bandwidthServer, bandwidthServerSession,
  consoleInspect, systemPackage, packageUpdate, lte, lteApn,
  script, scriptJob, scriptEnvironment, scheduler, executeCommand, importCommand, resetCommand, rebootCommand,
  license, deviceMode, dnsCache, dnsCacheAll, ntpClient, loggingAction, logging, ...ruleMenus, firewallServicePort, hotspotServicePort, bgpTemplate, wireguard, wireguardPeers, backup,
  ...ownRecordMenus, port, disk, ethernetSwitch, queueInterface, irq, irqRps, ipv6Address, ipv6Route, routingTableMenu, routerboard, health, healthSettings, lora, loraServers, wiliotServers,
  neighbor, arp, ipv6Neighbor, dhcpClient, dhcp6Client, toolTraceroute, ospfNeighbor, ospfLsa, ospfArea, ospfInterfaceTemplate, routingRoute,
  sshKeys, ipSsh, ...defaultConfigurationMenus, environment, vrrp, filterRule, bgpSession, ipsecActivePeers, ipsecInstalledSa,
  systemHistory, undoRedo, safeMode, snmpSettings, radiusMenu, radiusIncoming,
];

const declared = new WeakMap<Tree, readonly MenuDecl[]>();

const handPaths = new Set(handMenus.filter((m) => m.kind !== 'dir').map((m) => m.path));
/** The fields each hand declaration declares itself. */
const handFields = new Map(handMenus.filter((m) => m.kind !== 'dir').map((m) => [m.path, new Set(Object.keys(m.fields ?? {}))]));

/**
 * Every menu of a tree (a release with its installed packages): generated declarations
 * refined by the hand ones (src/tree), with the value facts the tree lacks, and `export`
 * where the tree has it (./export.ts).
 * A hand declaration of a menu the newest release has and this tree lacks (an older release,
 * a package not installed) is left out: the router has no such menu. Built once per tree.
 */
export function menusOf(t: Tree): readonly MenuDecl[] {
  let out = declared.get(t);
  if (out) return out;
  const newest = tree();
  const hand = t === newest ? handMenus : handMenus
    .filter((d) => dirAt(d.path, t) !== undefined || dirAt(d.path, newest) === undefined)
    .map((d) => withoutNewer(d, t, newest));
  const generated = declareTree(hand, {
    place: placeInterfaceKind,
    refers: references,
    form: formOf,
    defaultOf: (path, name) => documentedDefault(path, name, handPaths.has(path)),
    shownOf: (path) => SHOWN_STATUS[path],
    dropMissing: t !== newest,
    notEmulated: (ctx, path, command) => writeLog(ctx.env, 'system,info', `/${path ? path.replaceAll('/', ' ') + ' ' : ''}${command}: not emulated by vrouter, nothing done`),
  }, t);
  // The facts kept as data laid over the declarations (which arguments are secrets, which are
  // required, where names repeat, which menus count), the menus of hardware the tree's CHR
  // capture lacks (./hardware.ts), the board's default configuration (./defconf.ts).
  const facts = withCounters(withRepeatingNames(withRequired(withSecrets(withReferenceStatus(generated, handPaths)), handFields)));
  out = withExport(withDefconf([...facts, ...hardwareMenus]), t);
  // A tree of the newest release with fewer packages or a board's lacks types every argument it
  // keeps as the newest does: its defaults fit as they are.
  if (t.version !== newest.version) out = out.map(fitDefaults);
  declared.set(t, out);
  return out;
}

/** Every menu of the newest release with every package (tests and tools that want them all). */
export const allMenus = (): readonly MenuDecl[] => menusOf(tree());

/**
 * On another release a default written for the newest may not be a value the release's
 * type takes (an enumeration without the word, a range that grew): the field then has no
 * default there rather than the router refusing to start.
 */
function fitDefaults(decl: MenuDecl): MenuDecl {
  return withFields(decl, (given) => {
    const misfits = Object.entries(given).filter(([, f]) => {
      if (f.default === undefined || f.derive || f.ref) return false;
      try { return f.type.parse(f.default) !== f.default; } catch { return true; }
    });
    if (!misfits.length) return undefined;
    const fields = { ...given };
    for (const [name, f] of misfits) { const { default: _, ...rest } = f; fields[name] = rest; }
    return fields;
  });
}

/** The argument and property names a tree gives a menu. */
function namesOf(path: string, t: Tree): Set<string> {
  const dir = dirAt(path, t);
  const names = new Set<string>();
  for (const c of ['add', 'set']) for (const n of Object.keys(argsOf(dir, c, t) ?? {})) names.add(n);
  const get = argsOf(dir, 'get', t)?.['value-name'];
  for (const n of get ? valuesOf(get) : []) names.add(n);
  return names;
}

/** Whether `add` or `set` of the menu takes the argument in the tree. */
function settable(path: string, name: string, t: Tree): boolean {
  const dir = dirAt(path, t);
  return ['add', 'set'].some((c) => argsOf(dir, c, t)?.[name] !== undefined);
}

/** Without the commands the newest release has and this one lacks (`/safe-mode take` came in 7.18). */
function withoutNewerCommands(decl: MenuDecl, t: Tree, newest: Tree): MenuDecl {
  const newer = dirAt(decl.path, newest)?.c ?? {};
  const here = dirAt(decl.path, t)?.c ?? {};
  const gone = Object.keys(decl.commands ?? {}).filter((c) => c in newer && !(c in here));
  if (!gone.length) return decl;
  const copy = copyOf(decl);
  copy.commands = Object.fromEntries(Object.entries(decl.commands!).filter(([c]) => !gone.includes(c)));
  return copy;
}

/**
 * A hand declaration on an older release: without the fields the newest release's tree has
 * and this release's lacks (/ip/service `available-from` before 7.x named it `address`;
 * bridge ports' `trusted-ra`), so that the router neither takes nor shows nor exports them.
 */
function withoutNewer(decl: MenuDecl, t: Tree, newest: Tree): MenuDecl {
  // The newest release with fewer packages or a board's lacks shares every directory it left
  // as it was, commands and their arguments (installedTree copies on write): nothing goes.
  if (t.version === newest.version && dirAt(decl.path, t)?.c === dirAt(decl.path, newest)?.c) return decl;
  decl = withoutNewerCommands(decl, t, newest);
  if (!decl.fields) return decl;
  const newer = namesOf(decl.path, newest);
  const here = namesOf(decl.path, t);
  // A field the newest release only shows and this one takes (/snmp `engine-id`, set by
  // users before 7.10 brought `engine-id-suffix`): this release's tree declares it.
  const takenHere = (n: string) => decl.fields![n].readOnly && !settable(decl.path, n, newest) && settable(decl.path, n, t);
  const gone = Object.keys(decl.fields).filter((n) => (newer.has(n) && !here.has(n)) || takenHere(n));
  if (!gone.length) return decl;
  const copy = copyOf(decl);
  copy.fields = Object.fromEntries(Object.entries(decl.fields).filter(([n]) => !gone.includes(n)));
  // Defaults may be a getter (the admin's password is hashed on demand): stay lazy.
  if (Object.getOwnPropertyDescriptor(decl, 'defaults')) {
    Object.defineProperty(copy, 'defaults', {
      enumerable: true, configurable: true,
      get: () => {
        const keep = (records: readonly Reply[]) => records.map((r) => Object.fromEntries(Object.entries(r).filter(([n]) => !gone.includes(n))));
        const d = decl.defaults;
        return typeof d === 'function' ? (env: Environment) => keep(d(env)) : d && keep(d);
      },
    });
  }
  return copy;
}
