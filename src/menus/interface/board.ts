// The board's own interfaces: its Ethernet and SFP ports (first boot writes them; a data
// directory from another board gets those it lacks here) and the radios (`wifi1` of the
// wifi package, `wlan1` of the wireless package). The router makes them at start-up, as a
// real one finds its hardware, so a configuration from another board of the same model
// (`set [ find default-name=sfp-sfpplus1 ] ...`) finds them; they are never removed.

import type { Environment } from '../../core/schema.js';
import type { Mutation } from '../../core/store.js';
import type { Device } from '../../device/board.js';
import { INTERFACE_TABLE } from './interface.js';
import { etherMac } from './ethernet.js';

/** Adds the ports and radios of the running board that the interface table lacks. */
export function attachBoardPorts(env: Environment) {
  const board = (env.services.device as Device | undefined)?.board;
  if (!board) return;
  const table = env.store.table(INTERFACE_TABLE);
  const have = new Set(table.rows.map((r) => r.values['default-name']).filter(Boolean));
  const changes: Mutation[] = [];
  const add = (values: Record<string, string>) => {
    // A user's interface may already carry the port's name: the port then keeps its default-name only.
    const name = table.byKey.has(values['default-name']) ? `${values['default-name']}-port` : values['default-name'];
    const row = env.store.newRow(INTERFACE_TABLE, { ...values, name }, false);
    table.insertSorted(row);
    changes.push({ op: 'insert', table: INTERFACE_TABLE, row });
  };
  board.ports.forEach((port, i) => {
    if (!have.has(port)) add({ 'default-name': port, type: 'ether', 'orig-mac-address': etherMac(i + 1) });
  });
  const radios = board.radios;
  (radios?.names ?? []).forEach((radio, i) => {
    // A radio comes disabled; the default configuration enables it (src/device/defconf.ts).
    if (!have.has(radio)) add({ 'default-name': radio, type: radios!.type, 'orig-mac-address': etherMac(0x40 + i), disabled: 'true' });
  });
  // Inserted one by one so that each name is taken before the next; stored together.
  for (const c of changes) if (c.op === 'insert') table.remove(c.row.id);
  if (changes.length) env.store.commit(changes);
}
