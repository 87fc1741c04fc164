// The resolver's cache and /ip/dns/cache, which shows it. Upstream answers are kept for their
// TTL (at most `cache-max-ttl`) within `cache-size` KiB: the entry used longest ago goes first
// when a new one needs room. The cache lives in memory only, as on the router; `flush`
// empties it. /ip/dns/cache lists the answers the router gives (its static entries too);
// /ip/dns/cache/all also the PTR records of its static entries (manual.mikrotik.com "DNS",
// Cache; routeros-facts.md 45.4).

import type dnsPacket from 'dns-packet';

/** A resource record (an answer's record, never EDNS's OPT). */
export type RR = Exclude<dnsPacket.Answer, dnsPacket.OptAnswer>;
import type { Environment, FieldDecl, MenuDecl } from '../../core/schema.js';
import type { Row } from '../../core/store.js';
import { bool, formatDuration, str } from '../../core/values.js';

interface Kept {
  name: string;
  type: string;
  answers: RR[];
  stored: number;
  expires: number;
  bytes: number;
}

/** What one record costs the cache: its name, its data and the bookkeeping around them. */
function costOf(answers: readonly RR[]): number {
  let bytes = 0;
  for (const a of answers) bytes += 48 + a.name.length + JSON.stringify(a.data ?? '').length;
  return bytes;
}

export class DnsCache {
  private readonly kept = new Map<string, Kept>();
  private bytes = 0;

  constructor(private readonly now: () => number) {}

  /** The answers for a question with the TTL left, or undefined when none are kept. */
  get(name: string, type: string): RR[] | undefined {
    const key = `${name.toLowerCase()} ${type}`;
    const k = this.kept.get(key);
    if (!k) return undefined;
    const now = this.now();
    if (k.expires <= now) { this.drop(key, k); return undefined; }
    // Used again: the last to go.
    this.kept.delete(key);
    this.kept.set(key, k);
    const gone = Math.floor((now - k.stored) / 1000);
    return k.answers.map((a) => ({ ...a, ttl: Math.max(0, (a.ttl ?? 0) - gone) }) as RR);
  }

  /** Keeps an answer for its shortest TTL, making room within `limit` bytes. */
  put(name: string, type: string, answers: RR[], limit: number) {
    const ttl = Math.min(...answers.map((a) => a.ttl ?? 0));
    if (ttl <= 0) return;
    const key = `${name.toLowerCase()} ${type}`;
    const old = this.kept.get(key);
    if (old) this.drop(key, old);
    const bytes = costOf(answers);
    if (bytes > limit) return;
    for (const [k, v] of this.kept) {
      if (this.bytes + bytes <= limit) break;
      this.drop(k, v);
    }
    const now = this.now();
    this.kept.set(key, { name, type, answers, stored: now, expires: now + ttl * 1000, bytes });
    this.bytes += bytes;
  }

  private drop(key: string, k: Kept) {
    this.kept.delete(key);
    this.bytes -= k.bytes;
  }

  flush() {
    this.kept.clear();
    this.bytes = 0;
  }

  /** `cache-used`: KiB, rounded up. */
  usedKiB(): number {
    return Math.ceil(this.bytes / 1024);
  }

  /** Every record kept, with the seconds it has left. */
  *records(): Generator<{ answer: RR; left: number }> {
    const now = this.now();
    for (const [key, k] of this.kept) {
      if (k.expires <= now) { this.drop(key, k); continue; }
      const gone = Math.floor((now - k.stored) / 1000);
      for (const answer of k.answers) yield { answer, left: Math.max(0, (answer.ttl ?? 0) - gone) };
    }
  }
}

/** A record's data as the cache prints it. */
export function dataText(a: RR): string {
  const d = a.data as unknown;
  if (typeof d === 'string') return d;
  if (Buffer.isBuffer(d)) return d.toString('utf8');
  if (Array.isArray(d)) return d.map((x) => (Buffer.isBuffer(x) ? x.toString('utf8') : String(x))).join('');
  if (a.type === 'MX') { const m = d as dnsPacket.MxData; return `${m.preference} ${m.exchange}`; }
  if (a.type === 'SRV') { const s = d as dnsPacket.SrvData; return `${s.priority} ${s.weight} ${s.port} ${s.target}`; }
  return JSON.stringify(d);
}

// ---------------------------------------------------------------- /ip/dns/cache

const shown = (): FieldDecl => ({ type: str(), readOnly: true });

/** Computed records keep their id while their key lasts. */
const ids = new WeakMap<object, { next: number; byKey: Map<string, number> }>();
function idOf(env: Environment, key: string): number {
  let kept = ids.get(env.store);
  if (!kept) ids.set(env.store, (kept = { next: 1, byKey: new Map() }));
  let id = kept.byKey.get(key);
  if (id === undefined) kept.byKey.set(key, (id = kept.next++));
  if (kept.byKey.size > 100_000) kept.byKey.clear();
  return id;
}

type CacheOf = (env: Environment) => DnsCache;
type StaticOf = (env: Environment, ptr: boolean) => RR[];

function cacheRows(env: Environment, cacheOf: CacheOf, staticOf: StaticOf, all: boolean): Row[] {
  const rows: Row[] = [];
  const push = (a: RR, left: number, isStatic: boolean) => {
    const values = { name: a.name, type: a.type, data: dataText(a), ttl: formatDuration(left * 1000), static: String(isStatic) };
    rows.push({ id: idOf(env, `${values.static} ${values.name} ${values.type} ${values.data}`), values, dynamic: true, pos: rows.length });
  };
  for (const a of staticOf(env, all)) push(a, a.ttl ?? 0, true);
  for (const { answer, left } of cacheOf(env).records()) push(answer, left, false);
  return rows;
}

export function cacheMenus(cacheOf: CacheOf, staticOf: StaticOf): MenuDecl[] {
  const fields = { name: shown(), type: shown(), data: shown(), ttl: shown(), static: { type: bool, readOnly: true } };
  return [
    {
      path: 'ip/dns/cache',
      kind: 'table',
      generic: ['print', 'get', 'find'],
      fields,
      rows: (env) => cacheRows(env, cacheOf, staticOf, false),
      commands: {
        flush: { policy: ['write'], run: async (ctx) => { cacheOf(ctx.env).flush(); } },
      },
    },
    {
      path: 'ip/dns/cache/all',
      kind: 'table',
      generic: ['print', 'get', 'find'],
      fields,
      rows: (env) => cacheRows(env, cacheOf, staticOf, true),
    },
  ];
}
