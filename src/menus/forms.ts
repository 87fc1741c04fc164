// Value forms the tree's type notes do not tell: what the real router takes for an argument
// and the one form it prints back (docs/routeros-facts.md section 23 names the source of each).
// The tree's note for a simple queue's `max-limit` is empty and its `keepalive` says only
// `time interval`, yet the router reads `10M/50M` and `10s,10` there and prints them in its own
// words. Each entry is data: which argument of which menu, and the form.

import { NO_MATCH, ValueError } from '../core/errors.js';
import type { ValueType } from '../core/types.js';
import { duration, formatDuration, int, ipv4, ipv6Prefix, orEmpty, parseDuration } from '../core/values.js';
import { pairOf } from '../tree/types.js';

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

// ---------------------------------------------------------------- rates

const RATE_UNITS: Record<string, number> = { '': 1, k: 1e3, K: 1e3, M: 1e6, G: 1e9 };

/**
 * A rate in bits per second. The console reads `10M`, `1.5M`, `512k`, `1G` or a plain number;
 * REST and the API print bits per second (`10000000`), and exports write the largest unit that
 * divides the rate (`max-limit=500M/750M` in a 7.24.4 `export verbose`).
 */
export const rate: ValueType = {
  name: 'rate',
  parse(input) {
    const m = /^([0-9]+(?:\.[0-9]+)?)([kKMG]?)(?:bps)?$/.exec(input);
    if (!m) throw new ValueError();
    const bps = Math.round(Number(m[1]) * RATE_UNITS[m[2]]);
    if (!Number.isSafeInteger(bps)) throw new ValueError();
    return String(bps);
  },
  compare: (a, b) => Number(a) - Number(b),
  exported(value) {
    const n = Number(value);
    if (!Number.isFinite(n) || n === 0) return value;
    for (const [unit, size] of [['G', 1e9], ['M', 1e6], ['k', 1e3]] as const) if (n % size === 0) return `${n / size}${unit}`;
    return value;
  },
};


// ---------------------------------------------------------------- other forms

/**
 * A tunnel's `keepalive`: an interval and, after a comma, the retries (`10s,10`, the default a
 * GRE, EoIP or 6to4 tunnel prints). Either part alone is taken as given.
 */
export function keepalive(interval: ValueType): ValueType {
  const retries = int({ min: 0, max: 4294967295 });
  return {
    name: 'keepalive',
    desc: interval.desc,
    parse(input) {
      const [time, count, ...more] = input.split(',');
      if (more.length || time === '') throw new ValueError();
      return count === undefined ? interval.parse(time) : `${interval.parse(time)},${retries.parse(count)}`;
    },
    compare: (a, b) => interval.compare(a.split(',')[0], b.split(',')[0]),
  };
}

/** One of the words, or else what `other` reads (`store-leases-disk=5m`, `code=60`). */
export function wordsOr(words: readonly string[], other: ValueType): ValueType {
  return {
    name: other.name,
    desc: other.desc,
    parse: (input) => (words.includes(input) ? input : other.parse(input)),
    compare: (a, b) => (words.includes(a) || words.includes(b) ? cmp(a, b) : other.compare(a, b)),
  };
}

/** One word of a set, or several separated by commas where `list`. */
function oneOfWords(words: readonly string[]): ValueType {
  return {
    name: 'enum',
    parse(input) {
      if (!words.includes(input)) throw new ValueError(NO_MATCH);
      return input;
    },
    compare: (a, b) => words.indexOf(a) - words.indexOf(b),
  };
}

/**
 * An access list's `time`: a time of day range and the days of the week it applies on
 * (`0s-1d,sun,mon,tue,wed,thu,fri,sat`, the default terraform-provider-routeros's CAPsMAN access
 * list sends; the manual's wireless and wifi access lists: `time-time,sun,mon,tue,wed,thu,fri,sat`).
 * The days print in the week's order.
 */
export function timeOfWeek(range: ValueType): ValueType {
  return {
    name: 'time-of-week',
    desc: range.desc,
    parse(input) {
      const [time, ...days] = input.split(',');
      if (days.some((d) => !WEEK.includes(d)) || new Set(days).size !== days.length) throw new ValueError();
      return [range.parse(time), ...WEEK.filter((d) => days.includes(d))].join(',');
    },
    compare: (a, b) => range.compare(a.split(',')[0], b.split(',')[0]),
  };
}
const WEEK = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/**
 * A bonding's `down-delay` and `up-delay`: a duration counted in milliseconds, none printed
 * `0ms` (real `/interface bonding print detail` outputs: `mii-interval=100ms down-delay=0ms
 * up-delay=0ms`; community.routeros's defaults are `0ms` too).
 */
export function milliInterval(given: ValueType): ValueType {
  return {
    ...given,
    parse(input) {
      const out = given.parse(input);
      return out === '0s' ? '0ms' : out;
    },
  };
}

/** `A.B.C.D[:port]`: the sniffer's streaming server (`0.0.0.0:37008` in a 7.24.4 verbose export). */
export const ipPort: ValueType = {
  name: 'ip:port',
  desc: 'A.B.C.D[:port]',
  parse(input) {
    const colon = input.lastIndexOf(':');
    if (colon < 0) return ipv4.parse(input);
    return `${ipv4.parse(input.slice(0, colon))}:${port.parse(input.slice(colon + 1))}`;
  },
  compare: cmp,
};
const port = int({ min: 0, max: 65535 });

// Units of a time finer than a millisecond, in microseconds.
const FINE_UNITS: readonly (readonly [string, number])[] = [['w', 604800e6], ['d', 86400e6], ['h', 3600e6], ['m', 60e6], ['s', 1e6], ['ms', 1e3], ['us', 1]];

/**
 * A time that may be finer than a millisecond: the traffic generator's
 * `latency-distribution-max=100us` (V and the collection print 100us). Read as the console's
 * parts (`1ms500us`, `0.5ms`, a bare number of seconds), printed as the largest parts down to `us`.
 */
function micros(input: string): number {
  let us = 0;
  let rest = /^[0-9]+$/.test(input) ? input + 's' : input;
  if (rest === '') throw new ValueError();
  while (rest !== '') {
    const m = /^([0-9]+(?:\.[0-9]+)?)(w|d|h|ms|m|s|us)/.exec(rest);
    if (!m) throw new ValueError();
    us += Number(m[1]) * FINE_UNITS.find(([u]) => u === m[2])![1];
    rest = rest.slice(m[0].length);
  }
  us = Math.round(us);
  if (!Number.isSafeInteger(us)) throw new ValueError();
  return us;
}

export const fineInterval: ValueType = {
  name: 'time',
  desc: 'time interval',
  parse(input) {
    let us = micros(input);
    if (us === 0) return '0s';
    let out = '';
    for (const [unit, size] of FINE_UNITS) {
      const n = Math.floor(us / size);
      if (n > 0) { out += n + unit; us -= n * size; }
    }
    return out;
  },
  compare: (a, b) => micros(a) - micros(b),
};

/** A time interval the router prints in its own form (`5m`), for arguments whose note offers only words. */
const interval: ValueType = duration();

// What an interface's `arp` takes everywhere (manual: Interfaces > ARP): the completion the tree
// was made from lacks local-proxy-arp on some menus (caps-man datapath).
const ARP = ['disabled', 'enabled', 'local-proxy-arp', 'proxy-arp', 'reply-only'];

// Arguments of a simple queue (and of a queue tree) that are rates.
const RATES = ['max-limit', 'limit-at', 'burst-limit', 'burst-threshold'];
const TOTAL_RATES = RATES.map((r) => `total-${r}`);

// Tunnels whose `keepalive` takes `interval,retries`.
const KEEPALIVE = ['interface/gre', 'interface/gre6', 'interface/eoip', 'interface/eoipv6', 'interface/6to4', 'interface/ipip', 'interface/ipipv6'];

/**
 * A simple queue's `target`: addresses and interfaces (manual "Queues": "IP address ranges or
 * interfaces"), where some releases' trees note only `A.B.C.D/M` (7.13.5): a 7.13.2 export
 * targets VLANs by name (`target=VLAN1000-Pomale`, find_string 47900621413). An item the
 * tree's type takes is read by it; any other is a name, kept as written.
 */
function queueTarget(given: ValueType): ValueType {
  const one = (item: string) => { try { return given.parse(item); } catch { return item; } };
  return { ...given, parse: (input) => input.split(',').map(one).join(',') };
}

/** An address the tree's type reads, or a DNS name (letters, digits, dots and dashes). */
function orHostName(given: ValueType): ValueType {
  return {
    ...given,
    parse(input) {
      try { return given.parse(input); } catch (e) {
        if (/^(?=.*[a-z])[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(input) && input.length <= 253) return input;
        throw e;
      }
    },
  };
}

/**
 * The form of an argument of a generated menu where the tree's type falls short; `given` is
 * the tree's type. Undefined: the tree's type stands.
 */
export function formOf(path: string, name: string, given: ValueType): ValueType | undefined {
  if (path === 'queue/simple' && RATES.includes(name)) return orEmpty(pairOf(rate));
  if (path === 'queue/simple' && name === 'target') return queueTarget(given);
  // A peer by its DNS name (manual "IPsec", Peers: address "IP/IPv6 Prefix | hostname"; the
  // CRS318-16P-2S+ 7.20.2 export above: `address=uk2267.nordvpn.com`).
  if (path === 'ip/ipsec/peer' && name === 'address') return orHostName(given);
  if ((path === 'queue/simple' && TOTAL_RATES.includes(name)) || (path === 'queue/tree' && RATES.includes(name))) return orEmpty(rate);
  if (name === 'keepalive' && KEEPALIVE.includes(path)) return orEmpty(keepalive(given));
  if (path === 'ip/dhcp-server/config' && name === 'store-leases-disk') return wordsOr(['immediately', 'never'], canonicalInterval);
  if (path === 'ip/dhcp-client/option' && name === 'code') return int({ min: 1, max: 254 });
  if (name === 'arp' && given.name === 'enum') return oneOfWords(ARP);
  if (path === 'tool/sniffer' && name === 'streaming-server') return orEmpty(ipPort);
  if (path === 'tool/traffic-generator' && name === 'latency-distribution-max') return fineInterval;
  // The tree gives no note; typed so it prints as IPv6 values print (`::ffff:10.0.0.0/104`, routeros-facts.md 31.1).
  if (path === 'ipv6/route' && name === 'dst-address') return orEmpty(ipv6Prefix);
  if (name === 'time' && path.endsWith('/access-list')) return orEmpty(timeOfWeek(given));
  if (path === 'interface/bonding' && (name === 'down-delay' || name === 'up-delay')) return milliInterval(given);
  return undefined;
}

/** A duration read in any console form, printed as the router does (`300` -> `5m`). */
const canonicalInterval: ValueType = {
  name: 'time',
  parse: (input) => formatDuration(parseDuration(input)),
  compare: interval.compare,
};
