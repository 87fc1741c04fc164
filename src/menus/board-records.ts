// The board's own records besides its interfaces: its serial ports (/port) and a CHR's
// virtual drives (/disk). The router finds them at start-up, as it finds its ports; a reset
// gives them back as they came; export writes them as `set`, in the router's own words:
// `/port set 0 name=serial0` and `/disk set slot1 slot=slot1` name the port or slot on every
// line, changed or not (seen in every real export of the corpus that has them).
//
// Each such record carries the name it came with in `default-name`, a value no field of
// these menus declares, so it is never shown: it tells the board's records from those a user
// adds (`/disk add type=tmpfs`).

import { failure } from '../core/errors.js';
import { menuRows } from '../core/records.js';
import type { Environment, Menu, MenuDecl } from '../core/schema.js';
import { formatId, parseId, type Mutation, type Row } from '../core/store.js';
import type { Board, Device, SwitchFamily } from '../device/board.js';
import { TREE } from '../tree/declare.js';
import { quote } from '../console/export.js';
import { INTERFACE_TABLE } from './interface/interface.js';
import { interfaceRef } from './common.js';

export interface BoardRecords {
  table: string;
  /** The records the board has, as the router first shows them (`env` to name its interfaces by id). */
  made(board: Board, env: Environment): Record<string, string>[];
  /** How an export line names the record: its item number (`index()`, worked out on demand), its slot or its port. */
  ident(row: Row, index: () => number, env: Environment): string;
  /** Values every export line names, changed or not. */
  always: readonly string[];
}

export const BOARD_RECORDS: readonly BoardRecords[] = [
  {
    table: 'port',
    // RouterOS manual, "Serial Console": 115200 bit/s, 8 data bits, no parity, 1 stop bit, no flow control.
    made: (board) => (board.serial ?? []).map((name) => ({
      name, 'default-name': name, 'baud-rate': '115200', 'data-bits': '8', parity: 'none', 'stop-bits': '1',
      'flow-control': 'none', channels: '1', 'used-by': 'Serial Console',
    })),
    ident: (_row, index) => String(index()),
    always: ['name'],
  },
  {
    table: 'disk',
    made: (board) => (board.disks ?? []).map((slot) => ({ slot, 'default-name': slot, type: 'hardware' })),
    ident: (row) => row.values.slot,
    always: ['slot'],
  },
  {
    // The switch chips of a RouterBOARD (`/interface ethernet switch set 0 ...`), as the catalogue
    // lists them; a CHR has none.
    table: 'interface/ethernet/switch',
    made: (board) => board.switches.map((s) => ({ name: s.name, 'default-name': s.name, type: s.type })),
    ident: (_row, index) => String(index()),
    always: [],
  },
  {
    // The ports that give PoE out (`/interface ethernet poe set ether10 poe-out=off`).
    table: 'interface/ethernet/poe',
    made: (board) => board.interfaces.filter((p) => p.poeOut).map((p) => ({ name: p.name, 'default-name': p.name })),
    ident: (row) => row.values.name,
    always: [],
  },
  {
    // The ports of each switch chip, then the chip's own port to the CPU (`switch1-cpu`).
    table: 'interface/ethernet/switch/port',
    made: (board) => [
      ...board.interfaces.filter((p) => p.switch).map((p) => ({ name: p.name, 'default-name': p.name, switch: p.switch! })),
      ...board.switches.map((s) => ({ name: `${s.name}-cpu`, 'default-name': `${s.name}-cpu`, switch: s.name })),
    ],
    ident: (row) => row.values.name,
    always: [],
  },
  {
    // Port isolation of the Marvell chips: a record per switch port, then the CPU's (hardware.ts).
    table: 'interface/ethernet/switch/port-isolation',
    made: (board) => switchPortNames(board, ['crs3xx', 'marvell']).map((name) => ({ name, 'default-name': name })),
    ident: (_row, index) => String(index()),
    always: [],
  },
  {
    // The 98DX chips' QoS per port (hardware.ts): the CPU port trusts what it gets.
    table: 'interface/ethernet/switch/qos/port',
    made: (board) => switchPortNames(board, ['crs3xx']).map((name) => ({
      name, 'default-name': name, ...(name.endsWith('-cpu') ? { 'trust-l2': 'keep', 'trust-l3': 'keep' } : {}),
    })),
    ident: (row) => row.values.name,
    always: [],
  },
  {
    table: 'interface/ethernet/switch/qos/tx-manager/queue',
    made: (board) => (board.switches.some((s) => s.family === 'crs3xx') ? Array.from({ length: 8 }, (_, i) => ({ 'default-name': `queue${i}` })) : []),
    ident: (_row, index) => String(index()),
    always: [],
  },
  {
    // The LCD's graphs: one record per Ethernet port, a first page of them all (cages first, as an
    // RB2011's `sfp1,ether1,...` is), its six screens (hardware.ts).
    table: 'lcd/interface',
    made: (board, env) => (board.lcd ? board.ports : []).flatMap((port) => {
      const id = portId(env, port);
      return id ? [{ interface: id, 'default-name': port }] : [];
    }),
    ident: (row, _index, env) => quote(env.nameOf(INTERFACE_TABLE, parseId(row.values.interface) ?? 0) ?? row.values.interface),
    always: [],
  },
  {
    table: 'lcd/interface/pages',
    made: (board, env) => (board.lcd ? [{
      'default-name': 'page0',
      interfaces: [...board.interfaces.filter((p) => p.kind !== 'ether'), ...board.interfaces.filter((p) => p.kind === 'ether')]
        .map((p) => portId(env, p.name)).filter(Boolean).join(','),
    }] : []),
    ident: (_row, index) => String(index()),
    // Every export writes the pages' ports (three RB2011 exports, find_string 58602179379, 65794024605, 71462814549).
    always: ['interfaces'],
  },
  {
    table: 'lcd/screen',
    made: (board) => (board.lcd ? Array.from({ length: 6 }, (_, i) => ({ 'default-name': `screen${i}` })) : []),
    ident: (_row, index) => String(index()),
    always: [],
  },
  {
    // A LoRa card's gateway (`/iot lora set 0 ... disabled=no` in a wAP LR9 kit's 7.16.2 export): off until set.
    table: 'iot/lora',
    made: (board) => (board.lora ? [{ 'default-name': 'lora0', disabled: 'true' }] : []),
    ident: (_row, index) => String(index()),
    always: [],
  },
  {
    // Receive packet steering, one record per Ethernet port, named by the port's name and off
    // (an RB5009UPr+S+ 7.19.6 export verbose: `/system resource irq rps` `set ether3
    // disabled=yes` .. for every port, renamed ones by their new name, `set "2GWAN" disabled=yes`;
    // compact exports write the ports turned on: `set ether1 disabled=no`).
    table: 'system/resource/irq/rps',
    made: (board, env) => (board.routerboard ? board.ports : []).flatMap((port) => {
      const id = portId(env, port);
      return id ? [{ name: id, 'default-name': port, disabled: 'true' }] : [];
    }),
    ident: (row, _index, env) => quote(env.nameOf(INTERFACE_TABLE, parseId(row.values.name) ?? 0) ?? row.values.name),
    always: [],
  },
  {
    // The board's interrupt lines, each on the CPU the router picks (`set 0 cpu=auto` .. `set 15
    // cpu=auto` in the same export), where a source lists them (src/device/boards/).
    table: 'system/resource/irq',
    made: (board) => Array.from({ length: board.irqs }, (_, i) => ({ 'default-name': `irq${i}`, cpu: 'auto' })),
    ident: (_row, index) => String(index()),
    always: [],
  },
  {
    // Each port's and radio's queue (`/queue interface set ether1 queue=...`): the ports send
    // through the hardware queue, the radios through `wireless-default`.
    table: 'queue/interface',
    made: (board) => [
      ...board.ports,
    ].map((name) => ({ interface: name, 'default-name': name, queue: 'only-hardware-queue' })).concat(
      (board.radios?.names ?? []).map((name) => ({ interface: name, 'default-name': name, queue: 'wireless-default' }))),
    ident: (row) => row.values.interface,
    always: [],
  },
];

const byTable = new Map(BOARD_RECORDS.map((b) => [b.table, b]));

/** A port's interface by its id (`*3`), as a reference stores it. */
function portId(env: Environment, port: string): string | undefined {
  const iface = env.store.table(INTERFACE_TABLE).rows.find((r) => r.values['default-name'] === port);
  return iface && formatId(iface.id);
}

/** The ports of the board's chips of these families, then each chip's CPU port (`switch1-cpu`). */
function switchPortNames(board: Board, families: readonly SwitchFamily[]): string[] {
  const chips = board.switches.filter((s) => families.includes(s.family)).map((s) => s.name);
  return [...board.interfaces.filter((p) => p.switch && chips.includes(p.switch)).map((p) => p.name), ...chips.map((c) => `${c}-cpu`)];
}
const boardOf = (env: Environment) => (env.services.device as Device | undefined)?.board;

/** Adds the board's records that the configuration lacks (a data directory from another board keeps its own). */
export function attachBoardRecords(env: Environment) {
  const board = boardOf(env);
  if (!board) return;
  const changes: Mutation[] = [];
  for (const spec of BOARD_RECORDS) {
    const have = new Set(env.store.table(spec.table).rows.map((r) => r.values['default-name']));
    for (const values of spec.made(board, env)) {
      if (!have.has(values['default-name'])) changes.push({ op: 'insert', table: spec.table, row: env.store.newRow(spec.table, values, false) });
    }
  }
  if (changes.length) env.store.commit(changes);
}

/** The values a board record came with, or undefined for a record that is not the board's. */
export function madeValues(env: Environment, table: string, row: Row): Record<string, string> | undefined {
  const spec = byTable.get(table);
  const board = boardOf(env);
  if (!spec || !board || row.values['default-name'] === undefined) return undefined;
  return spec.made(board, env).find((v) => v['default-name'] === row.values['default-name']);
}

/** How export writes a board record: `set <ident>` against the values it came with. */
export function boardRecordExport(env: Environment, menu: Menu, row: Row) {
  const spec = byTable.get(menu.table);
  const made = spec && madeValues(env, menu.table, row);
  if (!spec || !made) return undefined;
  return { ident: spec.ident(row, () => menuRows(env, menu).indexOf(row), env), defaults: made, always: spec.always };
}

/**
 * A remove of the board's own record (its serial port, a CHR's drive) is refused, as the
 * router refuses one of its radios; a record a user added goes. The router's words for these
 * menus are not captured: those it gives for a radio (routeros-facts.md 21).
 */
const keepBoardRecord = (table: string) => (row: Row, env: Environment) => {
  if (madeValues(env, table, row)) throw failure('cannot remove hardware device');
};

/** /port and /disk as the hand knows them: a disk is named by its slot; status the board fills in. */
export const port: MenuDecl = {
  path: 'port',
  kind: 'table',
  key: 'name',
  canRemove: keepBoardRecord('port'),
  fields: { channels: { type: TREE, readOnly: true }, 'used-by': { type: TREE, readOnly: true } },
};

export const disk: MenuDecl = {
  path: 'disk',
  kind: 'table',
  key: 'slot',
  canRemove: keepBoardRecord('disk'),
};

export const ethernetSwitch: MenuDecl = {
  path: 'interface/ethernet/switch',
  kind: 'table',
  key: 'name',
  // The chip (`QCA-8337`, `98DX3236`): the catalogue's, as /interface/ethernet/switch print shows it.
  fields: { type: { type: TREE, readOnly: true } },
};

/** /system/resource/irq/rps: a port's record, named by the port (a rename follows through). */
export const irqRps: MenuDecl = {
  path: 'system/resource/irq/rps',
  kind: 'table',
  key: 'name',
  fields: { name: { ...interfaceRef(), readOnly: true }, disabled: { type: TREE, default: 'true' } },
};

/** /system/resource/irq: the board's lines, each `cpu=auto` until set (read-only what the router counts). */
export const irq: MenuDecl = {
  path: 'system/resource/irq',
  kind: 'table',
  fields: { cpu: { type: TREE, default: 'auto' } },
};

export const queueInterface: MenuDecl = {
  path: 'queue/interface',
  kind: 'table',
  key: 'interface',
  fields: { interface: { type: TREE, readOnly: true } },
};
