// /password: a user changes their own password. It needs the `password` policy and the old
// password; the new one is stored as a salted hash, like every password of /user. The
// change applies to the user's very next login: a login kept with the old password ends.

import { failure } from '../core/errors.js';
import type { CommandContext, MenuDecl } from '../core/schema.js';
import { str } from '../core/values.js';
import { hashPassword, verifyPassword } from './user/password.js';

const text = { type: str() };

async function password(ctx: CommandContext): Promise<void> {
  const { env, session, args } = ctx;
  const table = env.store.table('user');
  const row = table.byKey.get(session.user);
  // Wording of both refusals: unconfirmed (best guess), see docs/routeros-facts.md §5.
  if (!row || !verifyPassword(args['old-password'] ?? '', row.values.password ?? '')) throw failure('old password is not valid');
  const next = args['new-password'] ?? '';
  if (next !== (args['confirm-new-password'] ?? '')) throw failure('new passwords do not match');
  // A new password is no longer an expired one (`expire-password`, a fresh admin's empty one).
  const { expired: _, ...values } = row.values;
  env.store.commit([{ op: 'update', table: 'user', id: row.id, values: { ...values, password: hashPassword(next) } }]);
}

export const passwordCommand: MenuDecl = {
  path: '',
  kind: 'dir',
  commands: {
    password: {
      policy: ['password'],
      args: { 'old-password': text, 'new-password': text, 'confirm-new-password': text, 'as-value': { ...text, flag: true } },
      run: password,
    },
  },
};
