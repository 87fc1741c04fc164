// The field types. Each reads every console input form of its kind into the one canonical
// string the real router shows in REST/API replies, and compares canonical strings as values
// (numbers numerically, durations by length, addresses by address). Type notes (`desc`) are
// the real router's `console/inspect` words where it has any.

import ipaddr from 'ipaddr.js';
import { NO_MATCH, ValueError } from './errors.js';
import type { ValueType } from './types.js';

const DIGITS = /^[0-9]+$/;

function cmpStr(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function cmpBig(a: bigint, b: bigint): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The same type with another inspect note, for menus whose real note differs from the default. */
export function withDesc(type: ValueType, desc: string | undefined): ValueType {
  return { name: type.name, desc, parse: (s) => type.parse(s), compare: (a, b) => type.compare(a, b) };
}

// ---------------------------------------------------------------- strings

export function str(opts: { maxLength?: number } = {}): ValueType {
  const { maxLength } = opts;
  return {
    name: 'string',
    desc: maxLength === undefined ? 'string value' : `string value, max length ${maxLength}`,
    parse(input) {
      if (maxLength !== undefined && input.length > maxLength) throw new ValueError();
      return input;
    },
    compare: cmpStr,
  };
}

/** A record name: RouterOS refuses an empty name, and a name is shown on one line. */
export const name: ValueType = {
  name: 'name',
  desc: 'string value',
  parse(input) {
    // eslint-disable-next-line no-control-regex
    if (input === '' || /[\x00-\x1f\x7f]/.test(input)) throw new ValueError();
    return input;
  },
  compare: cmpStr,
};

/**
 * A host name: at most 253 characters, the longest a DNS name can be written (RFC 1035: 255
 * octets on the wire, less the first length byte and the root). The inspect note stays the
 * tree's plain `string value`, as the router's does not say so.
 */
export const MAX_HOST_NAME = 253;
export function hostName(base: ValueType = str()): ValueType {
  return {
    name: base.name,
    desc: base.desc,
    parse(input) {
      if (input.length > MAX_HOST_NAME) throw new ValueError();
      return base.parse(input);
    },
    compare: base.compare,
  };
}

// ---------------------------------------------------------------- booleans

// No desc: the real router's inspect shows none for its yes/no arguments (e.g. `disabled`).
export const bool: ValueType = {
  name: 'boolean',
  parse(input) {
    switch (input.toLowerCase()) {
      case 'yes': case 'true': return 'true';
      case 'no': case 'false': return 'false';
      default: throw new ValueError();
    }
  },
  compare: cmpStr, // 'false' < 'true', as false < true
};

// ---------------------------------------------------------------- integers

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** Reads a console number: decimal or `0x` hexadecimal, optionally signed. Null if not one. */
export function parseInteger(input: string): bigint | null {
  let s = input;
  let negative = false;
  if (s.startsWith('-') || s.startsWith('+')) {
    negative = s[0] === '-';
    s = s.slice(1);
  }
  let n: bigint;
  if (/^0[xX][0-9a-fA-F]+$/.test(s)) n = BigInt(s);
  else if (DIGITS.test(s)) n = BigInt(s); // leading zeros are decimal in the console, not octal
  else return null;
  return negative ? -n : n;
}

export function int(opts: { min?: number | bigint; max?: number | bigint } = {}): ValueType {
  const bounded = opts.min !== undefined || opts.max !== undefined;
  const min = opts.min === undefined ? INT64_MIN : BigInt(opts.min);
  const max = opts.max === undefined ? INT64_MAX : BigInt(opts.max);
  return {
    name: 'integer',
    desc: bounded ? `${min}..${max}` : undefined,
    parse(input) {
      const n = parseInteger(input);
      if (n === null) throw new ValueError();
      if (n < min || n > max) {
        // Outside 64 bits the console cannot read the number at all.
        if (!bounded || n < INT64_MIN || n > INT64_MAX) throw new ValueError();
        throw new ValueError(`value of {arg} out of range (${min}..${max})`);
      }
      return n.toString();
    },
    // A value that is not a number (a bridge's `mtu=auto`) is neither less nor greater.
    compare: (a, b) => {
      const x = parseInteger(a), y = parseInteger(b);
      return x === null || y === null ? NaN : cmpBig(x, y);
    },
  };
}

// ---------------------------------------------------------------- figures with a unit in print

const BINARY_UNITS = ['KiB', 'MiB', 'GiB', 'TiB'];

/**
 * A count of bytes as the console prints it (`/system resource print`): in the largest binary
 * unit that leaves at least ten of it, one decimal (`232.0KiB`, `3352.0KiB`, `16.3MiB`,
 * `1024.0MiB`, `16.0GiB`); under 10KiB the plain number (routeros-facts.md 31.4).
 */
export function printBytes(canonical: string): string {
  if (!/^[0-9]+$/.test(canonical)) return canonical;
  let n = Number(canonical);
  let unit = -1;
  while (n >= 10 * 1024 && unit < BINARY_UNITS.length - 1) { n /= 1024; unit++; }
  return unit < 0 ? canonical : `${n.toFixed(1)}${BINARY_UNITS[unit]}`;
}

/** A number the console prints with its unit after it (`1400MHz`, `7%`); REST and the API show the number. */
function withUnit(type: ValueType, printed: (canonical: string) => string): ValueType {
  return { ...type, printed };
}

/** Bytes: REST and the API show the number, the console print `881.2MiB`. */
export const bytes: ValueType = withUnit(int({ min: 0 }), printBytes);
/** A frequency in MHz: the console prints `1400MHz`. */
export const megahertz: ValueType = withUnit(int({ min: 0 }), (v) => `${v}MHz`);
/**
 * A number the router stores and writes with its unit (`sfp-shutdown-temperature=95C`,
 * `fan-min-speed-percent=12%`): taken with the unit or without it, within the range.
 */
export function suffixed(unit: string, opts: { min?: number; max?: number } = {}): ValueType {
  const inner = int(opts);
  return {
    name: 'integer',
    desc: `${inner.desc ?? 'integer'}${unit}`,
    parse: (input) => `${inner.parse(input.endsWith(unit) ? input.slice(0, -unit.length) : input)}${unit}`,
    compare: (a, b) => inner.compare(a.slice(0, -unit.length), b.slice(0, -unit.length)),
  };
}
/** A percentage: the console prints `7%`. */
export const percent: ValueType = withUnit(int({ min: 0 }), (v) => `${v}%`);

// ---------------------------------------------------------------- durations

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

// The console's unit words (RouterOS manual: "d, day, days", "m, min", ...).
const UNITS: Record<string, number> = {
  w: WEEK, week: WEEK, weeks: WEEK,
  d: DAY, day: DAY, days: DAY,
  h: HOUR, hour: HOUR, hours: HOUR,
  m: MINUTE, min: MINUTE,
  s: SECOND,
  ms: 1,
};

// One part: a number (fraction allowed: `1.5s`, `0.1day`) with an optional unit; a trailing
// number without a unit is seconds (`2d11h12` = 2d11h12s).
const PART = /\s*([0-9]+(?:\.[0-9]+)?)([a-z]*)/y;
// A clock part ends the text: [H]H:MM:SS with optional fraction of a second (`00:00:00.200`).
const CLOCK = /\s*([0-9]+):([0-5]?[0-9]):([0-5]?[0-9](?:\.[0-9]+)?)$/y;

/** Reads any console time form into milliseconds. Throws ValueError. */
export function parseDuration(input: string): number {
  const s = input.toLowerCase();
  // Blanks only separate parts (`1d 02:03:04`); none may lead or trail.
  if (s === '' || s.trim() !== s) throw new ValueError();
  let ms = 0;
  let pos = 0;
  let sawUnitless = false;
  while (pos < s.length) {
    CLOCK.lastIndex = pos;
    const clock = sawUnitless ? null : CLOCK.exec(s);
    if (clock) {
      ms += Number(clock[1]) * HOUR + Number(clock[2]) * MINUTE + Math.round(Number(clock[3]) * SECOND);
      pos = s.length;
      break;
    }
    PART.lastIndex = pos;
    const part = PART.exec(s);
    if (!part || sawUnitless) throw new ValueError(); // a unitless number must be the last part
    const unit = part[2] === '' ? SECOND : UNITS[part[2]];
    if (unit === undefined) throw new ValueError();
    if (part[2] === '') sawUnitless = true;
    ms += Math.round(Number(part[1]) * unit);
    pos = PART.lastIndex;
  }
  if (!Number.isSafeInteger(ms)) throw new ValueError();
  return ms;
}

/** Milliseconds -> the API's duration text: `1w1d`, `1d1h1m1s`, `1s500ms`, `0s`. */
export function formatDuration(ms: number): string {
  if (ms < 0) return '-' + formatDuration(-ms);
  if (ms === 0) return '0s';
  let rest = Math.round(ms);
  let out = '';
  for (const [unit, size] of [['w', WEEK], ['d', DAY], ['h', HOUR], ['m', MINUTE], ['s', SECOND], ['ms', 1]] as const) {
    const n = Math.floor(rest / size);
    if (n > 0) out += n + unit;
    rest -= n * size;
  }
  return out;
}

/** Milliseconds -> the console's clock form: `00:00:10`, `1d00:00:00`, `35w3d13:13:56`, `00:00:00.200`. */
export function formatClock(ms: number): string {
  const weeks = Math.floor(ms / WEEK);
  const days = Math.floor((ms % WEEK) / DAY);
  const rest = ms % DAY;
  const two = (n: number) => String(n).padStart(2, '0');
  const frac = rest % SECOND ? '.' + String(rest % SECOND).padStart(3, '0') : '';
  return `${weeks ? weeks + 'w' : ''}${days ? days + 'd' : ''}${two(Math.floor(rest / HOUR))}:${two(Math.floor((rest % HOUR) / MINUTE))}:${two(Math.floor((rest % MINUTE) / SECOND))}${frac}`;
}

/** A canonical duration (or any console time form) -> milliseconds. */
export function durationToMs(canonical: string): number {
  return parseDuration(canonical);
}

/** A time interval; min and max in milliseconds. */
export function duration(opts: { min?: number; max?: number } = {}): ValueType {
  const { min, max } = opts;
  const bounded = min !== undefined || max !== undefined;
  const range = `${formatDuration(min ?? 0)}..${max === undefined ? '' : formatDuration(max)}`;
  return {
    name: 'time',
    desc: bounded ? `${range}    (time interval)` : 'time interval',
    parse(input) {
      const ms = parseDuration(input);
      if ((min !== undefined && ms < min) || (max !== undefined && ms > max)) {
        // Times are refused in the console's clock form, unlike numbers (a 7.22.1 capture:
        // `value of activation-timeout is out of range (00:00:10 .. 1d00:00:00)`).
        throw new ValueError(`value of {arg} is out of range (${formatClock(min ?? 0)} .. ${max === undefined ? '' : formatClock(max)})`);
      }
      return formatDuration(ms);
    },
    compare: (a, b) => parseDuration(a) - parseDuration(b),
  };
}

// ---------------------------------------------------------------- IPv4

const IPV4 = /^([0-9]{1,3})\.([0-9]{1,3})\.([0-9]{1,3})\.([0-9]{1,3})$/;

/** A dotted quad as an unsigned 32-bit number, or null when it is not one. */
export function readIp(s: string): number | null {
  const m = IPV4.exec(s);
  if (!m) return null;
  let n = 0;
  for (let i = 1; i <= 4; i++) {
    const octet = Number(m[i]);
    if (octet > 255) return null;
    n = n * 256 + octet;
  }
  return n;
}

/** Dotted quad -> unsigned 32-bit number. Throws ValueError. */
export function ipToInt(s: string): number {
  const n = readIp(s);
  if (n === null) throw new ValueError();
  return n;
}

/** Unsigned 32-bit number -> dotted quad. */
export function intToIp(n: number): string {
  return `${(n >>> 24) & 255}.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;
}

/** The netmask of a prefix length, unsigned. */
export function maskOf(length: number): number {
  return length === 0 ? 0 : (0xffffffff << (32 - length)) >>> 0;
}

function networkOf(ip: number, length: number): number {
  return (ip & maskOf(length)) >>> 0;
}

// The length after the slash: 0..32, or a contiguous netmask (`/255.255.255.0`).
function readLength(s: string): number | null {
  if (DIGITS.test(s) && s.length <= 2) {
    const n = Number(s);
    return n <= 32 ? n : null;
  }
  const mask = readIp(s);
  if (mask === null) return null;
  for (let len = 0; len <= 32; len++) if (maskOf(len) === mask) return len;
  return null;
}

// `a.b.c.d[/len]` -> address and length (undefined when no slash).
function readPrefix(s: string): { ip: number; length?: number } | null {
  const slash = s.indexOf('/');
  const ip = readIp(slash < 0 ? s : s.slice(0, slash));
  if (ip === null) return null;
  if (slash < 0) return { ip };
  const length = readLength(s.slice(slash + 1));
  return length === null ? null : { ip, length };
}

export const ipv4: ValueType = {
  name: 'ip',
  desc: 'A.B.C.D    (IP address)',
  parse: (input) => intToIp(ipToInt(input)),
  compare: (a, b) => ipToInt(a) - ipToInt(b),
};

function comparePrefix(a: string, b: string): number {
  const [ia, la] = a.split('/');
  const [ib, lb] = b.split('/');
  return ipToInt(ia) - ipToInt(ib) || Number(la) - Number(lb);
}

/**
 * An address with prefix length. `normalize` clears host bits (as /ip/route dst-address
 * does); without it they are kept (as /ip/address keeps `192.168.88.1/24`).
 */
export function ipv4Prefix(opts: { defaultLength?: number; normalize?: boolean } = {}): ValueType {
  const defaultLength = opts.defaultLength ?? 32;
  return {
    name: 'ip-prefix',
    desc: 'A.B.C.D/M    (IP prefix)',
    parse(input) {
      const p = readPrefix(input);
      if (p === null) throw new ValueError();
      const length = p.length ?? defaultLength;
      const ip = opts.normalize ? networkOf(p.ip, length) : p.ip;
      return `${intToIp(ip)}/${length}`;
    },
    compare: comparePrefix,
  };
}

// ---------------------------------------------------------------- IPv6

/**
 * An IPv6 address as the router writes it: the shortest form (the first longest run of two or
 * more zero groups as `::`), and the last 32 bits dotted when the address is IPv4-mapped
 * (`::ffff:0.0.0.0/96`) or IPv4-compatible (`::224.0.0.0/100`, `::255.0.0.0/104`), as defconf's
 * `bad_ipv6` list prints them; `::/96` and `::1` stay hexadecimal (routeros-facts.md 31.1).
 */
export function ipv6Text(input: string): string {
  const a = ipaddr.IPv6.parse(input);
  const text = a.toString();
  const p = a.parts;
  const mapped = p[0] === 0 && p[1] === 0 && p[2] === 0 && p[3] === 0 && p[4] === 0 && (p[5] === 0xffff || (p[5] === 0 && p[6] !== 0));
  if (!mapped) return text;
  return `::${p[5] ? 'ffff:' : ''}${p[6] >> 8}.${p[6] & 255}.${p[7] >> 8}.${p[7] & 255}`;
}

export const ipv6: ValueType = {
  name: 'ipv6',
  desc: 'IPv6    (IPv6 address)',
  parse(input) {
    if (!ipaddr.IPv6.isValid(input)) throw new ValueError();
    return ipv6Text(input);
  },
  compare: (a, b) => cmpBytes(ipaddr.IPv6.parse(a).toByteArray(), ipaddr.IPv6.parse(b).toByteArray()),
};

function cmpBytes(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

/** `IPv6/0..128    (IPv6 prefix)`: an address with its length, `/128` when none is given. */
export const ipv6Prefix: ValueType = {
  name: 'ipv6-prefix',
  desc: 'IPv6/0..128    (IPv6 prefix)',
  parse(input) {
    const slash = input.indexOf('/');
    const address = slash < 0 ? input : input.slice(0, slash);
    const length = slash < 0 ? '128' : input.slice(slash + 1);
    if (!/^[0-9]{1,3}$/.test(length) || Number(length) > 128) throw new ValueError();
    return `${ipv6.parse(address)}/${Number(length)}`;
  },
  compare(a, b) {
    const [pa, la] = a.split('/');
    const [pb, lb] = b.split('/');
    return ipv6.compare(pa, pb) || Number(la) - Number(lb);
  },
};

// ---------------------------------------------------------------- address lists and ranges

const DNS_NAME = /^[a-z0-9.-]*[a-z][a-z0-9.-]*$/;

/**
 * A DNS name an address list resolves: at most 255 characters, each label at most 63
 * (RFC 1035 2.3.4; routeros-facts.md 21.4), so an entry never holds more than a name can be.
 */
export function isDnsName(lower: string): boolean {
  return lower.length <= 255 && DNS_NAME.test(lower) && lower.split('.').every((label) => label.length <= 63);
}

// The first address an address-list entry covers, or null for a DNS name.
function addressListStart(s: string): number | null {
  if (DNS_NAME.test(s)) return null;
  return ipToInt(s.split(/[-/]/)[0]);
}

export const addressListAddress: ValueType = {
  name: 'address-list-address',
  parse(input) {
    const dash = input.indexOf('-');
    if (dash >= 0) {
      const from = readIp(input.slice(0, dash));
      const to = readIp(input.slice(dash + 1));
      if (from !== null && to !== null) {
        if (from > to) throw new ValueError();
        return `${intToIp(from)}-${intToIp(to)}`;
      }
    }
    const p = readPrefix(input);
    if (p !== null) {
      // A whole-host prefix is shown as the bare address; a network loses its host bits.
      if (p.length === undefined || p.length === 32) return intToIp(p.ip);
      return `${intToIp(networkOf(p.ip, p.length))}/${p.length}`;
    }
    const lower = input.toLowerCase();
    if (isDnsName(lower)) return lower;
    throw new ValueError();
  },
  compare(a, b) {
    const sa = addressListStart(a);
    const sb = addressListStart(b);
    if (sa === null || sb === null) {
      if (sa !== null) return -1; // addresses sort before names
      if (sb !== null) return 1;
      return cmpStr(a, b);
    }
    return sa - sb || cmpStr(a, b);
  },
};

/** A /ip/pool `ranges` entry: `a-b`, a prefix or one address, written back in clean dotted form. */
export const ipRange: ValueType = {
  name: 'ip-range',
  desc: 'A.B.C.D[-A.B.C.D |0..32 |/A.B.C.D ]    (IP address range)',
  parse(input) {
    const dash = input.indexOf('-');
    if (dash >= 0) {
      const from = ipToInt(input.slice(0, dash));
      const to = ipToInt(input.slice(dash + 1));
      if (from > to) throw new ValueError();
      return `${intToIp(from)}-${intToIp(to)}`;
    }
    const p = readPrefix(input);
    if (p === null) throw new ValueError();
    return p.length === undefined ? intToIp(p.ip) : `${intToIp(p.ip)}/${p.length}`;
  },
  compare(a, b) {
    const [sa, ra = ''] = a.split(/([-/].*)/);
    const [sb, rb = ''] = b.split(/([-/].*)/);
    return ipToInt(sa) - ipToInt(sb) || cmpStr(ra, rb);
  },
};

// ---------------------------------------------------------------- MAC

// Six pairs of hex digits, each pair optionally followed by `:`, `-` or `.` (the inspect
// note's `AB[:|-|.]CD...`), so `aa-bb-cc-dd-ee-ff`, `aabb.ccdd.eeff` and `AABBCCDDEEFF` all read.
const MAC = /^([0-9a-f]{2})[:.-]?([0-9a-f]{2})[:.-]?([0-9a-f]{2})[:.-]?([0-9a-f]{2})[:.-]?([0-9a-f]{2})[:.-]?([0-9a-f]{2})$/i;

export const mac: ValueType = {
  name: 'mac',
  desc: 'AB[:|-|.]CD[:|-|.]EF[:|-|.]GH[:|-|.]IJ[:|-|.]KL    (MAC address)',
  parse(input) {
    const m = MAC.exec(input);
    if (!m) throw new ValueError();
    return m.slice(1).join(':').toUpperCase();
  },
  compare: cmpStr, // fixed-width upper-case hex sorts as numbers do
};

// ---------------------------------------------------------------- enumerations and lists

/**
 * One of fixed words, matched exactly (the router is case-sensitive here). `message` is the
 * refusal text; some menus say `input does not match any value of {arg}`.
 */
export function oneOf(values: readonly string[], opts: { message?: string; desc?: string } = {}): ValueType {
  const set = new Set(values);
  return {
    name: 'enum',
    desc: opts.desc ?? values.join('|'),
    parse(input) {
      if (!set.has(input)) throw new ValueError(opts.message);
      return input;
    },
    // Declaration order is the router's order (e.g. log topics), not the alphabet.
    compare: (a, b) => values.indexOf(a) - values.indexOf(b) || cmpStr(a, b),
  };
}

/** One of fixed words, refused with the router's `input does not match any value of <arg>`. */
export const choice = (values: readonly string[], desc?: string): ValueType => oneOf(values, { message: NO_MATCH, desc });

export function listOf(item: ValueType, opts: { separator?: string; allowEmpty?: boolean } = {}): ValueType {
  const separator = opts.separator ?? ',';
  return {
    name: `list-of-${item.name}`,
    desc: item.desc === undefined ? undefined : `${item.desc}[${separator}${item.name}*]`,
    parse(input) {
      if (input === '') {
        if (opts.allowEmpty) return '';
        throw new ValueError();
      }
      return input.split(separator).map((s) => item.parse(s)).join(separator);
    },
    compare(a, b) {
      const la = a === '' ? [] : a.split(separator);
      const lb = b === '' ? [] : b.split(separator);
      for (let i = 0; i < la.length && i < lb.length; i++) {
        const c = item.compare(la[i], lb[i]);
        if (c !== 0) return c;
      }
      return la.length - lb.length;
    },
  };
}

/**
 * The type, or the empty value: real exports write a matcher or address that is not set as
 * empty (`gateway=""`, `connection-state=""`), and the router takes it so.
 */
export function orEmpty(type: ValueType): ValueType {
  return {
    name: type.name, desc: type.desc, parse: (input) => (input === '' ? '' : type.parse(input)), compare: type.compare,
    exported: type.exported, printed: type.printed && ((v) => (v === '' ? '' : type.printed!(v))),
  };
}

// ---------------------------------------------------------------- dates and times

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD` in local time. */
export function formatDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `HH:MM:SS` in local time. */
export function formatTime(date: Date): string {
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** `YYYY-MM-DD HH:MM:SS` in local time: the router's `creation-time` form. */
export function formatDateTime(date: Date): string {
  return `${formatDate(date)} ${formatTime(date)}`;
}
