// /system/health on RouterOS 7: one record per sensor of the board, `name`, `value`, `type`
// (manual "Health": `cpu-temperature 47 C`, `voltage 24.2 V`, `fan1-speed 4230 RPM`,
// `psu1-state ok`). Which sensors a board has is the catalogue's (src/device/boards/):
// ARM64 boards report their CPU's temperature, older ones the input voltage and the board's
// temperature, and boards with fans, power supplies or PoE out add those. A CHR or x86 has
// none. The figures are an idle router's and do not change.

import type { Environment, MenuDecl } from '../../core/schema.js';
import type { Row } from '../../core/store.js';
import { bool, duration, str, suffixed } from '../../core/values.js';
import { DEFAULT_ROS_VERSION, since } from '../../device/version.js';
import type { Board, Device, Sensor } from '../../device/board.js';
import { boardOf } from '../interface/ethernet.js';

/** The sensors every RouterBOARD of an architecture has, before the board's own. */
function sensorsOf(board: Board): readonly Sensor[] {
  if (!board.routerboard) return [];
  const base: Sensor[] = board.architecture === 'arm64'
    ? [{ name: 'cpu-temperature', type: 'C', value: '47' }]
    : [{ name: 'voltage', type: 'V', value: '24.1' }, { name: 'temperature', type: 'C', value: '38' }];
  return [...base, ...board.health];
}

const cache = new WeakMap<Board, readonly Row[]>();
function rowsOf(env: Environment): readonly Row[] {
  const board = boardOf(env);
  let rows = cache.get(board);
  if (!rows) {
    rows = sensorsOf(board).map((s, i) => ({ id: i + 1, values: { name: s.name, value: s.value, ...(s.type ? { type: s.type } : {}) }, dynamic: false, pos: i }));
    cache.set(board, rows);
  }
  return rows;
}

export const health: MenuDecl = {
  path: 'system/health',
  kind: 'table',
  fields: {
    name: { type: str(), readOnly: true },
    value: { type: str(), readOnly: true },
    type: { type: str(), readOnly: true },
  },
  // The commands of the tree (print, get); a RouterBOARD's sensors are read, never set.
  generic: ['print', 'get'],
  rows: (env) => rowsOf(env),
};

const version = (env: Environment) => (env.services.device as Device | undefined)?.rosVersion ?? DEFAULT_ROS_VERSION;

/**
 * /system/health/settings (manual "Health", "Limited manual fan-control option"): CPU
 * overtemperature protection on ARM and ARM64 boards, fan control on the CRS3xx, CRS5xx and
 * CCR2xxx (and the Tile CCR r2 from 7.14). Which of these a board has is the tree's
 * (src/device/boards/features.ts). Values as exports write them: an RB5009UPr+S+ 7.19.6
 * export verbose `cpu-overtemp-check=no cpu-overtemp-startup-delay=1m cpu-overtemp-threshold=105C`,
 * a CRS310-8G+2S+ 7.18.2 one adds `fan-control-interval=30s fan-full-speed-temp=65C
 * fan-min-speed-percent=12% fan-target-temp=58C`.
 */
export const healthSettings: MenuDecl = {
  path: 'system/health/settings',
  kind: 'settings',
  fields: {
    'cpu-overtemp-check': { type: bool, default: 'false' },
    'cpu-overtemp-threshold': { type: suffixed('C', { min: 0, max: 105 }), default: '105C' },
    'cpu-overtemp-startup-delay': { type: duration(), default: '1m' },
    // Manual: integer 5..30 (seconds), written `30s`.
    'fan-control-interval': { type: suffixed('s', { min: 5, max: 30 }), default: '30s' },
    'fan-full-speed-temp': { type: suffixed('C', { min: -273, max: 65 }), default: '65C' },
    'fan-target-temp': { type: suffixed('C', { min: -273, max: 65 }), default: '58C' },
    // "From RouterOS version 7.14 default value is set to 12, all previous versions have 0."
    'fan-min-speed-percent': {
      type: suffixed('%', { min: 0, max: 100 }), stable: true,
      derive: (row, env) => row.values['fan-min-speed-percent'] ?? (since(version(env), 'fan-min-speed-12') ? '12%' : '0%'),
    },
  },
};
