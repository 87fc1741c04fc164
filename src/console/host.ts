// What the console language needs from the router it runs in, beyond the engine: global
// variables, the log, files, background jobs. The menus that start scripts (`/execute`,
// `/system/script`, `/system/scheduler`, `/import`) provide it (see src/menus/console.ts),
// so this directory depends on nothing but the core.

import type { Engine } from '../core/engine.js';
import type { Menu, Reply, Session } from '../core/schema.js';
import type { Value } from './values.js';

export interface FileAccess {
  read(name: string): Buffer;
  write(name: string, data: Buffer | string): void;
  exists(name: string): boolean;
}

export interface BackgroundOptions {
  session: Session;
  /** The job's kind: `command` for `/execute`, `script` for a script of /system/script. */
  type: 'command' | 'script';
  /** The script's name, shown in the job's `script` field and by `:jobname`. */
  script?: string;
  /** Where the script's output goes; nowhere when not given. */
  output?: (text: string) => void;
  /** Start path (`/execute` scripts start at the root). */
  path?: string[];
}

export interface ConsoleHost {
  readonly engine: Engine;
  /**
   * Global variables (`:global`) of one user, shared by every script and console that runs
   * as that user; other users' globals are out of reach, as on the router.
   */
  globalsOf(user: string): Map<string, Value>;
  log(topics: string, message: string): void;
  /** The file store, when the router has one. */
  files?(): FileAccess | undefined;
  /** Runs a script in the background as a job of /system/script/job; returns the job's id. */
  background(source: string, options: BackgroundOptions): string;
  /** Item numbers of the latest `print`, per user and menu, so `remove 0` names a record. */
  readonly lastPrint: Map<string, string[]>;
  /** Whether the router's release has a behaviour of src/device/version.ts (absent: the default release's). */
  since?(quirk: string): boolean;
}

/**
 * The session a script's commands run under. Besides the user and policies, a command
 * started from a script (`/system script run`) finds where the script's output goes, and
 * the job it runs in.
 */
export interface ConsoleSession extends Session {
  output?: (text: string) => void;
  jobName?: string;
  /** Function calls nested around the command (a script's `/system script run` runs one deeper). */
  depth?: number;
  /** `export where ...` at the console: the condition, evaluated with the script's variables. */
  where?: (menu: Menu, row: Reply) => Promise<boolean>;
  /** The terminal's width, which print wraps and fits its lines to (80 without a terminal). */
  width?: number;
  /**
   * The terminal of a console: `/execute as-string` writes there what is printed as it comes
   * (a ping's rows, `print follow`), and from then on the rest; other output stays in its
   * reply, which the console pages.
   */
  stream?: (line: string) => void;
}
