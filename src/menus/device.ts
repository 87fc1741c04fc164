// What the running device adds to the configuration when the router starts: the files on
// its disk (/file), the interfaces of its board besides ether1..5 (more ports, radios, lte1 on
// a board with a modem) and its installed packages. Called once the store is open and seeded.

import type { Environment } from '../core/schema.js';
import { syncFiles } from './file.js';
import { attachBoardInterfaces } from './interface/lte.js';
import { attachBoardPorts } from './interface/board.js';
import { attachBoardRecords } from './board-records.js';
import { attachPackages } from './system/package.js';

export function attachDevice(env: Environment) {
  syncFiles(env);
  attachBoardPorts(env);
  attachBoardRecords(env);
  attachBoardInterfaces(env);
  attachPackages(env);
}
