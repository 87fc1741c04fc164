// The JSON reader for request bodies. JSON.parse cannot be used: the router reads octal
// (`010`) and hexadecimal (`0x1F`) numbers and refuses exponents (spec 2.4), and a number
// may be a 64-bit value that a JS number would round. So every number comes back as a
// JsonNumber holding its exact decimal text, which the field types then read like console input.

/** A JSON number from a request body, as exact decimal text (`010` -> '8', `0x1F` -> '31'). */
export class JsonNumber {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

/** Any defect in a request body; the REST face answers 400 with this message as detail. */
export class JsonError extends Error {
  constructor() {
    super('Failed to parse json');
    this.name = 'JsonError';
  }
}

// Small non-negative integers are shared, frozen instances: a body of many numbers would
// otherwise spend most of its parse time allocating and collecting them.
const SMALL = Array.from({ length: 1024 }, (_, i) => Object.freeze(new JsonNumber(String(i))));

// Deeper bodies are refused rather than risk the stack; no real request nests beyond a few levels.
const MAX_DEPTH = 256;

const enum C {
  Tab = 9, LF = 10, CR = 13, Space = 32, Quote = 34, Plus = 43, Comma = 44, Minus = 45, Dot = 46,
  D0 = 48, D7 = 55, D9 = 57, Colon = 58, UpperA = 65, UpperE = 69, UpperF = 70, UpperX = 88,
  LBracket = 91, Backslash = 92, RBracket = 93, LowerA = 97, LowerE = 101, LowerF = 102,
  LowerX = 120, LBrace = 123, RBrace = 125,
}

function isHexDigit(c: number): boolean {
  return (c >= C.D0 && c <= C.D9) || (c >= C.UpperA && c <= C.UpperF) || (c >= C.LowerA && c <= C.LowerF);
}

function hexValue(c: number): number {
  if (c <= C.D9) return c - C.D0;
  return (c | 0x20) - C.LowerA + 10; // | 0x20 folds upper case to lower
}

class Reader {
  pos = 0;
  constructor(readonly text: string) {}

  fail(): never {
    throw new JsonError();
  }

  skipSpace(): void {
    const t = this.text;
    let p = this.pos;
    for (;;) {
      const c = t.charCodeAt(p);
      if (c === C.Space || c === C.LF || c === C.CR || c === C.Tab) p++;
      else break;
    }
    this.pos = p;
  }

  value(depth: number): unknown {
    this.skipSpace();
    const c = this.text.charCodeAt(this.pos);
    switch (c) {
      case C.LBrace: return this.object(depth + 1);
      case C.LBracket: return this.array(depth + 1);
      case C.Quote: return this.string();
      case 116: return this.literal('true', true);   // t
      case 102: return this.literal('false', false); // f
      case 110: return this.literal('null', null);   // n
      default:
        if (c === C.Minus || (c >= C.D0 && c <= C.D9)) return this.number();
        return this.fail(); // also end of input (NaN)
    }
  }

  literal<T>(word: string, result: T): T {
    if (!this.text.startsWith(word, this.pos)) this.fail();
    this.pos += word.length;
    return result;
  }

  object(depth: number): Record<string, unknown> {
    if (depth > MAX_DEPTH) this.fail();
    const t = this.text;
    const obj: Record<string, unknown> = {};
    this.pos++; // {
    this.skipSpace();
    if (t.charCodeAt(this.pos) === C.RBrace) {
      this.pos++;
      return obj;
    }
    for (;;) {
      this.skipSpace();
      if (t.charCodeAt(this.pos) !== C.Quote) this.fail();
      const key = this.string();
      this.skipSpace();
      if (t.charCodeAt(this.pos) !== C.Colon) this.fail();
      this.pos++;
      const v = this.value(depth);
      // A plain assignment of "__proto__" would replace the prototype instead of adding a key.
      if (key === '__proto__') Object.defineProperty(obj, key, { value: v, enumerable: true, writable: true, configurable: true });
      else obj[key] = v; // a repeated key overwrites: the last one wins
      this.skipSpace();
      const c = t.charCodeAt(this.pos++);
      if (c === C.RBrace) return obj;
      if (c !== C.Comma) this.fail();
    }
  }

  array(depth: number): unknown[] {
    if (depth > MAX_DEPTH) this.fail();
    const t = this.text;
    const arr: unknown[] = [];
    this.pos++; // [
    this.skipSpace();
    if (t.charCodeAt(this.pos) === C.RBracket) {
      this.pos++;
      return arr;
    }
    for (;;) {
      arr.push(this.value(depth));
      this.skipSpace();
      const c = t.charCodeAt(this.pos++);
      if (c === C.RBracket) return arr;
      if (c !== C.Comma) this.fail();
    }
  }

  string(): string {
    const t = this.text;
    let p = this.pos + 1; // after the opening quote
    let start = p;
    let out = '';
    for (;;) {
      const c = t.charCodeAt(p);
      if (c === C.Quote) {
        this.pos = p + 1;
        return out + t.slice(start, p);
      }
      if (c === C.Backslash) {
        out += t.slice(start, p);
        const e = t.charCodeAt(p + 1);
        p += 2;
        switch (e) {
          case C.Quote: out += '"'; break;
          case C.Backslash: out += '\\'; break;
          case 47: out += '/'; break;   // /
          case 98: out += '\b'; break;  // b
          case 102: out += '\f'; break; // f
          case 110: out += '\n'; break; // n
          case 114: out += '\r'; break; // r
          case 116: out += '\t'; break; // t
          case 117: { // u: four hex digits; a surrogate pair is two escapes that join by concatenation
            let code = 0;
            for (let i = 0; i < 4; i++) {
              const h = t.charCodeAt(p + i);
              if (!isHexDigit(h)) this.fail();
              code = code * 16 + hexValue(h);
            }
            out += String.fromCharCode(code);
            p += 4;
            break;
          }
          default: this.fail();
        }
        start = p;
        continue;
      }
      // Control characters must be escaped; NaN means the input ended inside the string.
      if (c < 0x20 || c !== c) this.fail();
      p++;
    }
  }

  number(): JsonNumber {
    const t = this.text;
    const begin = this.pos;
    let p = begin;
    const negative = t.charCodeAt(p) === C.Minus;
    if (negative) p++;
    const first = t.charCodeAt(p);
    if (!(first >= C.D0 && first <= C.D9)) this.fail(); // lone '-'
    const next = t.charCodeAt(p + 1);

    if (first === C.D0 && (next === C.LowerX || next === C.UpperX)) {
      p += 2;
      const digits = p;
      while (isHexDigit(t.charCodeAt(p))) p++;
      if (p === digits) this.fail();
      return this.radixNumber(negative, t.slice(digits, p), 16, p);
    }
    if (first === C.D0 && next >= C.D0 && next <= C.D9) {
      p++;
      const digits = p;
      while (t.charCodeAt(p) >= C.D0 && t.charCodeAt(p) <= C.D7) p++;
      return this.radixNumber(negative, t.slice(digits, p), 8, p);
    }

    // Decimal: 0 or a digit run without leading zero, then an optional fraction.
    p++;
    let small = first - C.D0;
    if (first !== C.D0) {
      for (let c = t.charCodeAt(p); c >= C.D0 && c <= C.D9; c = t.charCodeAt(++p)) small = small * 10 + c - C.D0;
    }
    if (!negative && small < SMALL.length && t.charCodeAt(p) !== C.Dot) {
      this.end(p);
      this.pos = p;
      return SMALL[small];
    }
    if (t.charCodeAt(p) === C.Dot) {
      p++;
      const digits = p;
      while (t.charCodeAt(p) >= C.D0 && t.charCodeAt(p) <= C.D9) p++;
      if (p === digits) this.fail();
    }
    this.end(p);
    this.pos = p;
    return new JsonNumber(t.slice(begin, p));
  }

  // Octal and hexadecimal become decimal text: by parseInt while the value is surely below
  // 2^53 (13 hex or 17 octal digits), beyond that through BigInt, exact at any size.
  radixNumber(negative: boolean, digits: string, radix: 8 | 16, p: number): JsonNumber {
    this.end(p);
    this.pos = p;
    if (digits.length <= (radix === 16 ? 13 : 17)) {
      const n = parseInt(digits, radix);
      if (!negative && n < SMALL.length) return SMALL[n];
      return new JsonNumber(String(negative && n !== 0 ? -n : n));
    }
    const n = BigInt((radix === 16 ? '0x' : '0o') + digits);
    return new JsonNumber((negative ? -n : n).toString());
  }

  // What may follow a number: anything but another number character. This is where an
  // exponent (`1e3`), an octal digit out of range (`08`) or a fraction on a hex number is refused.
  end(p: number): void {
    const c = this.text.charCodeAt(p);
    if ((c >= C.D0 && c <= C.D9) || c === C.Dot || c === C.LowerE || c === C.UpperE ||
        c === C.Plus || c === C.Minus || isHexDigit(c) || c === C.LowerX || c === C.UpperX) this.fail();
  }
}

/** Reads a request body. Throws JsonError on anything that is not a single valid JSON value. */
export function parseJson(text: string): unknown {
  const r = new Reader(text);
  const v = r.value(0);
  r.skipSpace();
  if (r.pos !== text.length) r.fail();
  return v;
}
