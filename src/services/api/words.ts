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

/** The most a client may send in one sentence; more is a broken or hostile stream. */
export const MAX_SENTENCE = 16 * 1024 * 1024;

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
  const tagLength = tag === undefined ? 0 : Buffer.byteLength(tag, 'utf8') + 5;
  if (tag !== undefined) size += lengthSize(tagLength) + tagLength;
  const buf = Buffer.allocUnsafe(size);
  let at = writeLength(buf, 0, typeLength);
  at += buf.write(type, at, 'utf8');
  if (words) at += words.copy(buf, at);
  else if (attrs) at = writeAttributes(buf, at, attrs);
  if (tag !== undefined) {
    at = writeLength(buf, at, tagLength);
    at += buf.write('.tag=', at, 'latin1');
    at += buf.write(tag, at, 'utf8');
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
    const n = Buffer.byteLength(key, 'utf8') + Buffer.byteLength(attrs[key], 'utf8') + 2;
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
    at += buf.write(key, at, 'utf8');
    buf[at++] = 0x3d;
    at += buf.write(attrs[key], at, 'utf8');
  }
  return at;
}

/** One whole sentence, terminator included, as the bytes of one socket write (one allocation). */
export function encodeSentence(words: readonly string[]): Buffer {
  let size = 1;
  const lengths = words.map((w) => {
    const n = Buffer.byteLength(w, 'utf8');
    size += n + lengthSize(n);
    return n;
  });
  const buf = Buffer.allocUnsafe(size);
  let at = 0;
  words.forEach((w, i) => {
    at = writeLength(buf, at, lengths[i]);
    at += buf.write(w, at, 'utf8');
  });
  buf[at] = 0;
  return buf;
}

/** Reads sentences out of a byte stream that arrives in pieces of any size. */
export class SentenceReader {
  private buffer: Buffer = Buffer.alloc(0);
  private words: string[] = [];
  private size = 0;

  /** Takes the next piece of the stream; returns the sentences it completed. Throws FramingError. */
  push(chunk: Buffer): string[][] {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    const done: string[][] = [];
    let at = 0;
    for (;;) {
      const head = this.readLength(at);
      if (!head) break;
      const [length, skip] = head;
      if (this.size + length > MAX_SENTENCE) throw new FramingError('sentence too long');
      if (this.buffer.length < at + skip + length) break;
      at += skip;
      if (length === 0) {
        done.push(this.words);
        this.words = [];
        this.size = 0;
        continue;
      }
      this.words.push(this.buffer.toString('utf8', at, at + length));
      this.size += length;
      at += length;
    }
    this.buffer = this.buffer.subarray(at);
    return done;
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
