// Menus the tree implies every router answers with something of its own, though nobody
// configures them: the licence, the device mode, and the DNS cache. Field names and types
// are the tree's (TREE); what is said here is what the router shows.

import type { MenuDecl, Reply } from '../../core/schema.js';
import { TREE } from '../../tree/declare.js';

const shows = (value: string) => ({ type: TREE, readOnly: true, derive: () => value });

/**
 * /system/license: the 7.24 tree (captured on a CHR) names `system-id` and `level`. The
 * emulated router is licensed without limits, so that speed tests and tunnels behave.
 */
export const license: MenuDecl = {
  path: 'system/license',
  kind: 'settings',
  fields: {
    'system-id': shows('V7RT0001VR0UTR1'),
    level: shows('p-unlimited'),
  },
};

/**
 * /system/device-mode: which features the device's owner allowed (RouterOS manual, "Device
 * mode"). A router upgraded from before 7.17 runs in `advanced` mode, which leaves every
 * feature on but `traffic-gen`, `partitions`, `routerboard`, `install-any-version` and
 * `container`; changing it needs a press of the reset button, so `update` is not emulated.
 */
const OFF_IN_ADVANCED = new Set(['traffic-gen', 'partitions', 'routerboard', 'install-any-version', 'container']);
const FEATURES = ['bandwidth-test', 'container', 'email', 'fetch', 'hotspot', 'install-any-version', 'ipsec', 'l2tp', 'partitions', 'pptp',
  'proxy', 'romon', 'routerboard', 'scheduler', 'smb', 'sniffer', 'socks', 'traffic-gen', 'zerotier'];

export const deviceMode: MenuDecl = {
  path: 'system/device-mode',
  kind: 'settings',
  fields: {
    mode: shows('advanced'),
    flagged: shows('false'),
    'flagging-enabled': shows('true'),
    ...Object.fromEntries(FEATURES.map((f) => [f, shows(String(!OFF_IN_ADVANCED.has(f)))])),
  },
};

/** /ip/dns/cache: the resolver's cache. vrouter resolves only static names, so it is empty and `flush` has nothing to drop. */
export const dnsCache: MenuDecl = {
  path: 'ip/dns/cache',
  kind: 'table',
  commands: {
    flush: { policy: ['write'], run: async () => {} },
  },
};

/**
 * /ip/firewall/service-port: the connection-tracking helpers the router has (RouterOS
 * manual, "Firewall / Services": irc and rtsp are off until turned on); users only turn
 * them on and off and change their ports.
 */
const servicePort = (path: string, ports: readonly Reply[]): MenuDecl => ({
  path,
  kind: 'table',
  key: 'name',
  systemDefaults: true,
  fields: { name: { type: TREE, readOnly: true } },
  defaults: ports,
});

export const firewallServicePort = servicePort('ip/firewall/service-port', [
  { name: 'ftp', ports: '21' },
  { name: 'tftp', ports: '69' },
  { name: 'irc', ports: '6667', disabled: 'yes' },
  { name: 'h323' },
  { name: 'sip', ports: '5060,5061', 'sip-direct-media': 'yes', 'sip-timeout': '1h' },
  { name: 'pptp' },
  { name: 'rtsp', ports: '554', disabled: 'yes' },
  { name: 'udplite' },
  { name: 'dccp' },
  { name: 'sctp' },
]);

/** /ip/hotspot/service-port: the hotspot's one helper, ftp. */
export const hotspotServicePort = servicePort('ip/hotspot/service-port', [{ name: 'ftp', ports: '21' }]);

/** /routing/bgp/template: every 7.x router has the template `default` (exports `set default as=...`). */
export const bgpTemplate: MenuDecl = {
  path: 'routing/bgp/template',
  kind: 'table',
  key: 'name',
  systemDefaults: true,
  defaults: [{ name: 'default' }],
};
