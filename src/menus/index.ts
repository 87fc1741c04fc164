// Every menu the router has, in the router's own order: first-boot defaults are written
// in this order (interfaces before what refers to them), and export follows it.

import type { MenuDecl } from '../core/schema.js';
import { interfaceMenu } from './interface/interface.js';
import { ethernet } from './interface/ethernet.js';
import { bridge, bridgePort } from './interface/bridge.js';
import { vlan } from './interface/vlan.js';
import { interfaceList, interfaceListMember } from './interface/list.js';
import { ipAddress } from './ip/address.js';
import { pool } from './ip/pool.js';
import { dns, dnsStatic } from './ip/dns.js';
import { addressList, filter, nat, ruleMenus } from './ip/firewall.js';
import { route, routingTableMenu } from './ip/route.js';
import { service, webserver } from './ip/service.js';
import { identity } from './system/identity.js';
import { clock } from './system/clock.js';
import { resource } from './system/resource.js';
import { note } from './system/note.js';
import { userGroup, user } from './user/user.js';
import { log, writeLog } from './log.js';
import { declareTree } from '../tree/declare.js';
import { placeInterfaceKind } from './interface/kinds.js';
import { references } from './references.js';
import { documentedDefault } from './defaults.js';
import { backup } from './system/backup.js';
import { wireguard, wireguardPeers } from './interface/wireguard.js';
import { userActive } from './user/active.js';
import { sshKeys } from './user/ssh-keys.js';
import { ipSsh } from './ip/ssh.js';
import { passwordCommand } from './password.js';
import { delayCommand } from './delay.js';
import { certificate } from './certificate.js';
import { fileMenu } from './file.js';
import { rootPing, toolPing } from './tool/ping.js';
import { toolFetch } from './tool/fetch.js';
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
import { bgpTemplate, deviceMode, dnsCache, firewallServicePort, hotspotServicePort, license } from './system/builtins.js';
import { logging, loggingAction } from './system/logging.js';
import { ownRecordMenus } from './own-records.js';
import { ipv6Address } from './ip/ipv6-address.js';
import { disk, ethernetSwitch, port, queueInterface } from './board-records.js';

/** The menus declared by hand: where the router's behaviour matters beyond what the tree says. */
export const handMenus: readonly MenuDecl[] = [
  // The interface view after the kinds: its own built-in (`lo`) is listed after the ports.
  ethernet, bridge, vlan, bridgePort, interfaceList, interfaceListMember, interfaceMenu,
  ipAddress, pool, dns, dnsStatic, addressList, filter, nat, route, service, webserver,
  identity, clock, resource, note, userGroup, user, log,
  userActive, passwordCommand, delayCommand, certificate,
  fileMenu, rootPing, toolPing, toolFetch, toolBandwidthTest, bandwidthServer, bandwidthServerSession,
  consoleInspect, systemPackage, packageUpdate, lte, lteApn,
  script, scriptJob, scriptEnvironment, scheduler, executeCommand, importCommand, resetCommand, rebootCommand,
  license, deviceMode, dnsCache, loggingAction, logging, ...ruleMenus, firewallServicePort, hotspotServicePort, bgpTemplate, wireguard, wireguardPeers, backup,
  ...ownRecordMenus, port, disk, ethernetSwitch, queueInterface, ipv6Address, routingTableMenu,
  sshKeys, ipSsh,
];

/**
 * Every menu of the tree: generated declarations refined by the hand ones (src/tree), with
 * `export` where the tree has it (./export.ts).
 */
export const menus: readonly MenuDecl[] = withExport(declareTree(handMenus, {
  place: placeInterfaceKind,
  refers: references,
  defaultOf: documentedDefault,
  notEmulated: (ctx, path, command) => writeLog(ctx.env, 'system,info', `/${path ? path.replaceAll('/', ' ') + ' ' : ''}${command}: not emulated by vrouter, nothing done`),
}));
