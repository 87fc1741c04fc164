// The console language in this router: one runtime (global variables, background jobs) per
// engine, made on first use, with the router's log and file store. The menus that start
// scripts (/execute, /import, /system/script, /system/scheduler) reach it here; the router
// stops it when it stops.

import type { Environment } from '../core/schema.js';
import type { FileAccess } from '../console/host.js';
import { ConsoleRuntime } from '../console/runtime.js';
import type { Device } from '../device/board.js';
import { DEFAULT_ROS_VERSION, since, type Quirk } from '../device/version.js';
import { writeLog } from './log.js';

export function consoleOf(env: Environment): ConsoleRuntime {
  let rt = env.services.console as ConsoleRuntime | undefined;
  if (!rt) {
    rt = new ConsoleRuntime(env as ConsoleRuntime['engine'], {
      log: (topics, message) => writeLog(env, topics, message),
      files: () => env.services.files as FileAccess | undefined,
      since: (quirk) => since((env.services.device as Device | undefined)?.rosVersion ?? DEFAULT_ROS_VERSION, quirk as Quirk),
    });
    env.services.console = rt;
  }
  return rt;
}
