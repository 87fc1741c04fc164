// The syntax tree of the console language. The parser knows no menus: a command's leading
// bare words (`ip address add`, `/interface/ethernet/set ether1`) stay words, and the
// interpreter decides against the router's menu tree which of them are the path, which is
// the command and which are unnamed arguments, as the router's own console does.

import type { Value } from './values.js';

export interface Span {
  /** Offsets into the source, end exclusive. */
  start: number;
  end: number;
}

/** A bare word with where it stands (`ip`, `/ip/address`, `..`, `ether1`, `detail`). */
export interface Word extends Span {
  text: string;
}

export type Statement = CommandStmt | BlockStmt | CallStmt;

/**
 * `[prefix] [path] command [unnamed ...] [name=value ...]`. `head` holds the leading bare
 * words; `args` what follows them (named arguments, quoted or computed unnamed ones, and
 * a `where` filter).
 */
export interface CommandStmt extends Span {
  kind: 'command';
  /** ':' (a language command such as `:put`), '/' (path from the root) or '' (relative). */
  prefix: ':' | '/' | '';
  head: Word[];
  args: Arg[];
}

/** `{ ... }` as a statement: a scope for variables and for path changes. */
export interface BlockStmt extends Span {
  kind: 'block';
  body: Statement[];
}

/** `$f arg name=value`: calls a function held in a variable. */
export interface CallStmt extends Span {
  kind: 'call';
  target: Expr;
  args: Arg[];
}

export type Arg =
  | { kind: 'named'; name: string; value: Expr; span: Span; nameSpan: Span }
  | { kind: 'unnamed'; value: Expr; span: Span }
  /** `where ...`, or (`conditions`) the arguments of a `find` read as its condition. */
  | { kind: 'where'; expr: Expr; span: Span; conditions?: true };

export type Expr =
  /** A bare word: a typed literal (`10`, `1.2.3.4`, `1h`, `abc`); in `where`, a property name. */
  | { kind: 'word'; text: string; span: Span }
  | { kind: 'literal'; value: Value; span: Span }
  /** `"text $var $[cmd] $(expr)"`. */
  | { kind: 'string'; parts: (string | Expr)[]; span: Span }
  | { kind: 'var'; name: string; span: Span }
  /** `[ ... ]`: the value of the last command. */
  | { kind: 'subst'; body: Statement[]; span: Span }
  /** `{ ... }` as code (`do={...}`). */
  | { kind: 'code'; body: Statement[]; source: string; span: Span }
  | { kind: 'array'; items: { key?: string; value: Expr }[]; span: Span }
  | { kind: 'unary'; op: string; arg: Expr; span: Span }
  | { kind: 'binary'; op: string; left: Expr; right: Expr; span: Span }
  /** Parts written next to each other with no space (`abc$x`): joined as text. */
  | { kind: 'concat'; parts: Expr[]; span: Span };

export interface Script {
  source: string;
  body: Statement[];
}
