// Just enough DER (ITU-T X.690) to write a certificate and to read the parts of one that
// Node's own X509Certificate does not give (names, extensions, the signature's algorithm): a
// thousand of a lab's certificates are made and read in milliseconds this way, where a
// general ASN.1 library takes ten milliseconds each.

/** A tag, its length, its content. */
export function tlv(tag: number, content: Buffer): Buffer {
  const n = content.length;
  const len = n < 0x80 ? [n] : n < 0x100 ? [0x81, n] : n < 0x10000 ? [0x82, n >> 8, n & 255] : [0x83, n >> 16, (n >> 8) & 255, n & 255];
  return Buffer.concat([Buffer.from([tag, ...len]), content]);
}

export const seq = (...items: Buffer[]) => tlv(0x30, Buffer.concat(items));
export const set = (...items: Buffer[]) => tlv(0x31, Buffer.concat(items));
export const octets = (b: Buffer) => tlv(0x04, b);
export const utf8 = (s: string) => tlv(0x0c, Buffer.from(s, 'utf8'));
export const printable = (s: string) => tlv(0x13, Buffer.from(s, 'latin1'));
export const bool = (v: boolean) => tlv(0x01, Buffer.from([v ? 0xff : 0]));
export const NULL = Buffer.from([0x05, 0]);
/** A context-specific tag: `constructed` for an explicit one. */
export const context = (n: number, content: Buffer, constructed = true) => tlv((constructed ? 0xa0 : 0x80) | n, content);

/** An unsigned integer from its big-endian bytes (a leading zero keeps it positive). */
export function integer(bytes: Buffer): Buffer {
  let b = bytes;
  while (b.length > 1 && b[0] === 0 && b[1] < 0x80) b = b.subarray(1);
  return tlv(0x02, b[0] >= 0x80 ? Buffer.concat([Buffer.from([0]), b]) : b);
}

export function oid(dotted: string): Buffer {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const out = [40 * a + b];
  for (const arc of rest) {
    const groups = [arc & 0x7f];
    for (let v = arc >>> 7; v; v >>>= 7) groups.unshift((v & 0x7f) | 0x80);
    out.push(...groups);
  }
  return tlv(0x06, Buffer.from(out));
}

/** A BIT STRING of whole bytes (a key, a signature). */
export const bits = (b: Buffer) => tlv(0x03, Buffer.concat([Buffer.from([0]), b]));

/** A BIT STRING of named bits (key usage): bit 0 is the first byte's highest. */
export function namedBits(numbers: number[]): Buffer {
  const bytes = Buffer.alloc(Math.floor(Math.max(...numbers) / 8) + 1);
  for (const n of numbers) bytes[n >> 3] |= 0x80 >> (n & 7);
  const last = Math.max(...numbers);
  return tlv(0x03, Buffer.concat([Buffer.from([7 - (last & 7)]), bytes]));
}

/** UTCTime until 2049, GeneralizedTime from 2050 (RFC 5280 4.1.2.5). */
export function time(d: Date): Buffer {
  const iso = d.toISOString().replace(/[-:T]/g, '').slice(0, 14) + 'Z';
  return d.getUTCFullYear() < 2050 ? tlv(0x17, Buffer.from(iso.slice(2), 'latin1')) : tlv(0x18, Buffer.from(iso, 'latin1'));
}

/** The elements of a constructed value, each whole (tag, length and content). */
export function elements(der: Buffer): Buffer[] {
  const out: Buffer[] = [];
  const { start, end } = header(der, 0);
  for (let at = start; at < end;) {
    const h = header(der, at);
    out.push(der.subarray(at, h.end));
    at = h.end;
  }
  return out;
}

/** Where a value's content starts and ends. */
function header(der: Buffer, at: number): { start: number; end: number } {
  let n = der[at + 1], start = at + 2;
  if (n & 0x80) {
    const count = n & 0x7f;
    n = 0;
    for (let i = 0; i < count; i++) n = n * 256 + der[start + i];
    start += count;
  }
  return { start, end: start + n };
}

/** A value's content, without its tag and length. */
export function content(der: Buffer): Buffer {
  const { start, end } = header(der, 0);
  return der.subarray(start, end);
}

/** The tag of a value. */
export const tagOf = (der: Buffer) => der[0];

/** An OBJECT IDENTIFIER's dotted form. */
export function oidText(der: Buffer): string {
  const b = content(der);
  const arcs: number[] = [];
  let v = 0;
  for (const byte of b) {
    v = v * 128 + (byte & 0x7f);
    if (byte & 0x80) continue;
    if (!arcs.length) arcs.push(v < 80 ? Math.floor(v / 40) : 2, v < 80 ? v % 40 : v - 80);
    else arcs.push(v);
    v = 0;
  }
  return arcs.join('.');
}

/** A string value of any of the string types a certificate's names use. */
export function stringText(der: Buffer): string {
  const b = content(der);
  switch (tagOf(der)) {
    case 0x1e: return Buffer.from(b).swap16().toString('utf16le'); // BMPString
    case 0x1c: return String.fromCodePoint(...Array.from({ length: b.length / 4 }, (_, i) => b.readUInt32BE(i * 4))); // UniversalString
    case 0x0c: return b.toString('utf8');
    default: return b.toString('latin1'); // PrintableString, IA5String, T61String, VisibleString
  }
}

/** A UTCTime or GeneralizedTime as milliseconds. */
export function timeValue(der: Buffer): number {
  let t = content(der).toString('latin1');
  if (tagOf(der) === 0x17) t = (Number(t.slice(0, 2)) < 50 ? '20' : '19') + t;
  return Date.UTC(Number(t.slice(0, 4)), Number(t.slice(4, 6)) - 1, Number(t.slice(6, 8)), Number(t.slice(8, 10)), Number(t.slice(10, 12)), Number(t.slice(12, 14)));
}
