// /system/health on RouterOS 7: one record per sensor of the board, `name`, `value`, `type`
// (manual "Health": `cpu-temperature 47 C`, `voltage 24.2 V`, `fan1-speed 4230 RPM`,
// `psu1-state ok`). Which sensors a board has is the catalogue's (src/device/boards/):
// ARM64 boards report their CPU's temperature, older ones the input voltage and the board's
// temperature, and boards with fans, power supplies or PoE out add those. A CHR or x86 has
// none. The figures are an idle router's and do not change.

import type { Environment, MenuDecl } from '../../core/schema.js';
import type { Row } from '../../core/store.js';
import { str } from '../../core/values.js';
import type { Board, Sensor } from '../../device/board.js';
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
