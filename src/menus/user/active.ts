// /user/active: who is logged in now, and by which way. The router writes a line when a
// user logs in and takes it away at logout; the lines live in memory only. A REST login
// shows twice: `via=rest-api` with the client's address, and `via=api` without one, for the
// router's API login the web server makes behind it.

import type { Environment, MenuDecl } from '../../core/schema.js';
import { bool, formatDateTime, oneOf, str } from '../../core/values.js';

/** The ways in, as /user/active names them (7.24). */
export const VIAS = [
  'unknown', 'winbox', 'console', 'telnet', 'ftp', 'web', 'ssh', 'mac-telnet', 'bandwidth-test',
  'api', 'romon', 'rest-api',
] as const;

export const userActive: MenuDecl = {
  path: 'user/active',
  kind: 'table',
  generic: ['print', 'get', 'find'],
  fields: {
    when: { type: str(), readOnly: true },
    name: { type: str(), readOnly: true },
    address: { type: str(), readOnly: true },
    via: { type: oneOf(VIAS), readOnly: true },
    group: { type: str(), readOnly: true },
    // Set for a user RADIUS let in (src/menus/radius.ts).
    radius: { type: bool, readOnly: true, default: 'false' },
  },
};

export interface ActiveLogin {
  user: string;
  group: string;
  /** '' when the login has no client address. */
  address: string;
  via: string;
  since: number;
  radius?: boolean;
}

/** Shows a login in /user/active; returns the id of its line. */
export function showActive(env: Environment, login: ActiveLogin): number {
  const values: Record<string, string> = {
    when: formatDateTime(new Date(login.since)), name: login.user, via: login.via, group: login.group,
  };
  if (login.address) values.address = login.address;
  if (login.radius) values.radius = 'true';
  const row = env.store.newRow('user/active', values, true);
  env.store.commit([{ op: 'insert', table: 'user/active', row }]);
  return row.id;
}

/** Takes a login's line out of /user/active. */
export function hideActive(env: Environment, id: number) {
  if (env.store.table('user/active').get(id)) env.store.commit([{ op: 'delete', table: 'user/active', id }]);
}
