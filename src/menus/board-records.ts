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
import type { Mutation, Row } from '../core/store.js';
import type { Board, Device } from '../device/board.js';
import { TREE } from '../tree/declare.js';

export interface BoardRecords {
  table: string;
  /** The records the board has, as the router first shows them. */
  made(board: Board): Record<string, string>[];
  /** How an export line names the record: its item number (`index()`, worked out on demand) or its slot. */
  ident(row: Row, index: () => number): string;
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
const boardOf = (env: Environment) => (env.services.device as Device | undefined)?.board;

/** Adds the board's records that the configuration lacks (a data directory from another board keeps its own). */
export function attachBoardRecords(env: Environment) {
  const board = boardOf(env);
  if (!board) return;
  const changes: Mutation[] = [];
  for (const spec of BOARD_RECORDS) {
    const have = new Set(env.store.table(spec.table).rows.map((r) => r.values['default-name']));
    for (const values of spec.made(board)) {
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
  return spec.made(board).find((v) => v['default-name'] === row.values['default-name']);
}

/** How export writes a board record: `set <ident>` against the values it came with. */
export function boardRecordExport(env: Environment, menu: Menu, row: Row) {
  const spec = byTable.get(menu.table);
  const made = spec && madeValues(env, menu.table, row);
  if (!spec || !made) return undefined;
  return { ident: spec.ident(row, () => menuRows(env, menu).indexOf(row)), defaults: made, always: spec.always };
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

export const queueInterface: MenuDecl = {
  path: 'queue/interface',
  kind: 'table',
  key: 'interface',
  fields: { interface: { type: TREE, readOnly: true } },
};
