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
import { addressList, filter, nat } from './ip/firewall.js';
import { route } from './ip/route.js';
import { service, webserver } from './ip/service.js';
import { identity } from './system/identity.js';
import { clock } from './system/clock.js';
import { resource } from './system/resource.js';
import { note } from './system/note.js';
import { userGroup, user } from './user/user.js';
import { log } from './log.js';
import { userActive } from './user/active.js';
import { passwordCommand } from './password.js';
import { delayCommand } from './delay.js';

export const menus: readonly MenuDecl[] = [
  interfaceMenu, ethernet, bridge, vlan, bridgePort, interfaceList, interfaceListMember,
  ipAddress, pool, dns, dnsStatic, addressList, filter, nat, route, service, webserver,
  identity, clock, resource, note, userGroup, user, log,
  userActive, passwordCommand, delayCommand,
];
