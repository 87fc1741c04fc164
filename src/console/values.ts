// The values of the console language and what can be done with them: the types `str num
// bool ip ip-prefix ip6 ip6-prefix time id array code nil nothing`, how a bare word reads
// as a typed literal (`10` num, `1.2.3.4` ip, `1h` time, `true` bool, anything else str),
// how each type prints (`:put 90s` -> `00:01:30`), and the operators of `(...)`
// expressions. Numbers are 64-bit signed integers, as on the router.

import ipaddr from 'ipaddr.js';
import { ScriptError } from './errors.js';
import { boundedLength } from './limits.js';
import { intToIp, ipv6Text, maskOf, readIp } from '../core/values.js';

export interface ScriptArray {
  /** Elements without a key, in order (`{1;2;3}`). */
  items: Value[];
  /** Elements with a key (`{"a"=1}`); the router lists them sorted by key. */
  keys: Map<string, Value>;
}

/** A script function: a `do={...}` block or `[:parse "..."]`, with the text it came from. */
export interface Code {
  body: unknown;
  source: string;
}

export type Value =
  | { type: 'str'; v: string }
  | { type: 'num'; v: bigint }
  | { type: 'bool'; v: boolean }
  | { type: 'ip'; v: number }
  | { type: 'ip-prefix'; v: number; len: number }
  | { type: 'ip6'; v: string }
  | { type: 'ip6-prefix'; v: string; len: number }
  | { type: 'time'; ms: number }
  | { type: 'id'; v: string }
  | { type: 'array'; v: ScriptArray }
  | { type: 'code'; v: Code }
  | { type: 'nil' }
  | { type: 'nothing' };

export const NOTHING: Value = { type: 'nothing' };
export const NIL: Value = { type: 'nil' };
export const str = (v: string): Value => ({ type: 'str', v });
export const num = (v: bigint | number): Value => ({ type: 'num', v: BigInt.asIntN(64, BigInt(v)) });
export const bool = (v: boolean): Value => ({ type: 'bool', v });
export const time = (ms: number): Value => ({ type: 'time', ms });
export const id = (v: string): Value => ({ type: 'id', v });

export function array(items: Value[] = [], keys?: Map<string, Value>): Value {
  return { type: 'array', v: { items, keys: keys ?? new Map() } };
}

// ---------------------------------------------------------------- reading literals

/** A dotted quad as a number (the core's reading, so console and menus agree). */
export const readIpv4 = (s: string): number | undefined => readIp(s) ?? undefined;
export const formatIpv4 = intToIp;

const UNIT: Record<string, number> = { w: 604800000, d: 86400000, h: 3600000, m: 60000, s: 1000, ms: 1 };
const TIME_PART = /^(\d+(?:\.\d+)?)(w|d|h|ms|m|s)/;
const CLOCK = /^(\d+):(\d{1,2}):(\d{1,2}(?:\.\d+)?)$/;

/** The console's time forms: `1w2d3h4m5s`, `1.5s`, `00:01:30`, `1d02:03:04`, `2d11h12` (last part seconds). */
export function readTime(s: string): number | undefined {
  let rest = s;
  let ms = 0;
  let parts = 0;
  for (;;) {
    const clock = CLOCK.exec(rest);
    if (clock) {
      if (Number(clock[2]) > 59 || Number(clock[3]) >= 60) return undefined;
      return ms + Number(clock[1]) * 3600000 + Number(clock[2]) * 60000 + Math.round(Number(clock[3]) * 1000);
    }
    const m = TIME_PART.exec(rest);
    if (!m) break;
    ms += Math.round(Number(m[1]) * UNIT[m[2]]);
    rest = rest.slice(m[0].length);
    parts++;
  }
  if (rest === '') return parts ? ms : undefined;
  // A trailing number without a unit is seconds, but only after at least one unit.
  if (parts && /^\d+$/.test(rest)) return ms + Number(rest) * 1000;
  return undefined;
}

function readIp6(s: string): string | undefined {
  if (!s.includes(':') || !ipaddr.IPv6.isValid(s)) return undefined;
  // `00:01:02` is a time, and MAC addresses are strings: IPv6 needs `::` or eight groups.
  if (!s.includes('::') && s.split(':').length !== 8) return undefined;
  return ipv6Text(s);
}

/** A bare word as a typed literal, as the console reads `:local x 10` or `(1.2.3.4 + 1)`. */
export function literal(word: string): Value {
  if (word === 'true') return bool(true);
  if (word === 'false') return bool(false);
  if (/^-?\d+$/.test(word)) {
    const n = BigInt(word);
    if (n >= -(2n ** 63n) && n < 2n ** 63n) return num(n);
    return str(word);
  }
  if (/^0x[0-9a-fA-F]+$/.test(word)) return num(BigInt(word));
  const ip = readIpv4(word);
  if (ip !== undefined) return { type: 'ip', v: ip };
  const slash = word.indexOf('/');
  if (slash > 0) {
    const base = readIpv4(word.slice(0, slash));
    const len = word.slice(slash + 1);
    if (base !== undefined && /^\d{1,2}$/.test(len) && Number(len) <= 32) return { type: 'ip-prefix', v: base, len: Number(len) };
    const b6 = readIp6(word.slice(0, slash));
    if (b6 !== undefined && /^\d{1,3}$/.test(len) && Number(len) <= 128) return { type: 'ip6-prefix', v: b6, len: Number(len) };
  }
  if (/^\d/.test(word)) {
    const t = readTime(word);
    if (t !== undefined) return time(t);
  }
  const ip6 = readIp6(word);
  if (ip6 !== undefined) return { type: 'ip6', v: ip6 };
  if (/^\*[0-9a-fA-F]+$/.test(word)) return id('*' + word.slice(1).toUpperCase());
  return str(word);
}

// ---------------------------------------------------------------- printing

const pad2 = (n: number) => String(n).padStart(2, '0');

/** A time as the console prints it: `1w2d03:04:05`, `00:00:01.500`. */
export function formatTime(ms: number): string {
  if (ms < 0) return '-' + formatTime(-ms);
  const weeks = Math.floor(ms / UNIT.w);
  let rest = ms - weeks * UNIT.w;
  const days = Math.floor(rest / UNIT.d);
  rest -= days * UNIT.d;
  const h = Math.floor(rest / UNIT.h);
  rest -= h * UNIT.h;
  const m = Math.floor(rest / UNIT.m);
  rest -= m * UNIT.m;
  const s = Math.floor(rest / 1000);
  const frac = rest - s * 1000;
  let out = (weeks ? `${weeks}w` : '') + (days ? `${days}d` : '') + `${pad2(h)}:${pad2(m)}:${pad2(s)}`;
  if (frac) out += '.' + String(frac).padStart(3, '0');
  return out;
}

/** `:put`, `:tostr` and string concatenation: the value's text. */
export function toStr(v: Value): string {
  switch (v.type) {
    case 'str': return v.v;
    case 'num': return v.v.toString();
    case 'bool': return v.v ? 'true' : 'false';
    case 'ip': return formatIpv4(v.v);
    case 'ip-prefix': return `${formatIpv4(v.v)}/${v.len}`;
    case 'ip6': return v.v;
    case 'ip6-prefix': return `${v.v}/${v.len}`;
    case 'time': return formatTime(v.ms);
    case 'id': return v.v;
    case 'array': return arrayEntries(v.v).map(([k, e]) => (typeof k === 'string' ? `${k}=${toStr(e)}` : toStr(e))).join(';');
    case 'code': return v.v.source;
    case 'nil': case 'nothing': return '';
  }
}

/**
 * A value as a command argument: the engine reads every value from text, in the forms the
 * console prints (`1d02:03:04` is a time every duration field reads). Lists join with
 * commas (`numbers=[find]` names several records).
 */
export function toArg(v: Value): string {
  if (v.type === 'array') return arrayEntries(v.v).map(([, e]) => toArg(e)).join(',');
  return toStr(v);
}

/** Elements of an array in the router's order: unkeyed first, then keyed by key. */
export function arrayEntries(a: ScriptArray): [number | string, Value][] {
  const out: [number | string, Value][] = a.items.map((v, i) => [i, v]);
  for (const k of [...a.keys.keys()].sort(compareKeys)) out.push([k, a.keys.get(k)!]);
  return out;
}

function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function arrayLength(a: ScriptArray): number {
  return a.items.length + a.keys.size;
}

// ---------------------------------------------------------------- conversions

export function toBool(v: Value): boolean | undefined {
  switch (v.type) {
    case 'bool': return v.v;
    case 'num': return v.v !== 0n;
    case 'str': {
      const s = v.v.toLowerCase();
      if (s === 'true' || s === 'yes') return true;
      if (s === 'false' || s === 'no') return false;
      return undefined;
    }
    case 'nil': case 'nothing': return false;
    default: return undefined;
  }
}

export function toNum(v: Value): bigint | undefined {
  switch (v.type) {
    case 'num': return v.v;
    case 'bool': return v.v ? 1n : 0n;
    case 'time': return BigInt(Math.trunc(v.ms / 1000));
    case 'ip': return BigInt(v.v);
    case 'id': return BigInt(parseInt(v.v.slice(1), 16));
    case 'str': {
      const s = v.v.trim();
      if (/^[+-]?\d+$/.test(s)) return BigInt.asIntN(64, BigInt(s));
      if (/^0x[0-9a-f]+$/i.test(s)) return BigInt(s);
      return undefined;
    }
    default: return undefined;
  }
}

/** `:typeof`. */
export const typeOf = (v: Value): string => v.type;

export function equal(a: Value, b: Value): boolean {
  if (a.type === 'array' && b.type === 'array') {
    const ea = arrayEntries(a.v), eb = arrayEntries(b.v);
    return ea.length === eb.length && ea.every(([k, v], i) => k === eb[i][0] && equal(v, eb[i][1]));
  }
  if (a.type === b.type) return compare(a, b) === 0;
  if ((a.type === 'nil' || a.type === 'nothing') && (b.type === 'nil' || b.type === 'nothing')) return true;
  // Text compared with anything compares as text: `$leaseBound = "1"` holds for the number 1.
  if (a.type === 'str' || b.type === 'str') return toStr(a) === toStr(b);
  const na = toNum(a), nb = toNum(b);
  if (a.type === 'bool' || b.type === 'bool') return toBool(a) === toBool(b);
  return na !== undefined && nb !== undefined && na === nb;
}

/** Orders two values of one kind; NaN when they cannot be ordered. */
export function compare(a: Value, b: Value): number {
  const c = (x: number | bigint | string, y: number | bigint | string) => (x < y ? -1 : x > y ? 1 : 0);
  if (a.type !== b.type) {
    if (a.type === 'str' || b.type === 'str') return c(toStr(a), toStr(b));
    const na = toNum(a), nb = toNum(b);
    return na === undefined || nb === undefined ? NaN : c(na, nb);
  }
  switch (a.type) {
    case 'str': return c(a.v, (b as typeof a).v);
    case 'num': return c(a.v, (b as typeof a).v);
    case 'bool': return c(Number(a.v), Number((b as typeof a).v));
    case 'ip': return c(a.v, (b as typeof a).v);
    case 'ip-prefix': { const o = b as typeof a; return c(a.v, o.v) || c(a.len, o.len); }
    case 'time': return c(a.ms, (b as typeof a).ms);
    case 'id': return c(parseInt(a.v.slice(1), 16), parseInt((b as typeof a).v.slice(1), 16));
    case 'nil': case 'nothing': return 0;
    default: return c(toStr(a), toStr(b));
  }
}

// ---------------------------------------------------------------- operators

const fail = (message: string) => new ScriptError(message);

export function negate(v: Value): Value {
  if (v.type === 'num') return num(-v.v);
  if (v.type === 'time') return time(-v.ms);
  const n = toNum(v);
  if (n === undefined) throw fail('cannot negate ' + v.type);
  return num(-n);
}

export function arithmetic(op: string, a: Value, b: Value): Value {
  if (op === '+') {
    if (a.type === 'ip' && b.type !== 'ip') return ipPlus(a.v, toNumOrFail(b));
    if (b.type === 'ip' && a.type !== 'ip') return ipPlus(b.v, toNumOrFail(a));
    if (a.type === 'time' || b.type === 'time') return time(timeOf(a) + timeOf(b));
    return num(toNumOrFail(a) + toNumOrFail(b));
  }
  if (op === '-') {
    if (a.type === 'ip' && b.type === 'ip') return num(BigInt(a.v) - BigInt(b.v));
    if (a.type === 'ip') return ipPlus(a.v, -toNumOrFail(b));
    if (a.type === 'time' || b.type === 'time') return time(timeOf(a) - timeOf(b));
    return num(toNumOrFail(a) - toNumOrFail(b));
  }
  if (op === '*') {
    if (a.type === 'time') return time(a.ms * Number(toNumOrFail(b)));
    if (b.type === 'time') return time(b.ms * Number(toNumOrFail(a)));
    return num(toNumOrFail(a) * toNumOrFail(b));
  }
  if (op === '/') {
    if (a.type === 'time' && b.type === 'time') {
      if (b.ms === 0) throw fail('division by zero');
      return num(Math.trunc(a.ms / b.ms));
    }
    if (a.type === 'time') {
      const d = Number(toNumOrFail(b));
      if (d === 0) throw fail('division by zero');
      return time(Math.trunc(a.ms / d));
    }
    const d = toNumOrFail(b);
    if (d === 0n) throw fail('division by zero');
    return num(toNumOrFail(a) / d);
  }
  if (op === '%') {
    const d = toNumOrFail(b);
    if (d === 0n) throw fail('division by zero');
    return num(toNumOrFail(a) % d);
  }
  throw fail(`unknown operator ${op}`);
}

function ipPlus(ip: number, n: bigint): Value {
  return { type: 'ip', v: Number(BigInt.asUintN(32, BigInt(ip) + n)) };
}

function timeOf(v: Value): number {
  if (v.type === 'time') return v.ms;
  if (v.type === 'str') {
    const t = readTime(v.v);
    if (t !== undefined) return t;
  }
  return Number(toNumOrFail(v)) * 1000;
}

function toNumOrFail(v: Value): bigint {
  // An unset variable counts as 0 (`:global n; :set n ($n + 1)` counts from 1).
  if (v.type === 'nothing' || v.type === 'nil') return 0n;
  const n = toNum(v);
  if (n === undefined) throw fail('cannot use ' + (v.type === 'str' ? `"${v.v}"` : v.type) + ' as a number');
  return n;
}

/** `&`, `|`, `^`, `<<`, `>>` on numbers, and on addresses (`$ip & 255.255.255.0`). */
export function bitwise(op: string, a: Value, b: Value): Value {
  if ((a.type === 'ip' || b.type === 'ip') && op !== '<<' && op !== '>>') {
    const x = a.type === 'ip' ? a.v : Number(BigInt.asUintN(32, toNumOrFail(a)));
    const y = b.type === 'ip' ? b.v : Number(BigInt.asUintN(32, toNumOrFail(b)));
    const r = op === '&' ? x & y : op === '|' ? x | y : x ^ y;
    return { type: 'ip', v: r >>> 0 };
  }
  if (a.type === 'ip-prefix' && op === '&') return { type: 'ip', v: (a.v & (b.type === 'ip' ? b.v : 0)) >>> 0 };
  const x = toNumOrFail(a), y = toNumOrFail(b);
  switch (op) {
    case '&': return num(x & y);
    case '|': return num(x | y);
    case '^': return num(x ^ y);
    case '<<': return num(x << y);
    case '>>': return num(x >> y);
  }
  throw fail(`unknown operator ${op}`);
}

export function bitNot(v: Value): Value {
  if (v.type === 'ip') return { type: 'ip', v: ~v.v >>> 0 };
  return num(~toNumOrFail(v));
}

/** `a in b`: an address in a network, a network in a network, an element in an array. */
export function contains(a: Value, b: Value): boolean {
  if (b.type === 'ip-prefix') {
    const mask = maskOf(b.len);
    if (a.type === 'ip') return ((a.v & mask) >>> 0) === ((b.v & mask) >>> 0);
    if (a.type === 'ip-prefix') return a.len >= b.len && ((a.v & mask) >>> 0) === ((b.v & mask) >>> 0);
    if (a.type === 'str') {
      const l = literal(a.v);
      if (l.type === 'ip' || l.type === 'ip-prefix') return contains(l, b);
    }
    return false;
  }
  if (b.type === 'ip6-prefix') {
    const addr = a.type === 'ip6' ? a.v : a.type === 'ip6-prefix' ? a.v : undefined;
    if (!addr) return false;
    try {
      return ipaddr.IPv6.parse(addr).match(ipaddr.IPv6.parse(b.v), b.len);
    } catch {
      return false;
    }
  }
  if (b.type === 'array') return arrayEntries(b.v).some(([, e]) => equal(a, e));
  if (b.type === 'str') return toStr(b).includes(toStr(a));
  return false;
}

/** `~`: a POSIX extended regular expression, as the router matches them. */
export function matches(a: Value, pattern: Value): boolean {
  let re: RegExp;
  try {
    re = new RegExp(posixClasses(toStr(pattern)));
  } catch {
    throw fail('invalid regular expression');
  }
  return re.test(toStr(a));
}

const CLASSES: Record<string, string> = {
  alpha: 'a-zA-Z', digit: '0-9', alnum: 'a-zA-Z0-9', upper: 'A-Z', lower: 'a-z', space: '\\s',
  xdigit: '0-9A-Fa-f', punct: '!-\\/:-@\\[-`{-~', blank: ' \\t', cntrl: '\\x00-\\x1f\\x7f', print: '\\x20-\\x7e', graph: '\\x21-\\x7e',
};
const posixClasses = (p: string) => p.replace(/\[:([a-z]+):\]/g, (m, n: string) => CLASSES[n] ?? m);

/** `,`: joins values into one array. */
export function concatArrays(a: Value, b: Value): Value {
  const part = (v: Value) => (v.type === 'array' ? v.v.items : [v]);
  const items = part(a);
  const more = part(b);
  boundedLength(items.length + more.length);
  // concat, not push(...more): an array of a hundred thousand elements overflows the call stack as arguments.
  const joined = items.concat(more);
  const keys = new Map<string, Value>();
  for (const v of [a, b]) if (v.type === 'array') for (const [k, e] of v.v.keys) keys.set(k, e);
  boundedLength(joined.length + keys.size);
  return array(joined, keys);
}

/** `$a->key`: an element of an array by index or key. */
export function element(a: Value, key: Value): Value {
  if (a.type !== 'array') return NOTHING;
  if (key.type === 'num') {
    const i = Number(key.v);
    const entries = arrayEntries(a.v);
    return entries[i]?.[1] ?? NOTHING;
  }
  const k = toStr(key);
  if (a.v.keys.has(k)) return a.v.keys.get(k)!;
  if (/^\d+$/.test(k)) return a.v.items[Number(k)] ?? NOTHING;
  return NOTHING;
}

/** A copy of an array value, so that `:set` on one variable does not change another. */
export function cloneArray(a: ScriptArray): ScriptArray {
  return { items: [...a.items], keys: new Map(a.keys) };
}

// ---------------------------------------------------------------- conversions of :to*

export function toIp(v: Value): Value {
  if (v.type === 'ip') return v;
  if (v.type === 'ip-prefix') return { type: 'ip', v: v.v };
  const n = readIpv4(toStr(v).trim());
  return n === undefined ? NIL : { type: 'ip', v: n };
}

export function toIp6(v: Value): Value {
  if (v.type === 'ip6') return v;
  const s = readIp6(toStr(v).trim());
  return s === undefined ? NIL : { type: 'ip6', v: s };
}

export function toTime(v: Value): Value {
  if (v.type === 'time') return v;
  if (v.type === 'num') return time(Number(v.v) * 1000);
  const t = readTime(toStr(v).trim());
  if (t !== undefined) return time(t);
  const n = toNum(v);
  return n === undefined ? NIL : time(Number(n) * 1000);
}

/** `:toarray`: a comma list of text becomes its elements, typed. */
export function toArray(v: Value): Value {
  if (v.type === 'array') return v;
  if (v.type === 'nil' || v.type === 'nothing') return array();
  if (v.type === 'str') {
    if (v.v === '') return array();
    // Counted before split: a 16 MiB string of commas would be eight million elements.
    for (let n = 1, at = v.v.indexOf(','); at >= 0; at = v.v.indexOf(',', at + 1)) boundedLength(++n);
    return array(v.v.split(',').map((s) => literal(s)));
  }
  return array([v]);
}
