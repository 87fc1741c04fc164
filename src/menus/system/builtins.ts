// Menus the tree implies every router answers with something of its own, though nobody
// configures them: the licence, the device mode, and the DNS cache. Field names and types
// are the tree's (TREE); what is said here is what the router shows.

import type { ArgDecl, CommandContext, MenuDecl, Reply } from '../../core/schema.js';
import { CommandError } from '../../core/errors.js';
import { durationToMs } from '../../core/values.js';
import { argsOf, dirAt } from '../../tree/tree.js';
import { typeFor } from '../../tree/types.js';
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
 * mode"; REST as captured on CHR 7.22.1, docs/routeros-facts.md 11): `advanced` mode with
 * every feature on but `traffic-gen`, `partitions`, `routerboard`, `install-any-version` and
 * `container`. GET shows the object; `POST .../print` is a 500. `update` waits for the power
 * cycle that confirms it; none comes here, so when `activation-timeout` (default 5m) ends it
 * fails with `update canceled` and counts the attempt.
 */
const OFF_IN_ADVANCED = new Set(['traffic-gen', 'partitions', 'routerboard', 'install-any-version', 'container']);
const FEATURES = ['scheduler', 'socks', 'fetch', 'pptp', 'l2tp', 'bandwidth-test', 'traffic-gen', 'sniffer', 'ipsec', 'romon', 'proxy',
  'hotspot', 'smb', 'email', 'zerotier', 'container', 'install-any-version', 'partitions', 'routerboard'];

async function update(ctx: CommandContext): Promise<void> {
  const wait = ctx.args['activation-timeout'] === undefined ? 5 * 60_000 : durationToMs(ctx.args['activation-timeout']);
  const confirmedNever = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(true), wait);
    ctx.signal.addEventListener('abort', () => { clearTimeout(timer); resolve(false); }, { once: true });
  });
  // Stopped before its time (the request limit): the update is still pending, nothing is counted.
  if (!confirmedNever) return;
  const { store } = ctx.env;
  const table = store.table('system/device-mode');
  const row = table.rows[0] ?? store.newRow('system/device-mode', {}, false);
  const values = { ...row.values, 'attempt-count': String(Number(row.values['attempt-count'] ?? '0') + 1) };
  store.commit([table.rows[0] ? { op: 'update', table: 'system/device-mode', id: row.id, values } : { op: 'insert', table: 'system/device-mode', row: { ...row, values } }]);
  await store.settled();
  throw new CommandError('failure', 'update canceled');
}

export const deviceMode: MenuDecl = {
  path: 'system/device-mode',
  kind: 'settings',
  restPrintByGetOnly: true,
  fields: {
    mode: shows('advanced'),
    'allowed-versions': shows(''),
    flagged: shows('false'),
    'flagging-enabled': shows('true'),
    'attempt-count': { type: TREE, readOnly: true, default: '0' },
    ...Object.fromEntries(FEATURES.map((f) => [f, shows(String(!OFF_IN_ADVANCED.has(f)))])),
  },
  commands: {
    update: {
      policy: ['write'],
      get args() { return updateArgs(); },
      run: update,
    },
  },
};

/** `update`'s arguments as the tree types them. */
function updateArgs(): Record<string, ArgDecl> {
  const spec = argsOf(dirAt('system/device-mode'), 'update') ?? {};
  return Object.fromEntries(Object.entries(spec).map(([n, s]) => [n, { type: typeFor(n, s) }]));
}

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
