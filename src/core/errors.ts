// The typed error set of the engine. Every failure a command can meet is one of these
// kinds; each front end maps kinds to its own wire form in one table (REST: src/services/rest/errors.ts).
// The message is always the console's own text, so the same words reach every face.

export type ErrorKind =
  | 'no-such-command'   // "no such command" (command missing in a menu, GET on a command path)
  | 'no-such-directory' // "no such command or directory (x)"
  | 'no-such-prefix'    // "no such command prefix" (a %2A in an id)
  | 'no-such-item'      // "no such item" (an id or name that matches no record)
  | 'argument'          // "unknown parameter x", "invalid value for argument x", "missing =x=", ...
  | 'failure'           // "failure: ..." and other refusals of a valid request
  | 'permission'        // "not enough permissions (9)"
  | 'not-allowed'       // "std failure: not allowed (9)"
  | 'session-closed'    // "Session closed": request limit reached, or queued behind one that did
  | 'cannot-remove';    // the record exists but can never be removed (an Ethernet port)

export class CommandError extends Error {
  constructor(readonly kind: ErrorKind, message: string) {
    super(message);
    this.name = 'CommandError';
  }
}

export const noSuchCommand = () => new CommandError('no-such-command', 'no such command');
export const noSuchDirectory = (word: string) => new CommandError('no-such-directory', `no such command or directory (${word})`);
export const noSuchItem = () => new CommandError('no-such-item', 'no such item');
export const unknownParameter = (name: string) => new CommandError('argument', `unknown parameter ${name}`);
export const invalidValue = (name: string) => new CommandError('argument', `invalid value for argument ${name}`);
export const missingArgument = (name: string) => new CommandError('argument', `missing =${name}=`);
/** The console's words for a value that names nothing it knows (`{arg}` is the argument). */
export const NO_MATCH = 'input does not match any value of {arg}';
export const noMatch = (arg: string) => new CommandError('argument', NO_MATCH.replace('{arg}', arg));
/**
 * A value that begins more than one of the names an argument takes: the router resolves
 * names by their beginning (`profile=100` among 100Megas and 100MegasD; docs/routeros-facts.md 41).
 */
export const ambiguousValue = (arg: string) => new CommandError('argument', `ambiguous value of ${arg}, more than one possible value matches input`);
export const failure = (text: string) => new CommandError('failure', `failure: ${text}`);
export const notEnoughPermissions = () => new CommandError('permission', 'not enough permissions (9)');

/**
 * Thrown by a value type when console input cannot be read as that type. `message` may hold
 * `{arg}`, which the engine replaces by the argument's name; without a message the engine
 * says `invalid value for argument <arg>`, the console's usual words.
 */
export class ValueError extends Error {
  constructor(message = 'invalid value for argument {arg}') {
    super(message);
    this.name = 'ValueError';
  }
  forArgument(arg: string): CommandError {
    return new CommandError('argument', this.message.replaceAll('{arg}', arg));
  }
}
