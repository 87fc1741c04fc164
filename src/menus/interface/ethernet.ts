// /interface/ethernet: the board's Ethernet ports. The router makes them itself, one per
// physical port, on first boot; they can be configured but never added or removed: the
// real menu has neither command (inspect 7.24). `permanent` tells the REST face that a
// DELETE of a port names no record a remove could take (spec section 7).

import { findRows } from '../../core/records.js';
import type { CommandContext, Environment, FieldDecl, MenuDecl, Reply } from '../../core/schema.js';
import type { Mutation } from '../../core/store.js';
import { bool, int, listOf, mac, name, str } from '../../core/values.js';
import { BOARDS, DEFAULT_BOARD, type Board, type Device } from '../../device/board.js';
import { ethernetMonitor } from './monitor.js';
import {
  ETHER_L2MTU, ETHER_MAX_L2MTU, INTERFACE_TABLE, boardPorts, choice, counter, interfaceFields,
} from './interface.js';

/**
 * The burnt-in address of port N: consecutive addresses under a MikroTik OUI (D4:01:C3),
 * as a real board's ports have. Stable, so tests and clients can rely on them.
 */
export function etherMac(n: number): string {
  return `D4:01:C3:00:00:${n.toString(16).toUpperCase().padStart(2, '0')}`;
}

/** The board this router runs on (the default board when none is attached, as in unit tests). */
export function boardOf(env: Environment): Board {
  return (env.services.device as Device | undefined)?.board ?? BOARDS[DEFAULT_BOARD];
}

/**
 * Link modes of a copper gigabit port (RouterOS 7.12+ names, which replaced
 * `speed`/`full-duplex`: terraform-provider-routeros issue 326).
 */
const LINK_MODES = [
  '10M-baseT-half', '10M-baseT-full', '100M-baseT-half', '100M-baseT-full', '1G-baseT-half', '1G-baseT-full',
] as const;

const counterField = (name: string): FieldDecl => ({ type: int(), readOnly: true, derive: (row, env) => counter(env, row, name) });

/** Only shown on ports where it was set: this board's ports are all copper (no SFP cage). */
const sfpOnly = (type: FieldDecl['type']): FieldDecl => ({ type });

export const ethernet: MenuDecl = {
  path: 'interface/ethernet',
  ...boardPorts('ether'),
  fields: {
    name: interfaceFields.name(),
    'default-name': { type: name, readOnly: true },
    mtu: interfaceFields.mtu,
    // Settable on hardware; values of the hAP ac2 capture (hAP ax² unconfirmed).
    l2mtu: { type: int({ min: 0, max: ETHER_MAX_L2MTU }), default: String(ETHER_L2MTU) },
    'max-l2mtu': { type: int(), readOnly: true, default: String(ETHER_MAX_L2MTU) },
    // The address in use: the burnt-in one until another is set (reset gives it back).
    'mac-address': { type: mac, derive: (row) => row.values['mac-address'] ?? row.values['orig-mac-address'] },
    // The burnt-in address. The 7.24 tree lists it among `set` arguments too; we keep it
    // fixed, so that reset and reset-mac-address always have the board's address to return to.
    'orig-mac-address': { type: mac, createOnly: true },
    arp: interfaceFields.arp,
    'arp-timeout': interfaceFields['arp-timeout'],
    'auto-negotiation': { type: bool, default: 'true' },
    advertise: { type: listOf(choice(LINK_MODES)), default: LINK_MODES.join(',') },
    // Used only with auto-negotiation=no; not shown until set (unconfirmed).
    speed: { type: choice(LINK_MODES) },
    'tx-flow-control': { type: choice(['auto', 'off', 'on']), default: 'off' },
    'rx-flow-control': { type: choice(['auto', 'off', 'on']), default: 'off' },
    'cable-settings': { type: choice(['default', 'short', 'standard']), default: 'default' },
    'disable-running-check': { type: bool, default: 'false' }, // `true` is CHR's default, hardware's is false (unconfirmed)
    'mdix-enable': { type: bool, default: 'true' }, // unconfirmed whether REST prints it
    'combo-mode': sfpOnly(choice(['auto', 'copper', 'sfp'])),
    'fec-mode': sfpOnly(choice(['auto', 'fec74', 'fec91', 'off'])),
    'sfp-ignore-rx-los': sfpOnly(bool),
    'sfp-rate-select': sfpOnly(choice(['high', 'low'])),
    'sfp-shutdown-temperature': sfpOnly(int()),
    'loop-protect': interfaceFields['loop-protect'],
    'loop-protect-disable-time': interfaceFields['loop-protect-disable-time'],
    'loop-protect-send-interval': interfaceFields['loop-protect-send-interval'],
    'loop-protect-status': interfaceFields['loop-protect-status'],
    // The switch chip the port hangs off (6.49 exports show `switch=switch1`), as the catalogue
    // says; a port wired to the CPU (a CCR's ether1, a CHR's) shows none.
    switch: {
      type: str(), readOnly: true, stable: true,
      derive: (row, env) => boardOf(env).interfaces.find((p) => p.name === row.values['default-name'])?.switch,
    },
    running: interfaceFields.running,
    slave: interfaceFields.slave,
    // The port's own counters, named as in the real reply (plural `rx-bytes`, unlike /interface).
    'rx-broadcast': counterField('rx-broadcast'),
    'rx-bytes': counterField('rx-byte'),
    'rx-multicast': counterField('rx-multicast'),
    'rx-packet': counterField('rx-packet'),
    'tx-broadcast': counterField('tx-broadcast'),
    'tx-bytes': counterField('tx-byte'),
    'tx-multicast': counterField('tx-multicast'),
    'tx-packet': counterField('tx-packet'),
  },
  commands: {
    monitor: ethernetMonitor,
    // Gives the port back its burnt-in address.
    'reset-mac-address': {
      policy: ['write'],
      args: { numbers: { type: str() } },
      unnamed: 'numbers',
      async run(ctx: CommandContext): Promise<Reply | void> {
        const { env, menu, args } = ctx;
        const rows = findRows(env, menu, args.numbers);
        env.store.commit(rows.map((row): Mutation => {
          const values = { ...row.values };
          delete values['mac-address'];
          return { op: 'update', table: INTERFACE_TABLE, id: row.id, values };
        }));
      },
    },
  },
  // The board's ports, in its order, each with the next burnt-in address.
  defaults: (env) => boardOf(env).ports.map((name, i) => ({
    name,
    'default-name': name,
    'orig-mac-address': etherMac(i + 1),
  })),
};
