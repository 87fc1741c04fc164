// /system/routerboard: what the board says of itself. A RouterBOARD shows its model, serial
// number and boot loader (RouterBOOT) versions; a CHR or x86 only `routerboard: no`
// (community.routeros _api_data.py lists no fields for it; api_facts reads `model` and
// `serial-number` from it: docs/routeros-facts.md 30.5). The boot loader is kept at the
// running release, as after `/system routerboard upgrade` and a reboot (or auto-upgrade).

import type { Environment, FieldDecl, MenuDecl } from '../../core/schema.js';
import type { Row } from '../../core/store.js';
import { bool } from '../../core/values.js';
import { Device } from '../../device/board.js';

let fallback: Device | undefined;
const deviceOf = (env: Environment): Device => (env.services.device as Device | undefined) ?? (fallback ??= new Device());

/** A value only a RouterBOARD shows. */
const board = (read: (d: Device) => string): FieldDecl => ({
  type: bool, readOnly: true,
  derive: (_row: Row, env: Environment) => {
    const d = deviceOf(env);
    return d.board.routerboard ? read(d) : undefined;
  },
});

export const routerboard: MenuDecl = {
  path: 'system/routerboard',
  kind: 'settings',
  fields: {
    routerboard: { type: bool, readOnly: true, derive: (_row, env) => String(deviceOf(env).board.routerboard) },
    'board-name': board((d) => d.board.name),
    model: board((d) => d.board.model),
    'serial-number': board((d) => d.serialNumber),
    'firmware-type': board((d) => d.board.firmwareType),
    'factory-firmware': board((d) => d.board.factoryFirmware),
    'current-firmware': board((d) => d.rosVersion),
    'upgrade-firmware': board((d) => d.rosVersion),
  },
};
