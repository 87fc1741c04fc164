// The machine a data directory belongs to, remembered in it (board.json) as release.json
// remembers the release: the board, a virtual machine's hardware and the serial number. Its
// configuration was made for that hardware (the ports, radios and default configuration of
// the board), so a router started on it again is the same machine without any flag, and
// another --board is refused rather than run a configuration on hardware it does not fit.
// A virtual machine's owner may give it other hardware between boots (`--ports`, `--disks`,
// `--serial` of a CHR, a lab node's ports growing with its links): that is taken and kept.

import fs from 'node:fs';
import path from 'node:path';
import { BOARDS, DEFAULT_BOARD, type Hardware } from './board.js';
import type { BootFiles } from './boot-files.js';

const FILE = 'board.json';

export interface Machine {
  /** A key of the catalogue (src/device/boards/). */
  readonly board: string;
  readonly hardware?: Hardware;
  readonly serialNumber?: string;
}

export class MachineError extends Error {}

/** `hAP ax^2 (C52iG-5HaxD2HaxD)`; `CHR`. */
function named(key: string): string {
  const b = BOARDS[key];
  return b.model === b.name ? b.name : `${b.name} (${b.model})`;
}

function read(dataDir: string): Partial<Machine> {
  try {
    const v = JSON.parse(fs.readFileSync(path.join(dataDir, FILE), 'utf8')) as Partial<Machine>;
    return v !== null && typeof v === 'object' && typeof v.board === 'string' && Object.hasOwn(BOARDS, v.board) ? v : {};
  } catch {
    return {};
  }
}

/** The board a data directory was made for, if it names one. */
export function rememberedBoard(dataDir: string): string | undefined {
  return read(dataDir).board;
}

/**
 * The machine this boot runs: on a data directory that has run before, the one it remembers
 * (another board given is refused); on a new one, what is given. Either way it is written down.
 */
export function bootMachine(dataDir: string, given: Partial<Machine>, fresh: boolean, files: BootFiles): Machine {
  const old = fresh ? {} : read(dataDir);
  if (old.board && given.board && given.board !== old.board) {
    throw new MachineError(`--board: ${dataDir} holds the configuration of a ${named(old.board)}, not of a ${named(given.board)}; start it without --board, or give another --data-dir`);
  }
  const machine: Machine = {
    board: old.board ?? given.board ?? DEFAULT_BOARD,
    ...(given.hardware ?? old.hardware ? { hardware: { ...old.hardware, ...given.hardware } } : {}),
    ...(given.serialNumber ?? old.serialNumber ? { serialNumber: given.serialNumber ?? old.serialNumber } : {}),
  };
  files.write(path.join(dataDir, FILE), JSON.stringify(machine, null, 1) + '\n');
  return machine;
}
