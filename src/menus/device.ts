// What the running device adds to the configuration when the router starts: the files on
// its disk (/file), the interfaces of its board besides ether1..5 (more ports, radios, lte1 on
// a board with a modem) and its installed packages. Called once the store is open and seeded.

import type { Engine } from '../core/engine.js';
import type { Environment, Menu, Reply } from '../core/schema.js';
import { isSystemDefault } from './system/reset.js';
import { INTERFACE_TABLE } from './interface/interface.js';
import { setRadios } from './defconf.js';
import { syncFiles } from './file.js';
import { attachBoardInterfaces } from './interface/lte.js';
import { attachBoardPorts } from './interface/board.js';
import { attachBoardRecords } from './board-records.js';
import { attachPackages } from './system/package.js';
import { attachResolver } from './ip/dns-resolver.js';

/**
 * First boot: the board's ports, then its radios and modem, then the rest of the default
 * configuration, which puts the radios in the bridge and names the modem as WAN.
 */
export function seedDevice(engine: Engine, noDefaults = false) {
  // Without defaults (a lab's node, as a CHR boots) only the router's own records are made.
  const wanted = (menu: Menu, given: Reply) => !noDefaults || isSystemDefault(menu, given);
  engine.seed((menu, given) => menu.table === INTERFACE_TABLE && wanted(menu, given));
  attachBoardPorts(engine);
  attachBoardInterfaces(engine);
  engine.seed((menu, given) => menu.table !== INTERFACE_TABLE && wanted(menu, given));
  if (!noDefaults) setRadios(engine);
  attachResolver(engine);
}

export function attachDevice(env: Environment) {
  syncFiles(env);
  attachBoardPorts(env);
  attachBoardRecords(env);
  attachBoardInterfaces(env);
  attachPackages(env);
  attachResolver(env);
}
