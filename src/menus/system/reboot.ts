// /system reboot: the router goes down and comes back with its stored configuration (see
// Router.restart: connections and logins end, uptime starts again, startup scripts run).
// The console asks `Reboot, yes? [y/N]:` first; a script or REST call reboots at once.

import type { Environment, MenuDecl } from '../../core/schema.js';
import { writeLog } from '../log.js';

/** Asks the running router to restart once the current answer has left. */
export function restartRouter(env: Environment) {
  (env.services.restart as (() => void) | undefined)?.();
}

export const rebootCommand: MenuDecl = {
  path: 'system',
  kind: 'dir',
  commands: {
    reboot: {
      policy: ['reboot'],
      async run(ctx) {
        writeLog(ctx.env, 'system,info', `system rebooted by ${ctx.session.user}`);
        restartRouter(ctx.env);
      },
    },
  },
};
