// The parser of the console language: text -> syntax tree (ast.ts). It follows the
// router's command syntax, `[prefix] [path] command [unnamed] [name=value ...]`, with
// `;` or a line end between commands, `{ }` blocks, `[ ]` command substitution, `( )`
// expressions, `"..."` strings with `$var` / `$[...]` / `$(...)` inside, arrays `{1;2}` and
// `{"a"=1}`, and `where` filters. Errors carry the router's words and place:
// `syntax error (line 3 column 5)`.

import type { Arg, BlockStmt, CommandStmt, Expr, Script, Span, Statement, Word } from './ast.js';
import { ParseError } from './errors.js';
import { Lexer } from './lexer.js';

/** Arguments whose `{ ... }` is code, not an array: `do={...}`, `else={...}`, `on-error={...}`. */
const CODE_ARGS = new Set(['do', 'else', 'on-error']);
/** Commands whose unnamed `{ ... }` is code: `:do {...}`, `:time {...}`, `:execute {...}`. */
const CODE_COMMANDS = new Set(['do', 'time', 'execute', 'onerror']);

// Binding strength of binary operators (higher binds tighter).
const PRECEDENCE: Record<string, number> = {
  ',': 1,
  '||': 2, or: 2,
  '&&': 3, and: 3,
  '|': 4,
  '^': 5,
  '&': 6,
  '=': 7, '!=': 7, '~': 7, in: 7,
  '<': 8, '>': 8, '<=': 8, '>=': 8,
  '<<': 9, '>>': 9,
  '.': 10,
  '+': 11, '-': 11,
  '*': 12, '/': 12, '%': 12,
  '->': 14,
};
const UNARY_PRECEDENCE = 13;
/** Operators after which a `find` argument's value follows (`name=v`, `name~"re"`, `mtu>1400`). */
const ARGUMENT_OPS = new Set(['=', '!=', '<', '>', '<=', '>=', '~']);

export function parse(source: string): Script {
  const p = new Parser(source);
  return { source, body: p.script() };
}

/** Parses one `where` expression on its own (REST `export` `where=...`). */
export function parseWhere(source: string): Expr {
  const p = new Parser(source);
  return p.whereOnly();
}

/**
 * The conditions of a `find` written from `start` to `end` of `source` (the text the
 * interpreter found to be a menu's `find` and its arguments), read as one expression:
 * `find area-id=0.0.0.0 and instance=default4`, `find name~"x" !disabled`, with a leading
 * `where` as well. Positions stay those of the whole source, so errors say where they are.
 */
export function parseConditions(source: string, start: number, end: number): { expr: Expr; where: boolean } | undefined {
  const p = new Parser(source);
  return p.conditionsAt(start, end);
}

class Parser {
  private readonly lx: Lexer;
  /**
   * Reading a `find`'s arguments as its condition: what follows `name=` (or `~`, `<` ...)
   * directly is an argument's value, read as any argument's value is (`dst-port=80,443`,
   * `ranges=10.0.0.10-10.0.0.20`, `comment="a b"`), not as an expression.
   */
  private findArguments = false;

  constructor(readonly source: string) {
    this.lx = new Lexer(source);
  }

  script(): Statement[] {
    const body = this.statements(undefined);
    return body;
  }

  whereOnly(): Expr {
    const e = this.conditions();
    this.lx.skipSpace();
    if (!this.lx.eof()) throw this.lx.syntaxError();
    return e;
  }

  conditionsAt(start: number, end: number): { expr: Expr; where: boolean } | undefined {
    const lx = this.lx;
    lx.pos = start;
    lx.skipBlank();
    const at = lx.pos;
    const w = lx.commandWord();
    const where = w?.text === 'where' && lx.peek() !== '=';
    if (!where) lx.pos = at;
    lx.skipBlank();
    if (lx.pos >= end) return undefined;
    this.findArguments = !where;
    const expr = this.conditions();
    lx.skipBlank();
    if (lx.pos < end) throw lx.syntaxError();
    return { expr, where };
  }

  /**
   * A `where` filter: expressions up to the end of the command, those written one after
   * another joined by `and` (the router reads `where comment~"x" !disabled status!="up"` as
   * all three: lsp-routeros-ts's `:parse` captures of 7.20.8-7.23rc1, eworm netwatch-notify).
   */
  private conditions(): Expr {
    const lx = this.lx;
    let left = this.expression(false, true);
    for (;;) {
      lx.skipBlank();
      if (lx.atCommandEnd() || lx.peek() === '{') return left;
      const right = this.expression(false, true);
      left = { kind: 'binary', op: 'and', left, right, span: { start: spanOf(left).start, end: spanOf(right).end } };
    }
  }

  /** Statements up to `close` (not consumed) or the end of the text. */
  private statements(close: '}' | ']' | undefined): Statement[] {
    const lx = this.lx;
    const body: Statement[] = [];
    for (;;) {
      lx.skipBlank();
      const c = lx.peek();
      if (c === '') {
        if (close) throw lx.syntaxError();
        return body;
      }
      if (c === close) return body;
      if (c === '\n' || c === ';') { lx.pos++; continue; }
      if (c === '#') { this.skipComment(); continue; }
      if (c === '}' || c === ']' || c === ')') throw lx.syntaxError();
      body.push(this.statement());
      lx.skipBlank();
      const after = lx.peek();
      if (after !== '' && after !== '\n' && after !== ';' && after !== close) throw lx.syntaxError();
    }
  }

  private skipComment() {
    const lx = this.lx;
    while (!lx.eof() && lx.peek() !== '\n') lx.pos++;
  }

  private statement(): Statement {
    const lx = this.lx;
    const start = lx.pos;
    const c = lx.peek();
    if (c === '{') {
      lx.pos++;
      const body = this.statements('}');
      lx.pos++;
      return { kind: 'block', body, start, end: lx.pos } satisfies BlockStmt;
    }
    if (c === '$' || c === '[' || c === '(') {
      const target = this.value({ command: '', arg: undefined });
      const args = this.args('', []);
      return { kind: 'call', target, args, start, end: lx.pos };
    }
    return this.command();
  }

  private command(): CommandStmt {
    const lx = this.lx;
    const start = lx.pos;
    let prefix: CommandStmt['prefix'] = '';
    if (lx.peek() === ':') { prefix = ':'; lx.pos++; }
    else if (lx.peek() === '/') prefix = '/';
    const head: Word[] = [];
    for (;;) {
      lx.skipBlank();
      if (lx.atCommandEnd()) break;
      const c = lx.peek();
      if (c === '"' || c === '$' || c === '[' || c === '(' || c === '{' || c === '=') break;
      const at = lx.pos;
      const w = lx.commandWord();
      if (!w) throw lx.syntaxError();
      // `name=value` and `where` end the words of the path and command.
      if (lx.peek() === '=' || (w.text === 'where' && head.length)) { lx.pos = at; break; }
      head.push(w);
    }
    if (prefix === '/' && head.length && head[0].text.startsWith('/')) {
      head[0] = { ...head[0], text: head[0].text.slice(1), start: head[0].start + 1 };
      if (head[0].text === '') head.shift();
    }
    if (prefix === ':' && !head.length) throw lx.syntaxError();
    const name = commandName(head);
    const args = this.args(name, head, prefix !== ':');
    return { kind: 'command', prefix, head, args, start, end: lx.pos };
  }

  /** Arguments up to the end of the command. */
  private args(command: string, head: Word[], menuCommand = false): Arg[] {
    const lx = this.lx;
    const args: Arg[] = [];
    // `configuration.mode=ap .ssid=x`: a name starting with a dot continues the previous
    // name's group (how exports write `configuration.ssid`).
    let group = '';
    for (;;) {
      lx.skipBlank();
      if (lx.atCommandEnd()) return args;
      const start = lx.pos;
      const c = lx.peek();
      if (c === '=') throw lx.syntaxError();
      if (c !== '"' && c !== '$' && c !== '[' && c !== '(' && c !== '{') {
        const w = lx.commandWord();
        if (!w) throw lx.syntaxError();
        if (lx.peek() === '=') {
          lx.pos++;
          // `name= value`: the router takes the next word as the value (its own quirk);
          // `name=` at the end of the command is an empty value.
          lx.skipBlank();
          let value: Expr;
          if (lx.atCommandEnd()) value = { kind: 'literal', value: { type: 'str', v: '' }, span: { start: lx.pos, end: lx.pos } };
          else value = this.value({ command, arg: w.text });
          const name = w.text.startsWith('.') && group ? group + w.text : w.text;
          group = name.includes('.', 1) ? name.slice(0, name.lastIndexOf('.')) : '';
          args.push({ kind: 'named', name, value, span: { start, end: lx.pos }, nameSpan: { start: w.start, end: w.end } });
          continue;
        }
        if (w.text === 'where') {
          const expr = this.conditions();
          args.push({ kind: 'where', expr, span: { start, end: lx.pos } });
          continue;
        }
        lx.pos = start;
      }
      // `/ip dns { set ...; static add ... }`: a block after a menu path runs at that path.
      const value = menuCommand && c === '{' && !args.length ? this.code() : this.value({ command, arg: undefined, unnamedIndex: head.length + args.length });
      args.push({ kind: 'unnamed', value, span: { start, end: lx.pos } });
    }
  }

  /**
   * One value of an argument. Parts written together without blanks are joined as text
   * (`"abc"$x`, `ether$n`).
   */
  private value(ctx: { command: string; arg: string | undefined; unnamedIndex?: number }): Expr {
    const lx = this.lx;
    const start = lx.pos;
    const parts: Expr[] = [];
    for (;;) {
      const c = lx.peek();
      if (c === '' || c === ' ' || c === '\t' || c === '\r' || c === '\n' || c === ';' || c === '}' || c === ']' || c === ')') break;
      if (c === '\\' && (lx.peek(1) === '\n' || lx.peek(1) === '\r')) break;
      if (c === '"') parts.push(this.string());
      else if (c === '$') parts.push(this.variable());
      else if (c === '[') parts.push(this.substitution());
      else if (c === '(') parts.push(this.parenthesized());
      else if (c === '{') parts.push(this.braces(ctx));
      else {
        const w = lx.valueWord();
        if (!w) throw lx.syntaxError();
        parts.push({ kind: 'word', text: w.text, span: { start: w.start, end: w.end } });
      }
    }
    if (!parts.length) throw lx.syntaxError();
    return parts.length === 1 ? parts[0] : { kind: 'concat', parts, span: { start, end: lx.pos } };
  }

  private string(): Expr {
    const lx = this.lx;
    const s = lx.string<Expr>(
      (open) => (open === '[' ? this.substitution() : this.parenthesized()),
      (name, at) => ({ kind: 'var', name, span: { start: at, end: lx.pos } }),
    );
    return { kind: 'string', parts: s.parts, span: { start: s.start, end: s.end } };
  }

  private variable(): Expr {
    const lx = this.lx;
    const start = lx.pos;
    lx.pos++; // $
    const name = lx.varName();
    if (name === undefined) throw lx.syntaxError();
    return { kind: 'var', name, span: { start, end: lx.pos } };
  }

  private substitution(): Expr {
    const lx = this.lx;
    const start = lx.pos;
    lx.pos++; // [
    const body = this.statements(']');
    lx.pos++;
    return { kind: 'subst', body, span: { start, end: lx.pos } };
  }

  private parenthesized(): Expr {
    const lx = this.lx;
    lx.pos++; // (
    const e = this.expression(true, false);
    lx.skipSpace();
    if (lx.peek() !== ')') throw lx.syntaxError();
    lx.pos++;
    return e;
  }

  private code(): Expr {
    const lx = this.lx;
    const start = lx.pos;
    lx.pos++; // {
    const body = this.statements('}');
    const source = this.source.slice(start + 1, lx.pos);
    lx.pos++;
    return { kind: 'code', body, source, span: { start, end: lx.pos } };
  }

  /** `{...}`: code where the command takes code, an array where it takes values. */
  private braces(ctx: { command: string; arg: string | undefined; unnamedIndex?: number }): Expr {
    const isCode = ctx.arg !== undefined ? CODE_ARGS.has(ctx.arg) || (ctx.command === 'onerror' && ctx.arg === 'in')
      : CODE_COMMANDS.has(ctx.command);
    if (isCode) return this.code();
    const at = this.lx.pos;
    try {
      return this.array();
    } catch (e) {
      if (!(e instanceof ParseError)) throw e;
      this.lx.pos = at;
      return this.code();
    }
  }

  /** `{1;2;3}`, `{"a"=1;b=2}`, `{}`. */
  private array(): Expr {
    const lx = this.lx;
    const start = lx.pos;
    lx.pos++; // {
    const items: { key?: string; value: Expr }[] = [];
    for (;;) {
      lx.skipSpace();
      if (lx.peek() === '}') { lx.pos++; break; }
      if (lx.peek() === ';') { lx.pos++; continue; }
      if (lx.eof()) throw lx.syntaxError();
      let key: string | undefined;
      const at = lx.pos;
      if (lx.peek() === '"') {
        const s = this.string();
        if (lx.peek() === '=' && s.kind === 'string' && s.parts.every((p) => typeof p === 'string')) {
          key = s.parts.join('');
          lx.pos++;
        } else {
          lx.pos = at;
        }
      } else if (!'$[({'.includes(lx.peek())) {
        const w = lx.commandWord();
        if (w && lx.peek() === '=') { key = w.text; lx.pos++; } else lx.pos = at;
      }
      const value = this.arrayValue();
      items.push({ key, value });
      lx.skipSpace();
      const c = lx.peek();
      if (c === ';') { lx.pos++; continue; }
      if (c === '}') { lx.pos++; break; }
      throw lx.syntaxError();
    }
    return { kind: 'array', items, span: { start, end: lx.pos } };
  }

  private arrayValue(): Expr {
    const lx = this.lx;
    const c = lx.peek();
    if (c === '{') return this.array();
    if (c === ';' || c === '}') return { kind: 'literal', value: { type: 'str', v: '' }, span: { start: lx.pos, end: lx.pos } };
    return this.value({ command: '', arg: '' });
  }

  // ---------------------------------------------------------------- expressions

  /**
   * An expression: inside `( )` (`parens`: line ends are blanks) or after `where` (it ends
   * with the command). Precedence climbing over the binary operators.
   */
  private expression(parens: boolean, where: boolean, minPrec = 0): Expr {
    let left = this.unary(parens, where);
    for (;;) {
      const save = this.lx.pos;
      const op = this.lx.exprOperator(parens);
      if (!op || op.kind !== 'op') { this.lx.pos = save; return left; }
      const prec = PRECEDENCE[op.op];
      if (prec === undefined || prec <= minPrec) { this.lx.pos = save; return left; }
      const c = this.lx.peek();
      const right = this.findArguments && !parens && ARGUMENT_OPS.has(op.op) && left.kind === 'word' && c !== ' ' && c !== '\t' && !this.lx.atCommandEnd()
        ? this.value({ command: 'find', arg: left.text })
        : this.expression(parens, where, prec);
      left = { kind: 'binary', op: op.op, left, right, span: { start: spanOf(left).start, end: spanOf(right).end } };
    }
  }

  private unary(parens: boolean, where: boolean): Expr {
    const lx = this.lx;
    const t = lx.exprOperand(parens, where);
    switch (t.kind) {
      case 'end':
        throw lx.syntaxError(t.start);
      case 'op': {
        const arg = this.expression(parens, where, UNARY_PRECEDENCE);
        return { kind: 'unary', op: t.op, arg, span: { start: t.start, end: spanOf(arg).end } };
      }
      case 'word':
        return { kind: 'word', text: t.text, span: { start: t.start, end: t.end } };
      case 'punct': {
        lx.pos = t.start;
        switch (t.ch) {
          case '(': return this.parenthesized();
          case '"': return this.string();
          case '$': return this.variable();
          case '[': return this.substitution();
          case '{': return this.array();
          default: throw lx.syntaxError(t.start);
        }
      }
    }
  }
}

/** The command word among the leading words (the last one), for deciding what `{}` means. */
function commandName(head: Word[]): string {
  const last = head[head.length - 1]?.text ?? '';
  const parts = last.split('/');
  return parts[parts.length - 1];
}

export function spanOf(e: Expr): Span {
  return e.span;
}
