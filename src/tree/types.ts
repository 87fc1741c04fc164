// Value types from the tree's type notes. The router describes each argument with a short
// note (`A.B.C.D    (IP address)`, `1s..1d    (time interval)`, `string value, max length
// 64`, `ip|ipv6[,Afi*]`) and offers some values on completion (`yes`, `no`; `loose`,
// `strict`). A generated menu checks its arguments with what these say, and takes what
// they do not describe as text: a value the router would refuse is better let through than
// a configuration it accepts refused.

import { NO_MATCH, ValueError } from '../core/errors.js';
import type { ValueType } from '../core/types.js';
import { bool, duration, orEmpty, formatDuration, int, ipRange, ipv4, ipv4Prefix, ipv6, ipv6Prefix, mac, parseDuration, withDesc } from '../core/values.js';
import { marksOf, noteOf, valuesOf, type ArgSpec } from './tree.js';

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Any text; the note (`script`, `see documentation`) is kept for inspect. */
function text(desc?: string): ValueType {
  return { name: 'string', desc: desc || undefined, parse: (s) => s, compare: cmp };
}

/** `string value, min length 1, max length 64`. */
function sized(desc: string, min: number, max: number | undefined): ValueType {
  return {
    name: 'string',
    desc,
    parse(input) {
      // Too short or too long: the router's words are not captured; the console's usual ones.
      if (input.length < min || (max !== undefined && input.length > max)) throw new ValueError();
      return input;
    },
    compare: cmp,
  };
}

/** `hexadecimal string value[, min length N][, max length M]`. */
function hex(desc: string, min: number, max: number | undefined): ValueType {
  return {
    name: 'hex-string',
    desc,
    parse(input) {
      if (!/^[0-9a-fA-F]*$/.test(input) || input.length < min || (max !== undefined && input.length > max)) throw new ValueError();
      return input;
    },
    compare: cmp,
  };
}

/**
 * `A.B.C.D    (IP address)`: the router writes this note over arguments that take more (a
 * DHCP network's `address=192.168.88.0/24`, an IPv6 `remote-address`), so a generated menu
 * takes an IPv4 or IPv6 address with an optional prefix length, or nothing (`gateway=""`).
 */
const ipAddress: ValueType = {
  name: 'ip',
  desc: 'A.B.C.D    (IP address)',
  parse(input) {
    if (input === '') return '';
    // Several where the router takes a list (`gateway=10.0.0.1,10.0.0.2`, `dns-server=...`).
    return input.split(',').map((a) => {
      if (a.includes(':')) return a.includes('/') ? ipv6Prefix.parse(a) : ipv6.parse(a);
      return a.includes('/') ? v4Prefix.parse(a) : ipv4.parse(a);
    }).join(',');
  },
  compare: (a, b) => cmp(a, b),
};
const v4Prefix = ipv4Prefix();

/** One word of a fixed set, or a comma list of them (`ip|ipv6[,Afi*]`); `!` may negate. */
function words(values: readonly string[], opts: { desc?: string; list?: boolean; negatable?: boolean }): ValueType {
  const set = new Set(values);
  const one = (w: string) => {
    let bare = opts.negatable && w.startsWith('!') ? w.slice(1) : w;
    // A word may carry its parameters after a colon (`both-addresses:2/0`).
    if (!set.has(bare) && bare.includes(':')) bare = bare.slice(0, bare.indexOf(':'));
    if (!set.has(bare)) throw new ValueError(NO_MATCH);
    return w;
  };
  return {
    name: 'enum',
    desc: opts.desc,
    // Completion offers the words one at a time; where the router takes several (`established,related`) they come as a list.
    parse: (input) => input.split(',').map(one).join(','),
    compare: (a, b) => values.indexOf(a) - values.indexOf(b) || cmp(a, b),
  };
}

/** A time, or a range of two (`ra-interval=20s-1m`, kid-control's `fri=0s-1d`), each within the bounds. */
function durationOrRange(t: ValueType): ValueType {
  return {
    name: t.name,
    desc: t.desc,
    parse(input) {
      const dash = input.indexOf('-', 1);
      return dash < 0 ? t.parse(input) : `${t.parse(input.slice(0, dash))}-${t.parse(input.slice(dash + 1))}`;
    },
    compare: (a, b) => t.compare(a.split('-')[0], b.split('-')[0]),
  };
}

/** A number 0..255, or what `type` takes. */
function numberOr(type: ValueType): ValueType {
  const n = int({ min: 0, max: 255 });
  return { ...type, parse: (input) => (/^!?[0-9]+$/.test(input) ? (input.startsWith('!') ? '!' : '') + n.parse(input.replace('!', '')) : type.parse(input)) };
}

/** `1s..1d    (time interval)`, `00:00:00.200..    (time interval)`, `time interval`. */
function interval(note: string): ValueType | undefined {
  if (note === 'time interval') return durationOrRange(duration());
  const m = /^([^.\s]*(?:\.[0-9]+)?)\.\.(\S*)\s+\(time interval\)$/.exec(note);
  if (!m) return undefined;
  try {
    const min = parseDuration(m[1]);
    const max = m[2] === '' ? undefined : parseDuration(m[2]);
    const t = durationOrRange(duration({ min, max }));
    // Keep the router's own note (`00:00:00.200..`), not our rewriting of it (`200ms..`).
    return withDesc(t, note === `${formatDuration(min)}..${max === undefined ? '' : formatDuration(max)}    (time interval)` ? t.desc : note);
  } catch {
    return undefined;
  }
}

// The values 7.22.3 offered include the objects of the router it was captured on (its port
// `ether1`, loopback `lo`, the built-in interface lists `all dynamic none static`, the
// profiles `default default-encryption`, the table `main`): such an argument names objects,
// and is no enumeration. So is one whose name says it takes a name, list, key or profile.
const OBJECTS = new Set(['ether1', 'lo', 'default-encryption', 'ethernet-default', 'main', 'admin', 'full']);
const INTERFACE_LISTS = ['all', 'dynamic', 'none', 'static'];
const NAMES_OBJECTS = /(^|-)(interfaces?|list|profile|pool|certificate|key|secret|password|queue-type|bridge|template|chain|target|options?|rule|ttl|limit|config|policy)$/;

function namesObjects(name: string, values: readonly string[]): boolean {
  return NAMES_OBJECTS.test(name) || values.some((v) => OBJECTS.has(v)) || INTERFACE_LISTS.every((w) => values.includes(w));
}

// Types by argument name and spec. Specs with values are shared objects of the tree (one
// per distinct argument set), so they key by identity; notes by their text.
const byNote = new Map<string, Map<string, ValueType>>();
const bySpec = new WeakMap<object, Map<string, ValueType>>();

/**
 * The value type of an argument named `name` with the tree's spec; `siblings`, the other
 * arguments of its command, where known.
 */
export function typeFor(name: string, spec: ArgSpec, siblings?: Readonly<Record<string, ArgSpec>>): ValueType {
  let byName = typeof spec === 'string' ? byNote.get(spec) : bySpec.get(spec);
  if (!byName) {
    byName = new Map();
    if (typeof spec === 'string') byNote.set(spec, byName); else bySpec.set(spec, byName);
  }
  const paired = isPair(name, siblings);
  const key = paired ? `${name}/` : name;
  let t = byName.get(key);
  if (!t) {
    t = paired ? orEmpty(pairOf(specType(name, noteOf(spec), valuesOf(spec), marksOf(spec)))) : fromSpec(name, noteOf(spec), valuesOf(spec), marksOf(spec));
    byName.set(key, t);
  }
  return t;
}

/**
 * An argument whose command also has `total-<name>` takes an upload/download pair: a simple
 * queue's `max-limit=10M/5M`, `burst-time=10s/10s`, `priority=8/8`,
 * `queue=default-small/default-small`, next to the single `total-max-limit` of both
 * directions together. The tree's note describes one half (`burst-time`: `time interval`).
 */
function isPair(name: string, siblings: Readonly<Record<string, ArgSpec>> | undefined): boolean {
  return !name.startsWith('total-') && siblings !== undefined && siblings[`total-${name}`] !== undefined;
}

/**
 * `upload/download` (`burst-time=10s/20s`), one value standing for both (`max-limit=10M` is
 * `10M/10M`); printed as the two halves read back, each exported as its half is.
 */
export function pairOf(half: ValueType): ValueType {
  const halves = (s: string) => {
    const parts = s.split('/');
    if (parts.length > 2 || parts.some((p) => p === '')) throw new ValueError();
    return parts.length === 1 ? [parts[0], parts[0]] : parts;
  };
  return {
    name: half.name,
    desc: half.desc,
    parse(input) {
      const [up, down] = halves(input);
      return `${half.parse(up)}/${half.parse(down)}`;
    },
    compare(a, b) {
      const [a1, a2] = a.split('/');
      const [b1, b2] = b.split('/');
      return half.compare(a1, b1) || half.compare(a2 ?? a1, b2 ?? b1);
    },
    exported: half.exported && ((value) => value.split('/').map((v) => half.exported!(v)).join('/')),
  };
}

// Real exports write an unset value as empty (`gateway=""`, `select-dynamic-id=""`): every
// generated type takes it and keeps it empty (orEmpty).
function fromSpec(name: string, note: string, values: readonly string[], marks: string): ValueType {
  return orEmpty(specType(name, note, values, marks));
}

/** A number within bounds, or one of the words the router offers beside it (`mtu=auto`). */
function numberOrWords(min: number, max: number) {
  return (values: readonly string[]): ValueType => {
    const n = withDesc(int({ min, max }), undefined);
    if (!values.length) return n;
    const set = new Set(values);
    return { ...n, parse: (input) => (set.has(input) ? input : n.parse(input)) };
  };
}

/**
 * Arguments the tree gives no note, typed from the router's documented facts (routeros-facts.md
 * 21.3): the most used of them whose meaning is the same in every menu that has them. The
 * note stays the router's own (none), so inspect shows what the router shows.
 */
const NAMED: Record<string, (values: readonly string[]) => ValueType | undefined> = {
  // A UDP port the router listens on (WireGuard: 1..65535, default 13231).
  'listen-port': numberOrWords(1, 65535),
  'client-listen-port': numberOrWords(0, 65535),
  'endpoint-port': numberOrWords(0, 65535),
  // Sizes in bytes of an interface's or a PPP link's units, as /interface declares mtu.
  mtu: numberOrWords(0, 65535),
  'max-mtu': numberOrWords(0, 65535),
  'max-mru': numberOrWords(0, 65535),
  // A tunnel's DSCP: `inherit` or 0..63 (RouterOS manual, IPIP: `dscp (inherit | integer [0-63]; Default: )`);
  // where `inherit` is not offered the argument is a matcher or another menu's, left as it is.
  dscp: (values) => (values.includes('inherit') ? numberOrWords(0, 63)(values) : undefined),
  // The distance of the default route a client adds (RouterOS manual, DHCP client:
  // `default-route-distance (integer:0..255; Default: )`); PPP clients and LTE APNs add theirs alike.
  'default-route-distance': numberOrWords(0, 255),
  // `auto` or a time, as /interface declares it (RouterOS manual, EoIP: `arp-timeout (integer[/time]; Default: auto)`).
  'arp-timeout': (values) => {
    const time = duration();
    // `auto` also where the tree offers no word (wireless, zerotier): their default is `auto`.
    const set = new Set([...values, 'auto']);
    return { name: time.name, parse: (input) => (set.has(input) ? input : time.parse(input)), compare: time.compare };
  },
};

function specType(name: string, note: string, values: readonly string[], marks: string): ValueType {
  const named = note === '' ? NAMED[name]?.(values) : undefined;
  if (named) return named;
  // 7.9-7.23 write the IPv6 note over arguments that take either family (an IPsec peer's
  // `address=185.13.148.14/32`, snmp community `addresses`); an argument whose name does not
  // say IPv6 or prefix takes both, as the newer releases' empty note lets it.
  if (note === 'IPv6/0..128    (IPv6 prefix)' && !/6|prefix/.test(name)) return ipAddress;
  const fromNote = typeOfNote(note);
  // An address that may also name an object (`router-id=main` names a /routing/id): both.
  if (fromNote === ipAddress && marks.includes('o')) return { ...ipAddress, parse: (input) => (/^[0-9.:/,]*$/.test(input) ? ipAddress.parse(input) : input) };
  if (fromNote) return alsoWords(fromNote, values);
  // yes|no offered: a boolean (shown as true/false, read from yes/no/true/false).
  if (values.length === 2 && values.includes('yes') && values.includes('no')) return bool;
  // `enabled` is yes|no wherever 7.22.3 completes it; where it did not capture the menu (an
  // older release's settings, like 7.9-7.16's /interface/ovpn-server/server), the same.
  if (name === 'enabled' && !values.length && !note) return bool;
  // IP protocols: the names offered, or a number (`protocol=139`).
  if (name === 'protocol' && values.length) return numberOr(words(values, { negatable: marks.includes('!') }));
  // Numbers offered (`max-block-size`: 512 1454 4096 8192) are suggestions: any number goes.
  if (values.length && values.every((v) => /^[0-9]+$/.test(v))) return int();
  // A closed set of words: an enumeration, when the set names no objects of the router.
  if (values.length >= 2 && !marks.includes('o') && !namesObjects(name, values) && values.every((v) => /^[a-z0-9][a-z0-9._+-]*$/i.test(v))) {
    return words(values, { negatable: marks.includes('!') });
  }
  return text(note);
}

/**
 * The words completion offers besides what the note describes (`..1h (time interval)` with
 * `unspecified`, as 7.9-7.23 describe ipv6/nd's reachable-time): the router takes them too.
 */
function alsoWords(type: ValueType, values: readonly string[]): ValueType {
  const extra = values.filter((v) => /^[a-z][a-z0-9-]*$/.test(v) && !takes(type, v));
  if (!extra.length) return type;
  const set = new Set(extra);
  return { ...type, parse: (input) => (set.has(input) ? input : type.parse(input)) };
}

function takes(type: ValueType, input: string): boolean {
  try { type.parse(input); return true; } catch { return false; }
}

/** The type a note describes by itself, or undefined when it needs the completion values. */
export function typeOfNote(note: string): ValueType | undefined {
  switch (note) {
    case '': case 'see documentation': case 'script': return note ? text(note) : undefined;
    case 'A.B.C.D    (IP address)': return ipAddress;
    case 'A.B.C.D/M    (IP prefix)': return ipv4Prefix();
    case 'IPv6/0..128    (IPv6 prefix)': return ipv6Prefix;
    case 'A.B.C.D[-A.B.C.D |0..32 |/A.B.C.D ]    (IP address range)': return ipRange;
    case 'AB[:|-|.]CD[:|-|.]EF[:|-|.]GH[:|-|.]IJ[:|-|.]KL    (MAC address)': return mac;
  }
  const s = /^string value(?:, min length ([0-9]+))?(?:, max length ([0-9]+))?$/.exec(note);
  if (s) return s[1] || s[2] ? sized(note, Number(s[1] ?? 0), s[2] === undefined ? undefined : Number(s[2])) : text(note);
  const h = /^hexadecimal string value(?:, min length ([0-9]+))?(?:, max length ([0-9]+))?$/.exec(note);
  if (h) return hex(note, Number(h[1] ?? 0), h[2] === undefined ? undefined : Number(h[2]));
  const n = /^(-?[0-9]+)\.\.(-?[0-9]+)$/.exec(note);
  if (n) return withDesc(int({ min: BigInt(n[1]), max: BigInt(n[2]) }), note);
  const l = /^([a-z0-9-]+(?:\|[a-z0-9-]+)*)\[,([A-Za-z0-9]+)\*\]$/.exec(note);
  if (l) return words(l[1].split('|'), { desc: note, list: true });
  if (note.endsWith('(time interval)') || note === 'time interval') return interval(note) ?? text(note);
  return undefined;
}

