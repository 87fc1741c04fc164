// The lexer of the console language. The language is context-sensitive: in a command,
// `ether1-gateway` and `192.168.88.0/24` are words and `=` separates an argument's name from
// its value, while inside `( ... )` and after `where` the same characters are operators
// (`$a-1`, `10/2`, `name=ether1`). So the lexer reads on demand, in the mode the parser asks
// for: command words, value words, expression tokens, strings and variable names. It keeps
// offsets; positions (line, column) are worked out only when an error is reported.

import { ParseError, type Position } from './errors.js';

/** Characters that end a word in a command (besides blanks and line ends). */
const COMMAND_STOP = new Set([';', '{', '}', '[', ']', '(', ')', '"', '$', '=']);
/** In a value, `=` is an ordinary character (`comment=a=b`). */
const VALUE_STOP = new Set([';', '{', '}', '[', ']', '(', ')', '"', '$']);

export type ExprToken =
  | { kind: 'op'; op: string; start: number; end: number }
  | { kind: 'word'; text: string; start: number; end: number }
  | { kind: 'punct'; ch: '(' | ')' | '[' | ']' | '{' | '}' | '"' | '$'; start: number; end: number }
  | { kind: 'end'; start: number; end: number };

// Operators of expressions, longest first.
const OPERATORS = ['&&', '||', '<=', '>=', '!=', '<<', '>>', '->', '<', '>', '=', '+', '-', '*', '/', '%', '!', '~', '&', '|', '^', '.', ','];

// Typed literals that start with a digit, most specific first: a word such as `10/2` is a
// number and an operator, `10.0.0.0/8` is a network.
const DIGIT_LITERALS = [
  /^[0-9A-Fa-f]{2}(?::[0-9A-Fa-f]{2}){5}(?![\w:])/, // MAC address (a string)
  /^\d{1,3}(?:\.\d{1,3}){3}\/\d{1,2}(?![\w.:/])/, // ip-prefix
  /^\d{1,3}(?:\.\d{1,3}){3}(?![\w.:])/, // ip
  /^[0-9a-fA-F]*::?[0-9a-fA-F:.]*(?:\/\d{1,3})?(?![\w])/, // ip6 (checked by the reader)
  /^(?:\d+(?:\.\d+)?(?:w|d|h|ms|m|s))+(?:\d{1,2}:\d{2}:\d{2}(?:\.\d+)?|\d+)?(?![\w.:])/, // time with units
  /^\d+:\d{2}:\d{2}(?:\.\d+)?(?![\w.:])/, // time as a clock
  /^0x[0-9a-fA-F]+(?![\w])/, // hexadecimal number
  /^\d+(?![\w])/, // number
];

export class Lexer {
  pos = 0;
  private readonly lineStarts: number[] = [0];

  constructor(readonly src: string) {
    for (let i = 0; i < src.length; i++) if (src[i] === '\n') this.lineStarts.push(i + 1);
  }

  /** 1-based line and column of an offset. */
  position(offset: number): Position {
    let lo = 0, hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid] <= offset) lo = mid; else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.lineStarts[lo] + 1 };
  }

  error(reason: string, offset = this.pos): ParseError {
    return new ParseError(reason, this.position(offset));
  }

  syntaxError(offset = this.pos): ParseError {
    return this.error('syntax error', offset);
  }

  peek(k = 0): string {
    return this.src[this.pos + k] ?? '';
  }

  eof(): boolean {
    return this.pos >= this.src.length;
  }

  /** Skips blanks and line continuations (`\` at the end of a line) but not line ends. */
  skipBlank() {
    for (;;) {
      const c = this.peek();
      if (c === ' ' || c === '\t' || c === '\r') { this.pos++; continue; }
      if (c === '\\' && (this.peek(1) === '\n' || (this.peek(1) === '\r' && this.peek(2) === '\n'))) {
        this.pos += this.peek(1) === '\n' ? 2 : 3;
        continue;
      }
      return;
    }
  }

  /** Skips blanks and line ends too (inside parentheses and arrays). */
  skipSpace() {
    for (;;) {
      this.skipBlank();
      if (this.peek() === '\n') { this.pos++; continue; }
      return;
    }
  }

  /** True at the end of a command: `;`, a line end, a closing bracket or the end of the text. */
  atCommandEnd(): boolean {
    const c = this.peek();
    return c === '' || c === ';' || c === '\n' || c === '}' || c === ']' || c === ')';
  }

  /** A word of a command (path words, command names, argument names, bare values). */
  commandWord(): { text: string; start: number; end: number } | undefined {
    return this.readWord(COMMAND_STOP);
  }

  /** A bare value: like a command word, but `=` belongs to it. */
  valueWord(): { text: string; start: number; end: number } | undefined {
    return this.readWord(VALUE_STOP);
  }

  private readWord(stop: Set<string>) {
    const start = this.pos;
    while (!this.eof()) {
      const c = this.peek();
      if (c === ' ' || c === '\t' || c === '\r' || c === '\n' || stop.has(c)) break;
      if (c === '\\' && (this.peek(1) === '\n' || this.peek(1) === '\r')) break;
      this.pos++;
    }
    if (this.pos === start) return undefined;
    return { text: this.src.slice(start, this.pos), start, end: this.pos };
  }

  /**
   * A variable name after `$`: letters, digits and `_`, or a quoted name (`$"my-var"`).
   * Returns undefined when no name follows.
   */
  varName(): string | undefined {
    if (this.peek() === '"') {
      const start = this.pos;
      this.pos++;
      let name = '';
      while (this.peek() !== '"') {
        if (this.eof() || this.peek() === '\n') throw this.syntaxError(start);
        name += this.peek();
        this.pos++;
      }
      this.pos++;
      return name;
    }
    const m = /^[A-Za-z0-9_]+/.exec(this.src.slice(this.pos, this.pos + 256));
    if (!m) return undefined;
    this.pos += m[0].length;
    return m[0];
  }

  /**
   * A quoted string from its opening `"`. Escapes: `\"` `\\` `\n` `\r` `\t` `\$` `\?` `\_`
   * (space) `\a` `\b` `\f` `\v`, `\XX` (a byte in hexadecimal), and `\` at the end of a
   * line, which joins the next line without its leading blanks (how exports wrap long
   * values). `$name`, `$[...]` and `$(...)` put a value in the text; `embed` parses the
   * latter two from the lexer's position and returns their expression.
   */
  string<T>(embed: (open: '[' | '(') => T, variable: (name: string, start: number) => T): { parts: (string | T)[]; start: number; end: number } {
    const start = this.pos;
    this.pos++; // "
    const parts: (string | T)[] = [];
    let text = '';
    let bytes: number[] = [];
    const flushBytes = () => {
      if (bytes.length) { text += Buffer.from(bytes).toString('utf8'); bytes = []; }
    };
    for (;;) {
      if (this.eof()) throw this.error('syntax error', start);
      const c = this.peek();
      if (c === '"') { this.pos++; break; }
      if (c === '\\') {
        const e = this.peek(1);
        const hex = /^[0-9A-Fa-f]{2}/.exec(this.src.slice(this.pos + 1, this.pos + 3));
        if (hex) {
          bytes.push(parseInt(hex[0], 16));
          this.pos += 3;
          continue;
        }
        // A line break in the middle of a character's bytes (`\D1\` then `\83`) joins them still.
        if (e === '\n' || (e === '\r' && this.peek(2) === '\n')) {
          this.pos += e === '\n' ? 2 : 3;
          while (this.peek() === ' ' || this.peek() === '\t') this.pos++;
          continue;
        }
        flushBytes();
        const simple: Record<string, string> = {
          '"': '"', '\\': '\\', n: '\n', r: '\r', t: '\t', $: '$', '?': '?', _: ' ', a: '\x07', b: '\b', f: '\f', v: '\v',
        };
        if (e in simple) { text += simple[e]; this.pos += 2; continue; }
        throw this.syntaxError(this.pos);
      }
      flushBytes();
      if (c === '$') {
        const n = this.peek(1);
        if (n === '[' || n === '(') {
          if (text) { parts.push(text); text = ''; }
          this.pos++;
          parts.push(embed(n));
          continue;
        }
        const at = this.pos;
        this.pos++;
        const name = this.varName();
        if (name === undefined) { text += '$'; continue; }
        if (text) { parts.push(text); text = ''; }
        parts.push(variable(name, at));
        continue;
      }
      text += c;
      this.pos++;
    }
    flushBytes();
    if (text || !parts.length) parts.push(text);
    return { parts, start, end: this.pos };
  }

  /**
   * An operand of an expression, or what stands in its place: a unary operator, a bracket,
   * or the end. `where` ends at the end of the command; inside parentheses (`newlines`)
   * line ends are blanks.
   */
  exprOperand(newlines: boolean, whereMode: boolean): ExprToken {
    if (newlines) this.skipSpace(); else this.skipBlank();
    const start = this.pos;
    const c = this.peek();
    if (c === '' || (!newlines && (c === ';' || c === '\n'))) return { kind: 'end', start, end: start };
    if ('()[]{}"$'.includes(c)) { this.pos++; return { kind: 'punct', ch: c as '(', start, end: this.pos }; }
    const rest = this.src.slice(this.pos, this.pos + 512);
    if (/^[0-9]/.test(c)) {
      for (const re of DIGIT_LITERALS) {
        const m = re.exec(rest);
        if (m && m[0].length) {
          this.pos += m[0].length;
          return { kind: 'word', text: m[0], start, end: this.pos };
        }
      }
    }
    const id = /^\*[0-9A-Fa-f]+(?![\w])/.exec(rest);
    if (id) {
      this.pos += id[0].length;
      return { kind: 'word', text: id[0], start, end: this.pos };
    }
    // A name: a property in `where` (`dst-address`, `.id`), a word elsewhere (`true`, `ether1`).
    // In `where`, a value may be a list (`connection-state=established,related`).
    const wordRe = whereMode ? /^[A-Za-z_.][A-Za-z0-9_.:@,\-]*/ : /^[A-Za-z_][A-Za-z0-9_.:@\-]*/;
    const w = wordRe.exec(rest);
    if (w && w[0] !== '.') {
      this.pos += w[0].length;
      return { kind: 'word', text: w[0], start, end: this.pos };
    }
    for (const op of ['!', '-', '~']) {
      if (c === op) { this.pos++; return { kind: 'op', op, start, end: this.pos }; }
    }
    throw this.syntaxError(start);
  }

  /** The operator after an operand, or undefined when the expression ends here. */
  exprOperator(newlines: boolean): ExprToken | undefined {
    if (newlines) this.skipSpace(); else this.skipBlank();
    const start = this.pos;
    const rest = this.src.slice(this.pos, this.pos + 8);
    const word = /^(and|or|in)(?![A-Za-z0-9_-])/.exec(rest);
    if (word) {
      this.pos += word[0].length;
      return { kind: 'op', op: word[1], start, end: this.pos };
    }
    for (const op of OPERATORS) {
      if (op === '!') continue; // only `!=` follows an operand
      if (rest.startsWith(op)) {
        this.pos += op.length;
        return { kind: 'op', op, start, end: this.pos };
      }
    }
    return undefined;
  }
}
