// /interface/ethernet: the board's Ethernet ports. The router makes them itself, one per
// physical port, on first boot; they can be configured but never added or removed: the
// real menu has neither command (inspect 7.24). `permanent` tells the REST face that a
// DELETE of a port names no record a remove could take (spec section 7).

import { findRows } from '../../core/records.js';
import type { CommandContext, Environment, FieldDecl, MenuDecl, Reply } from '../../core/schema.js';
import type { Mutation, Row } from '../../core/store.js';
import { ValueError } from '../../core/errors.js';
import { bool, int, listOf, mac, name, str, suffixed } from '../../core/values.js';
import { ALL_LINK_MODES, LINK_MODES } from '../../device/boards/ports.js';
import { BOARDS, DEFAULT_BOARD, type Board, type Device } from '../../device/board.js';
import { ethernetMonitor } from './monitor.js';
import {
  INTERFACE_TABLE, boardPorts, choice, counter, interfaceFields, portFacts,
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

const counterField = (name: string): FieldDecl => ({ type: int(), readOnly: true, derive: (row, env) => counter(env, row, name) });

/** SFP, SFP+, SFP28 and QSFP cages (and combo ports): their module's settings. */
const isCage = (row: Row, env: Environment) => portFacts(env, row).link.startsWith('sfp') || portFacts(env, row).link.startsWith('qsfp');

/**
 * A setting of a port's SFP module: on cages only, with the value export verbose of an
 * RB5009UPr+S+ (7.19.6) and a CRS310-8G+2S+ (7.18.2) prints for their SFP+ cages
 * (`sfp-ignore-rx-los=no sfp-rate-select=high sfp-shutdown-temperature=95C`; routeros-facts.md 51.2).
 */
const cage = (name: string, type: FieldDecl['type'], value: string): FieldDecl => ({
  type, stable: true, derive: (row, env) => row.values[name] ?? (isCage(row, env) ? value : undefined),
});

export const ethernet: MenuDecl = {
  path: 'interface/ethernet',
  ...boardPorts('ether'),
  fields: {
    name: interfaceFields.name(),
    'default-name': { type: name, readOnly: true },
    mtu: interfaceFields.mtu,
    // The port's own (the board's L2MTU, its max-l2mtu from the manual's table: src/device/boards/);
    // verify below keeps a port's within its max-l2mtu.
    l2mtu: { type: int({ min: 0, max: 65536 }), stable: true, derive: (row, env) => row.values.l2mtu ?? String(portFacts(env, row).l2mtu) },
    'max-l2mtu': { type: int(), readOnly: true, stable: true, derive: (row, env) => String(portFacts(env, row).maxL2mtu) },
    // The address in use: the burnt-in one until another is set (reset gives it back).
    'mac-address': { type: mac, derive: (row) => row.values['mac-address'] ?? row.values['orig-mac-address'] },
    // The burnt-in address. The 7.24 tree lists it among `set` arguments too; we keep it
    // fixed, so that reset and reset-mac-address always have the board's address to return to.
    'orig-mac-address': { type: mac, createOnly: true },
    arp: interfaceFields.arp,
    'arp-timeout': interfaceFields['arp-timeout'],
    'auto-negotiation': { type: bool, default: 'true' },
    // Every mode the router names is taken; a port advertises its PHY's or cage's until set.
    advertise: { type: listOf(choice(ALL_LINK_MODES)), stable: true, derive: (row, env) => row.values.advertise ?? LINK_MODES[portFacts(env, row).link].join(',') },
    // Used only with auto-negotiation=no; not shown until set (unconfirmed).
    speed: { type: choice(ALL_LINK_MODES) },
    'tx-flow-control': { type: choice(['auto', 'off', 'on']), default: 'off' },
    'rx-flow-control': { type: choice(['auto', 'off', 'on']), default: 'off' },
    'cable-settings': { type: choice(['default', 'short', 'standard']), default: 'default' },
    'disable-running-check': { type: bool, default: 'false' }, // `true` is CHR's default, hardware's is false (unconfirmed)
    'mdix-enable': { type: bool, default: 'true' }, // unconfirmed whether REST prints it
    'combo-mode': { type: choice(['auto', 'copper', 'sfp']) },
    'fec-mode': { type: choice(['auto', 'fec74', 'fec91', 'off']) },
    'sfp-ignore-rx-los': cage('sfp-ignore-rx-los', bool, 'false'),
    'sfp-rate-select': cage('sfp-rate-select', choice(['high', 'low']), 'high'),
    'sfp-shutdown-temperature': cage('sfp-shutdown-temperature', suffixed('C'), '95C'),
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
  // A port takes an L2MTU up to its max-l2mtu; the words are the argument type's, with the port's range.
  verify(next, env) {
    const row = { id: 0, values: next } as Row;
    const max = portFacts(env, row).maxL2mtu;
    if (next.l2mtu !== undefined && Number(next.l2mtu) > max) throw new ValueError(`value of {arg} out of range (0..${max})`).forArgument('l2mtu');
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
