// /interface/lte: the board's LTE modem as an interface (`lte1`), when the board has one
// (`--board chateau-lte12`). Like an Ethernet port it is the board's own: it lives in the
// shared `interface` table, is made when the router starts on such a board
// (`attachBoardInterfaces`), and is gone on a board without a modem.
//
// `monitor` shows the modem and its cell; `firmware-upgrade` shows the installed and the
// newest modem firmware, and with `upgrade=yes` flashes it (progress numbered by `.section`).
// The REST manual calls both: `{"numbers":"0","once":""}` and `{"numbers":"lte2"}`.
// Monitor keys are the CLI's names; values are given without units, as the API gives
// numbers (unconfirmed for LTE).

import { failure } from '../../core/errors.js';
import { findRows } from '../../core/records.js';
import type { CommandContext, Environment, MenuDecl, Reply } from '../../core/schema.js';
import type { Mutation, Row } from '../../core/store.js';
import { bool, formatDuration, int, name, str } from '../../core/values.js';
import type { Device } from '../../device/board.js';
import { MONITOR_ARGS, monitorLoop, pause, sorted, text } from '../tool/common.js';
import { INTERFACE_TABLE, boardPorts, choice, interfaceFields } from './interface.js';

const deviceOf = (env: Environment) => env.services.device as Device | undefined;

function modemOf(env: Environment) {
  const modem = deviceOf(env)?.lte;
  if (!modem) throw failure('modem not present');
  return modem;
}

/** Resolves `numbers` as the REST manual uses it: a name, an id, or a print index (`0`). */
function ltePorts(ctx: CommandContext): Row[] {
  const { env, menu, args } = ctx;
  const wanted = args.numbers ?? args.number;
  if (wanted !== undefined && /^\d+$/.test(wanted)) {
    const rows = env.store.table(INTERFACE_TABLE).rows.filter((r) => r.values.type === 'lte');
    const row = rows[Number(wanted)];
    if (row) return [row];
  }
  return findRows(env, menu, wanted);
}

function monitorOf(env: Environment, row: Row): Reply {
  const device = deviceOf(env)!;
  const modem = modemOf(env);
  const p = modem.profile;
  const up = row.values.disabled !== 'true';
  const base = {
    name: row.values.name,
    'pin-status': 'ok',
    functionality: up ? 'full' : 'minimum',
    manufacturer: p.manufacturer,
    model: p.model,
    revision: modem.revision,
    imei: p.imei,
  };
  if (!up) return sorted({ ...base, 'registration-status': 'not-registered' });
  return sorted({
    ...base,
    'registration-status': 'registered',
    'current-operator': p.operator,
    'current-cellid': 44668480,
    'enb-id': 174486,
    'sector-id': 64,
    'phy-cellid': 221,
    lac: 40,
    'access-technology': 'LTE',
    'session-uptime': formatDuration(Math.floor((Date.now() - Math.max(modem.sessionSince, device.startedAt)) / 1000) * 1000),
    imsi: p.imsi,
    uicc: p.uicc,
    'primary-band': `${p.band} earfcn: ${p.earfcn} phy-cellid: 221`,
    earfcn: p.earfcn,
    rssi: -67,
    rsrp: -93,
    rsrq: -11,
    sinr: 13,
    cqi: 9,
    ri: 2,
    mcs: 18,
  });
}

async function* monitor(ctx: CommandContext): AsyncGenerator<Reply, void> {
  modemOf(ctx.env);
  const rows = ltePorts(ctx);
  yield* monitorLoop(ctx, () => rows.map((row) => monitorOf(ctx.env, row)));
}

async function* firmwareUpgrade(ctx: CommandContext): AsyncGenerator<Reply, void> {
  const { env, args, signal } = ctx;
  const modem = modemOf(env);
  ltePorts(ctx);
  const info = () => ({ installed: modem.revision, latest: modem.profile.latestRevision });
  if (args.upgrade !== 'true') {
    yield sorted(info());
    return;
  }
  if (!modem.startUpgrade()) {
    yield sorted({ ...info(), status: 'firmware is up to date' });
    return;
  }
  if ('once' in args) {
    yield sorted({ ...info(), status: modem.upgradeStatus() });
    return;
  }
  for (let n = 0; ; n++) {
    const status = modem.upgradeStatus();
    yield sorted({ '.section': n, ...info(), status });
    if (status === 'done' || !modem.upgrading) return;
    if (!(await pause(1000, signal))) return;
  }
}

export const lte: MenuDecl = {
  path: 'interface/lte',
  ...boardPorts('lte'),
  // The tree has remove (for modems that come and go on USB); the board's own modem stays.
  generic: ['print', 'get', 'find', 'set', 'enable', 'disable', 'comment', 'unset', 'reset'],
  fields: {
    name: interfaceFields.name(),
    'default-name': { type: name, readOnly: true },
    mtu: interfaceFields.mtu,
    'apn-profiles': { type: str(), default: 'default' },
    'allow-roaming': { type: bool, default: 'false' },
    band: { type: str(), default: '' },
    'nr-band': { type: str(), default: '' },
    'network-mode': { type: str(), default: 'lte' },
    operator: { type: str() },
    pin: { type: str(), secret: 'sensitive' },
    'sms-protocol': { type: choice(['auto', 'mbim', 'at']), default: 'auto' },
    'sms-read': { type: bool, default: 'false' },
    'modem-init': { type: str() },
    running: interfaceFields.running,
  },
  commands: {
    monitor: { policy: ['read'], args: { numbers: text, ...MONITOR_ARGS }, unnamed: 'numbers', run: monitor },
    'firmware-upgrade': {
      policy: ['write'],
      args: { number: text, upgrade: { type: bool }, 'firmware-file': text, 'update-channel': text, ...MONITOR_ARGS },
      unnamed: 'number',
      run: firmwareUpgrade,
    },
  },
};

/** /interface/lte/apn: the APN profiles; the router has `default`. */
export const lteApn: MenuDecl = {
  path: 'interface/lte/apn',
  kind: 'table',
  key: 'name',
  fields: {
    name: { type: name, required: true },
    // The profile the router has by itself (exports: `set [ find default=yes ] ...`).
    default: { type: bool, readOnly: true, derive: (row) => String(row.values.name === 'default'), stable: true },
    apn: { type: str(), default: 'internet' },
    authentication: { type: choice(['none', 'pap', 'chap']), default: 'none' },
    user: { type: str() },
    password: { type: str(), secret: 'sensitive' },
    'ip-type': { type: choice(['auto', 'ipv4', 'ipv4-ipv6', 'ipv6']), default: 'auto' },
    'use-network-apn': { type: bool, default: 'true' },
    'use-peer-dns': { type: bool, default: 'true' },
    'add-default-route': { type: bool, default: 'true' },
    'default-route-distance': { type: int({ min: 0, max: 255 }), default: '2' },
    'ipv6-interface': { type: str() },
    'passthrough-interface': { type: str() },
    'passthrough-mac': { type: str() },
    'passthrough-subnet-size': { type: int({ min: 0, max: 32 }) },
  },
  // Its own id, so that export names it as the router does: `set [ find default=yes ]` (V, 7.24.4).
  defaults: [{ '.id': '*1', name: 'default' }],
  exportIdent: 'default',
};

/**
 * The interfaces the board itself has besides its Ethernet ports: `lte1` on a board with a
 * modem. Called at start-up, after first-boot defaults, with the running board.
 */
export function attachBoardInterfaces(env: Environment) {
  const device = deviceOf(env);
  const table = env.store.table(INTERFACE_TABLE);
  const present = table.rows.filter((r) => r.values.type === 'lte');
  const changes: Mutation[] = [];
  if (device?.lte) {
    if (!present.length) {
      const values = { name: table.byKey.has('lte1') ? 'lte-modem' : 'lte1', 'default-name': 'lte1', type: 'lte' };
      changes.push({ op: 'insert', table: INTERFACE_TABLE, row: env.store.newRow(INTERFACE_TABLE, values, false) });
    }
  } else {
    for (const row of present) changes.push({ op: 'delete', table: INTERFACE_TABLE, id: row.id });
  }
  if (changes.length) env.store.commit(changes);
}

