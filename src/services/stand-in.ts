// The ports of the faces a router serves from their own menus (snmp, dns, ntp). On the router
// they are fixed (161, 53, 123) and need root here, so vrouter listens on stand-ins instead:
// the command line's --snmp-port and the like, as --ssh-port is for ssh. /ip/service keeps the
// port of each of its services; these have no such field, so the store keeps them in a table
// of its own that no menu shows: durable like the configuration, left alone by
// reset-configuration, and a port 0 asked for once stays the port the face really got.

import type { Store } from '../core/store.js';
import type { OwnFaceName, StandInPorts } from './services.js';

/** The stand-ins for 161, 53 and 123 when none was ever given. */
export const STAND_IN_DEFAULTS: Readonly<Record<OwnFaceName, number>> = { snmp: 1161, dns: 1053, ntp: 1123 };

/** The store's table of stand-in ports: one row per face given, `name` and `port`. */
export const STAND_IN_TABLE = '.stand-in-ports';

export function standInPorts(store: Store): StandInPorts {
  store.setKey(STAND_IN_TABLE, 'name');
  const table = store.table(STAND_IN_TABLE);
  return {
    get(name) {
      const port = Number(table.byKey.get(name)?.values.port);
      return Number.isInteger(port) && port >= 0 && port <= 65535 ? port : STAND_IN_DEFAULTS[name];
    },
    set(name, port) {
      const row = table.byKey.get(name);
      if (row?.values.port === String(port)) return;
      const values = { name, port: String(port) };
      store.commit([row ? { op: 'update', table: STAND_IN_TABLE, id: row.id, values } : { op: 'insert', table: STAND_IN_TABLE, row: store.newRow(STAND_IN_TABLE, values, false) }]);
    },
  };
}
