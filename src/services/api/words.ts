// The API protocol's framing: a word is its length (1 to 5 bytes, the first byte telling
// how many) followed by its bytes; a sentence is words ended by a word of length zero.
//
//   length < 0x80        1 byte   len
//   length < 0x4000      2 bytes  len | 0x8000
//   length < 0x200000    3 bytes  len | 0xC00000
//   length < 0x10000000  4 bytes  len | 0xE0000000
//   otherwise            5 bytes  0xF0, then len in 4 bytes
//
// A first byte of 0xF8 and above is a control byte, which no client sends: the stream is broken.
//
// Words are bytes, as on the router, which stores and returns values byte for byte: a tag or a
// value that is not UTF-8 comes back exactly as it was sent. A word is read as UTF-8 text;
// each byte that is not part of a valid UTF-8 sequence becomes a lone low surrogate
// U+DC80..U+DCFF (as Python's `surrogateescape`), which no valid UTF-8 decodes to, and is
// written back as that byte. Such strings stay in the configuration as they are (the store
// keeps values as JSON, where a lone surrogate is an escape, `\udce9`).

/** The most a client may send in one sentence; more is a broken or hostile stream. */
export const MAX_SENTENCE = 16 * 1024 * 1024;
/** The most one sentence may be before a login: a /login needs little, an anonymous client gets no more. */
export const MAX_SENTENCE_BEFORE_LOGIN = 64 * 1024;

export class FramingError extends Error {}

/** Writes the length of a word at `at`; returns where the word's bytes begin. */
function writeLength(buf: Buffer, at: number, n: number): number {
  if (n < 0x80) { buf[at] = n; return at + 1; }
  if (n < 0x4000) { buf.writeUInt16BE(n | 0x8000, at); return at + 2; }
  if (n < 0x200000) { buf[at] = (n >> 16) | 0xc0; buf.writeUInt16BE(n & 0xffff, at + 1); return at + 3; }
  if (n < 0x10000000) { buf.writeUInt32BE((n | 0xe0000000) >>> 0, at); return at + 4; }
  buf[at] = 0xf0;
  buf.writeUInt32BE(n, at + 1);
  return at + 5;
}

const lengthSize = (n: number) => (n < 0x80 ? 1 : n < 0x4000 ? 2 : n < 0x200000 ? 3 : n < 0x10000000 ? 4 : 5);

/** Byte lengths of a reply's names and values, reused from one reply to the next. */
const scratch: number[] = [];

/** A lone low surrogate U+DC80..U+DCFF: a byte that was not UTF-8 (the `u` flag keeps pairs whole). */
const ESCAPED = /[\udc80-\udcff]/u;
/**
 * Whether any word with bytes that are not UTF-8 was ever read. Until then no string can hold
 * an escaped byte that a client sent, and writing skips looking for one (the hot path).
 */
let escapesSeen = false;

/** The text of a word's bytes: UTF-8, with each byte that is not UTF-8 escaped (see above). */
export function decodeWord(b: Buffer, start: number, end: number): string {
  const text = b.toString('utf8', start, end);
  // A string of one-byte characters cannot hold U+FFFD: the search ends at once for ASCII.
  if (!text.includes('\ufffd')) return text;
  let out = '';
  let run = start;
  let i = start;
  while (i < end) {
    const n = sequenceLength(b, i, end);
    if (n > 0) { i += n; continue; }
    out += b.toString('utf8', run, i) + String.fromCharCode(0xdc00 + b[i]);
    escapesSeen = true;
    run = ++i;
  }
  return out + b.toString('utf8', run, end);
}

/** The length of the valid UTF-8 sequence at `i`, or 0 when the byte there begins none. */
function sequenceLength(b: Buffer, i: number, end: number): number {
  const c = b[i];
  if (c < 0x80) return 1;
  const cont = (k: number, lo = 0x80, hi = 0xbf) => i + k < end && b[i + k] >= lo && b[i + k] <= hi;
  if (c >= 0xc2 && c <= 0xdf) return cont(1) ? 2 : 0;
  if (c >= 0xe0 && c <= 0xef) {
    const ok = c === 0xe0 ? cont(1, 0xa0) : c === 0xed ? cont(1, 0x80, 0x9f) : cont(1);
    return ok && cont(2) ? 3 : 0;
  }
  if (c >= 0xf0 && c <= 0xf4) {
    const ok = c === 0xf0 ? cont(1, 0x90) : c === 0xf4 ? cont(1, 0x80, 0x8f) : cont(1);
    return ok && cont(2) && cont(3) ? 4 : 0;
  }
  return 0;
}

/** The bytes of a string that holds escaped bytes: UTF-8 around them, each escape its byte. */
function escapedBytes(s: string): Buffer {
  const parts: Buffer[] = [];
  let run = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) { i++; continue; }
    }
    if (c < 0xdc80 || c > 0xdcff) continue;
    parts.push(Buffer.from(s.slice(run, i), 'utf8'), Buffer.from([c - 0xdc00]));
    run = i + 1;
  }
  parts.push(Buffer.from(s.slice(run), 'utf8'));
  return Buffer.concat(parts);
}

/** The bytes a string takes in a word. */
export function wordLength(s: string): number {
  return escapesSeen && ESCAPED.test(s) ? escapedBytes(s).length : Buffer.byteLength(s, 'utf8');
}

/** Writes a string's bytes at `at`; returns how many. */
function put(buf: Buffer, at: number, s: string): number {
  return escapesSeen && ESCAPED.test(s) ? escapedBytes(s).copy(buf, at) : buf.write(s, at, 'utf8');
}

/**
 * The `=name=value` words of frozen records, framed once: a frozen record never changes, and
 * the engine gives the same one again while the configuration stays the same
 * (src/core/views.ts), so a client that prints a record again gets the same bytes.
 */
const keptWords = new WeakMap<object, Buffer>();

/**
 * A reply sentence (`!re`, `!done`, `!trap`): its type, an `=name=value` word for each
 * attribute and the `.tag`, framed straight from the record, without a string per word.
 */
export function encodeReply(type: string, attrs: Readonly<Record<string, string>> | undefined, tag: string | undefined): Buffer {
  let words: Buffer | undefined;
  if (attrs && Object.isFrozen(attrs)) {
    words = keptWords.get(attrs);
    if (!words) keptWords.set(attrs, (words = attributeWords(attrs)));
  }
  const typeLength = Buffer.byteLength(type, 'utf8');
  let size = 1 + lengthSize(typeLength) + typeLength;
  if (words) size += words.length;
  else if (attrs) size += measureAttributes(attrs);
  const tagLength = tag === undefined ? 0 : wordLength(tag) + 5;
  if (tag !== undefined) size += lengthSize(tagLength) + tagLength;
  const buf = Buffer.allocUnsafe(size);
  let at = writeLength(buf, 0, typeLength);
  at += buf.write(type, at, 'utf8');
  if (words) at += words.copy(buf, at);
  else if (attrs) at = writeAttributes(buf, at, attrs);
  if (tag !== undefined) {
    at = writeLength(buf, at, tagLength);
    at += buf.write('.tag=', at, 'latin1');
    at += put(buf, at, tag);
  }
  buf[at] = 0;
  return buf;
}

/** The attribute words alone (no type, tag or terminator). */
function attributeWords(attrs: Readonly<Record<string, string>>): Buffer {
  const buf = Buffer.allocUnsafe(measureAttributes(attrs));
  writeAttributes(buf, 0, attrs);
  return buf;
}

/** The bytes `=name=value` words take, framed; each word's length goes into `scratch` for writeAttributes. */
function measureAttributes(attrs: Readonly<Record<string, string>>): number {
  let size = 0;
  let k = 0;
  for (const key in attrs) {
    const n = wordLength(key) + wordLength(attrs[key]) + 2;
    scratch[k++] = n;
    size += lengthSize(n) + n;
  }
  return size;
}

/** Writes `=name=value` words whose lengths `scratch` holds, in order; returns where they end. */
function writeAttributes(buf: Buffer, at: number, attrs: Readonly<Record<string, string>>): number {
  let k = 0;
  for (const key in attrs) {
    at = writeLength(buf, at, scratch[k++]);
    buf[at++] = 0x3d; // =
    at += put(buf, at, key);
    buf[at++] = 0x3d;
    at += put(buf, at, attrs[key]);
  }
  return at;
}

/** One whole sentence, terminator included, as the bytes of one socket write (one allocation). */
export function encodeSentence(words: readonly string[]): Buffer {
  let size = 1;
  const lengths = words.map((w) => {
    const n = wordLength(w);
    size += n + lengthSize(n);
    return n;
  });
  const buf = Buffer.allocUnsafe(size);
  let at = 0;
  words.forEach((w, i) => {
    at = writeLength(buf, at, lengths[i]);
    at += put(buf, at, w);
  });
  buf[at] = 0;
  return buf;
}

const EMPTY = Buffer.alloc(0);

/**
 * Reads sentences out of a byte stream that arrives in pieces of any size, one sentence at a
 * time as its reader asks: what is not asked for yet stays bytes. A word still arriving is
 * kept as the pieces it came in (joined once, when it is whole), so a long word costs its
 * bytes once, not its bytes times its pieces.
 */
export class SentenceReader {
  /** Bytes from `at` on are not read yet. */
  private buffer: Buffer = EMPTY;
  private at = 0;
  /** Pieces that came while the word at `at` was still incomplete, and their bytes. */
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** Bytes the buffer must hold from `at` for the next word to be read. */
  private need = 0;
  private words: string[] = [];
  private size = 0;
  /** The most one sentence may be (a connection lowers or raises it, e.g. at login). */
  maxSentence = MAX_SENTENCE;

  /** Bytes held: not read yet, and read into the words of the sentence not yet complete. */
  get held(): number {
    return this.buffer.length - this.at + this.pendingBytes + this.size;
  }

  /** Takes the next piece of the stream. */
  feed(chunk: Buffer) {
    if (this.buffer.length - this.at + this.pendingBytes + chunk.length < this.need) {
      this.pending.push(chunk);
      this.pendingBytes += chunk.length;
      return;
    }
    const rest = this.buffer.subarray(this.at);
    this.buffer = rest.length || this.pending.length ? Buffer.concat([rest, ...this.pending, chunk]) : chunk;
    this.at = 0;
    this.pending = [];
    this.pendingBytes = 0;
  }

  /** The next whole sentence, or undefined until more of the stream has come. Throws FramingError. */
  next(): string[] | undefined {
    for (;;) {
      const head = this.readLength(this.at);
      if (!head) { this.need = this.buffer.length - this.at + 1; return this.rest(); }
      const [length, skip] = head;
      if (this.size + length > this.maxSentence) throw new FramingError('sentence too long');
      if (this.buffer.length < this.at + skip + length) { this.need = skip + length; return this.rest(); }
      this.need = 0;
      this.at += skip;
      if (length === 0) {
        const done = this.words;
        this.words = [];
        this.size = 0;
        if (this.at === this.buffer.length) { this.buffer = EMPTY; this.at = 0; }
        return done;
      }
      this.words.push(decodeWord(this.buffer, this.at, this.at + length));
      this.size += length;
      this.at += length;
    }
  }

  /** Lets go of everything held (the connection is gone; its bytes go back to the budget). */
  clear() {
    this.buffer = EMPTY;
    this.at = 0;
    this.pending = [];
    this.pendingBytes = 0;
    this.words = [];
    this.size = 0;
  }

  /** Takes a piece and returns every sentence it completed (for clients that read all at once). */
  push(chunk: Buffer): string[][] {
    this.feed(chunk);
    const done: string[][] = [];
    for (let s = this.next(); s; s = this.next()) done.push(s);
    return done;
  }

  /** Nothing whole yet: what is left is kept, without the bytes already read. */
  private rest(): undefined {
    if (this.at > 0) {
      const left = this.buffer.subarray(this.at);
      // A short remainder is copied, so that the piece it came in can go.
      this.buffer = left.length <= 4096 ? Buffer.from(left) : left;
      this.at = 0;
    }
    return undefined;
  }

  /** The word length at `at` and the bytes it takes, or undefined when not all of it has come. */
  private readLength(at: number): [number, number] | undefined {
    const b = this.buffer;
    if (b.length <= at) return undefined;
    const first = b[at];
    let count: number;
    let value: number;
    if (first < 0x80) return [first, 1];
    if (first < 0xc0) { count = 2; value = first & 0x3f; }
    else if (first < 0xe0) { count = 3; value = first & 0x1f; }
    else if (first < 0xf0) { count = 4; value = first & 0x0f; }
    else if (first === 0xf0) { count = 5; value = 0; }
    else throw new FramingError('control byte');
    if (b.length < at + count) return undefined;
    for (let i = 1; i < count; i++) value = value * 256 + b[at + i];
    return [value, count];
  }
}
