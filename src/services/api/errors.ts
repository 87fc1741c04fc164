// The API face's one table of errors: an engine error kind -> the `=category=` of its
// `!trap` (none where the router sends a bare message). The categories are the API
// manual's: 0 missing item or command, 1 argument value failure, 2 execution of command
// interrupted, 3 scripting related failure, 4 general failure, 5 API related failure.

import type { ErrorKind } from '../../core/errors.js';

export const CATEGORY_OF: Record<ErrorKind, number | undefined> = {
  'no-such-command': 0,
  'no-such-directory': 0,
  'no-such-prefix': 0,
  'no-such-item': 0,
  'argument': 1,
  'session-closed': 2,
  'failure': undefined,
  'permission': undefined,
  'not-allowed': undefined,
  'cannot-remove': undefined,
};

/** A refused /login, word for word (librouteros and node-routeros test for the text). */
export const BAD_LOGIN = 'invalid user name or password (6)';
/** What /cancel does to the command it ends. */
export const INTERRUPTED = 'interrupted';
/** Any command but /login before a login. */
export const NOT_LOGGED_IN = 'not logged in';
