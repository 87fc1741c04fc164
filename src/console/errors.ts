// The console language's failures. A ParseError is found before anything runs and names
// the place in the router's words (`syntax error (line 3 column 5)`, `expected end of
// command (line 1 column 24)`, `bad command name foo (line 1 column 2)`). A ScriptError is
// met while running: its text is the command's own (`no such item`, `failure: ...`) and
// `where` remembers which command on which line, for the forms that show it
// (`/execute as-string`, `/import`: `... (/ip/address/add; line 2)`).

export interface Position {
  /** 1-based line and column, as the router counts them. */
  line: number;
  column: number;
}

export class ParseError extends Error {
  constructor(readonly reason: string, readonly at: Position) {
    super(`${reason} (line ${at.line} column ${at.column})`);
    this.name = 'ParseError';
  }
}

export interface Where {
  /** `/ip/address/add`, `:put`. */
  command: string;
  /** The argument the failure is about (`certificate`), when known. */
  argument?: string;
  line: number;
}

export class ScriptError extends Error {
  where?: Where;
  constructor(message: string, where?: Where) {
    super(message);
    this.name = 'ScriptError';
    this.where = where;
  }

  /** `input does not match any value of x (/ip/service/set (x); line 1)`. */
  described(): string {
    const w = this.where;
    if (!w) return this.message;
    return `${this.message} (${w.command}${w.argument ? ` (${w.argument})` : ''}; line ${w.line})`;
  }
}

/** `:error` and a failing command both stop the script; `:do ... on-error=` catches either. */
export class ScriptAborted extends Error {
  constructor() {
    super('interrupted');
    this.name = 'ScriptAborted';
  }
}

/** `:return`: unwinds to the function or script that was called. */
export class ReturnSignal {
  constructor(readonly value: import('./values.js').Value) {}
}
