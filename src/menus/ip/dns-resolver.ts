// The router's DNS resolver: what `/ip dns` configures. It answers a question from
// /ip/dns/static first, then from its cache, then asks upstream (`servers`, then
// `dynamic-servers`; a FWD entry's `forward-to`, which may name an /ip/dns/forwarders group).
// The DNS face (src/services/dns.ts) asks it for the devices of the network, and the router's
// own lookups (`:resolve`, `/tool fetch`, NTP and syslog servers by name) ask it through
// `engine.services.resolve` (resolverOf).
//
// How the router answers (manual.mikrotik.com "DNS", Technical details; routeros-facts.md 45):
// an entry for the name of the type asked answers; an NXDOMAIN entry makes the name not exist
// for every type; a CNAME entry answers with the alias and the target's records; a FWD entry
// sends the question to its server; a name that has entries of other types only is asked
// upstream and, when upstream has nothing, answered NOERROR without records. Names compare in
// lower case. A static answer carries the entry's `ttl`; the cache answers with the time left.

import type dnsPacket from 'dns-packet';
import { packets } from './dns-packets.js';
import net from 'node:net';
import type { Engine } from '../../core/engine.js';
import type { Environment, Session } from '../../core/schema.js';
import type { Row } from '../../core/store.js';
import { durationToMs } from '../../core/values.js';
import { exchangeTcp, exchangeUdp, type Endpoint } from '../../device/upstream.js';
import { networkOf } from '../tool/ping.js';
import { grantedPolicies } from '../user/user.js';
import { DnsCache, cacheMenus, type RR } from './dns-cache.js';

export type Rcode = 'NOERROR' | 'FORMERR' | 'SERVFAIL' | 'NXDOMAIN' | 'NOTIMP' | 'REFUSED';
const RCODES: Record<Rcode, number> = { NOERROR: 0, FORMERR: 1, SERVFAIL: 2, NXDOMAIN: 3, NOTIMP: 4, REFUSED: 5 };
export const rcodeNumber = (r: Rcode) => RCODES[r];

/** A question; its type as dns-packet names it (`A`, `ANY`, `TYPE65`...). */
export interface Question { name: string; type: string }

export interface Outcome {
  rcode: Rcode;
  answers: RR[];
  /** The answer came from the router's own entries (its `aa` bit). */
  authoritative?: boolean;
}

/** Who asks: a device of the network (its address) or the router itself. */
export interface Asker { client?: string }

/** How deep a chain of aliases is followed before the router gives up on it. */
const MAX_CHAIN = 8;

/** A name as the resolver compares it: lower case, without the root's dot. */
export const canonicalName = (name: string) => name.toLowerCase().replace(/\.$/, '');

const seconds = (duration: string | undefined, fallback: number) => {
  if (!duration) return fallback;
  try { return Math.floor(durationToMs(duration) / 1000); } catch { return fallback; }
};

/** The record type an entry answers: `type`, else A or AAAA by its address. */
function entryType(row: Row): string {
  const t = row.values.type;
  if (t) return t;
  return row.values.address?.includes(':') ? 'AAAA' : 'A';
}

/** Compiled regexps of entries, kept by their text: a bad one matches nothing. */
const patterns = new Map<string, RegExp | null>();
function pattern(text: string): RegExp | null {
  let p = patterns.get(text);
  if (p === undefined) {
    try { p = new RegExp(text); } catch { p = null; }
    if (patterns.size > 10_000) patterns.clear();
    patterns.set(text, p);
  }
  return p;
}

function matches(row: Row, name: string): boolean {
  const v = row.values;
  if (v.disabled === 'true') return false;
  if (v.regexp) return pattern(v.regexp)?.test(name) ?? false;
  const own = v.name ? canonicalName(v.name) : undefined;
  if (!own) return false;
  return own === name || (v['match-subdomain'] === 'true' && name.endsWith(`.${own}`));
}

/** The record an entry answers with for `name`. */
function recordOf(row: Row, name: string, type: string): RR | undefined {
  const v = row.values;
  const ttl = seconds(v.ttl, 86400);
  const base = { name, ttl, class: 'IN' as const };
  switch (type) {
    case 'A': case 'AAAA': return v.address ? { ...base, type, data: v.address } : undefined;
    case 'CNAME': return v.cname ? { ...base, type, data: v.cname } : undefined;
    case 'NS': return v.ns ? { ...base, type, data: v.ns } : undefined;
    case 'MX': return v['mx-exchange'] ? { ...base, type, data: { preference: Number(v['mx-preference'] ?? 0), exchange: v['mx-exchange'] } } : undefined;
    case 'SRV': return v['srv-target'] ? { ...base, type, data: { priority: Number(v['srv-priority'] ?? 0), weight: Number(v['srv-weight'] ?? 0), port: Number(v['srv-port'] ?? 0), target: v['srv-target'] } } : undefined;
    case 'TXT': return v.text !== undefined ? { ...base, type, data: v.text } : undefined;
  }
  return undefined;
}

/** The name a PTR question asks about, as an address; undefined for any other name. */
function reverseAddress(name: string): string | undefined {
  const v4 = /^((?:\d{1,3}\.){3}\d{1,3})\.in-addr\.arpa$/.exec(name);
  if (v4) return v4[1].split('.').reverse().join('.');
  const v6 = /^((?:[0-9a-f]\.){32})ip6\.arpa$/.exec(name);
  if (!v6) return undefined;
  const nibbles = v6[1].split('.').filter(Boolean).reverse().join('');
  return nibbles.match(/.{4}/g)!.join(':');
}

/** The eight groups of an IPv6 address, each four hex digits. */
function groupsOf(address: string): string[] {
  const [head, tail = ''] = address.split('::');
  const h = head ? head.split(':') : [], t = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...h, ...Array(8 - h.length - t.length).fill('0'), ...t] : h;
  return groups.map((g) => g.toLowerCase().padStart(4, '0'));
}

const sameAddress = (a: string, b: string) => (net.isIPv6(a) && net.isIPv6(b) ? groupsOf(a).join(':') === groupsOf(b).join(':') : a === b);

/** The resolver of one router. */
export class Resolver {
  readonly cache: DnsCache;
  /** Queries waiting for an upstream answer now (bounded by `max-concurrent-queries`). */
  private waiting = 0;
  /** The server that answered last: later queries try it first (manual, Upstream servers). */
  private preferred?: string;
  /** Each forwarder's next server, in turn. */
  private readonly turns = new Map<string, number>();
  /** Aborted when the router stops: the queries under way end at once, unanswered. */
  private readonly stopped = new AbortController();

  constructor(private readonly env: Environment) {
    this.cache = new DnsCache(() => env.now());
  }

  /** The router stops: no query waits on for its answer (each held a socket and a timer, keeping a stopped router's process alive). */
  stop() {
    this.stopped.abort();
  }

  private settings(): Record<string, string> {
    return this.env.store.table('ip/dns').rows[0]?.values ?? {};
  }

  /** Whether another question may wait for upstream now; the face drops one that may not. */
  busy(): boolean {
    return this.waiting >= (Number(this.settings()['max-concurrent-queries']) || 100);
  }

  /** Answers one question as the router does for a device of its network or for itself. */
  async answer(q: Question, asker: Asker = {}, depth = 0): Promise<Outcome> {
    const name = canonicalName(q.name);
    const entries = this.env.store.table('ip/dns/static').rows.filter((r) => matches(r, name));
    if (entries.some((r) => entryType(r) === 'NXDOMAIN')) return { rcode: 'NXDOMAIN', answers: [], authoritative: true };
    const own = entries.filter((r) => entryType(r) === q.type || (q.type === 'ANY' && entryType(r) !== 'FWD'));
    if (own.length) {
      const answers = own.flatMap((r) => recordOf(r, q.name, entryType(r)) ?? []);
      this.fillLists(own, answers, asker);
      return { rcode: 'NOERROR', answers, authoritative: true };
    }
    const alias = entries.find((r) => entryType(r) === 'CNAME');
    if (alias && depth < MAX_CHAIN) {
      const record = recordOf(alias, q.name, 'CNAME')!;
      const rest = await this.answer({ name: alias.values.cname!, type: q.type }, asker, depth + 1);
      this.fillLists([alias], rest.answers, asker);
      return { rcode: rest.rcode === 'NXDOMAIN' ? 'NOERROR' : rest.rcode, answers: [record, ...rest.answers], authoritative: true };
    }
    if (q.type === 'PTR') {
      const address = reverseAddress(name);
      const named = address && this.env.store.table('ip/dns/static').rows.find((r) => r.values.disabled !== 'true' && r.values.name && !r.values.regexp && r.values.address && sameAddress(r.values.address, address));
      if (named) return { rcode: 'NOERROR', answers: [{ name: q.name, type: 'PTR', class: 'IN', ttl: seconds(named.values.ttl, 86400), data: named.values.name! }], authoritative: true };
    }
    const forward = entries.find((r) => entryType(r) === 'FWD');
    if (forward) {
      const out = await this.upstream(q, forward.values['forward-to']);
      this.fillLists([forward], out.answers, asker);
      return out;
    }
    const out = await this.upstream(q);
    // A name the router has entries for, of other types only, exists (manual's table).
    if (entries.length && (out.rcode !== 'NOERROR' || !out.answers.length)) return { rcode: 'NOERROR', answers: [], authoritative: true };
    return out;
  }

  /**
   * The first address of a name for the router's own use (`:resolve`, a server given by
   * name): family 4 or 6 only, or either with that one first. Throws the router's words.
   */
  async resolve(name: string, family?: 4 | 6 | 'any' | 'any6', via?: { address: string; port?: number }): Promise<string> {
    if (net.isIP(name)) return name;
    let server: Endpoint | undefined;
    if (via) {
      // `server=10.0.0.1@vrf1`: that server, reached in that VRF.
      const [address, vrf = 'main'] = via.address.split('@');
      if (!net.isIP(address)) throw new ResolveError('invalid value for argument server');
      const to = networkOf(this.env).endpoint(address, 'dns', vrf);
      if (!to) throw new ResolveError('failure: dns server failure');
      // A port given goes to the host's network as it is; a lab node answers on its own.
      server = via.port !== undefined && to.host === address ? { host: address, port: via.port } : to;
    }
    const order: string[] = family === 6 ? ['AAAA'] : family === 4 ? ['A'] : family === 'any6' ? ['AAAA', 'A'] : ['A', 'AAAA'];
    let failed = false;
    for (const type of order) {
      const out = server ? await this.ask(server, { name, type }, this.timeouts().server) : await this.answer({ name, type });
      if (!out) { failed = true; continue; }
      if (out.rcode === 'SERVFAIL' || out.rcode === 'REFUSED') { failed = true; continue; }
      const found = out.answers.find((a) => a.type === type);
      if (found) return found.data as string;
    }
    throw new ResolveError(failed ? 'failure: dns server failure' : 'failure: dns name does not exist');
  }

  private timeouts() {
    const s = this.settings();
    return { server: durationToMs(s['query-server-timeout'] ?? '2s') || 2000, total: durationToMs(s['query-total-timeout'] ?? '10s') || 10000 };
  }

  /**
   * Asks upstream, from the cache when it has the answer: the FWD entry's target (an address,
   * a forwarder's name, or a name looked up first), else `servers` then `dynamic-servers`.
   */
  private async upstream(q: Question, forwardTo?: string): Promise<Outcome> {
    const cached = this.cache.get(q.name, q.type);
    if (cached) return { rcode: 'NOERROR', answers: cached };
    const s = this.settings();
    let servers: string[];
    let inTurn: string | undefined;
    if (forwardTo) {
      const group = this.env.store.table('ip/dns/forwarders').rows.find((r) => r.values.name === forwardTo && r.values.disabled !== 'true');
      if (group) {
        // A forwarder's servers take turns, one query each, and none is skipped (manual, Forwarders).
        const list = (group.values['dns-servers'] ?? '').split(',').filter(Boolean);
        if (!list.length) return { rcode: 'SERVFAIL', answers: [] };
        const turn = this.turns.get(forwardTo) ?? 0;
        this.turns.set(forwardTo, turn + 1);
        servers = [list[turn % list.length]];
        inTurn = forwardTo;
      } else if (net.isIP(forwardTo)) {
        servers = [forwardTo];
      } else {
        try { servers = [await this.resolve(forwardTo)]; } catch { return { rcode: 'SERVFAIL', answers: [] }; }
      }
    } else {
      servers = [...(s.servers ?? '').split(','), ...(s['dynamic-servers'] ?? '').split(',')].filter(Boolean);
      if (this.preferred && servers.includes(this.preferred)) servers = [this.preferred, ...servers.filter((x) => x !== this.preferred)];
    }
    if (!servers.length) return { rcode: 'SERVFAIL', answers: [] };
    const { server: perServer, total } = this.timeouts();
    const deadline = this.env.now() + total;
    const vrf = this.env.nameOf('ip/vrf', Number.parseInt((s.vrf ?? '').slice(1), 16)) ?? 'main';
    this.waiting++;
    try {
      for (const server of servers) {
        const left = deadline - this.env.now();
        if (left <= 0) break;
        const to = networkOf(this.env).endpoint(server, 'dns', vrf);
        const out = to ? await this.ask(to, q, Math.min(perServer, left)) : undefined;
        if (!out) continue;
        if (!inTurn) this.preferred = server;
        const maxTtl = seconds(s['cache-max-ttl'], 604800);
        for (const a of out.answers) if (a.ttl !== undefined && a.ttl > maxTtl) a.ttl = maxTtl;
        if (out.rcode === 'NOERROR' && out.answers.length) this.cache.put(q.name, q.type, out.answers, this.cacheBytes());
        return out;
      }
    } finally {
      this.waiting--;
    }
    return { rcode: 'SERVFAIL', answers: [] };
  }

  /** `cache-size` in bytes. */
  private cacheBytes(): number {
    return (Number(this.settings()['cache-size']) || 2048) * 1024;
  }

  /** One exchange with one server: over UDP, again over TCP when the answer comes truncated. */
  private async ask(to: Endpoint, q: Question, timeoutMs: number): Promise<Outcome | undefined> {
    const id = Math.floor(Math.random() * 65536);
    const query = packets().encode({ type: 'query', id, flags: packets().RECURSION_DESIRED, questions: [{ name: q.name, type: q.type as dnsPacket.RecordType, class: 'IN' }] });
    const started = this.env.now();
    const valid = (bytes: Buffer) => {
      try {
        const p = packets().decode(bytes);
        return p.id === id && p.type === 'response';
      } catch {
        return false;
      }
    };
    if (this.stopped.signal.aborted) return undefined;
    let bytes = await exchangeUdp(to, query, timeoutMs, { accept: valid, signal: this.stopped.signal });
    if (!bytes) return undefined;
    let packet = packets().decode(bytes);
    if (packet.flag_tc) {
      bytes = await exchangeTcp(to, query, Math.max(1, timeoutMs - (this.env.now() - started)), { signal: this.stopped.signal });
      if (!bytes || !valid(bytes)) return undefined;
      packet = packets().decode(bytes);
    }
    return { rcode: ((packet as { rcode?: Rcode }).rcode) ?? 'SERVFAIL', answers: (packet.answers ?? []).filter((a): a is RR => a.type !== 'OPT') };
  }

  /**
   * An entry's `address-list`: the addresses answered to a device go into that firewall list
   * for the answer's TTL and `address-list-extra-time`. The router's own lookups add nothing
   * (manual, "Use domain names in firewall rules").
   */
  private fillLists(entries: readonly Row[], answers: readonly RR[], asker: Asker) {
    if (asker.client === undefined) return;
    const extra = seconds(this.settings()['address-list-extra-time'], 0);
    for (const entry of entries) {
      const list = entry.values['address-list'];
      if (!list) continue;
      for (const a of answers) {
        if ((a.type !== 'A' && a.type !== 'AAAA') || typeof a.data !== 'string') continue;
        void this.listAddress(a.type === 'A' ? ['ip'] : ['ipv6'], list, a.data, `${(a.ttl ?? 0) + extra}s`, `created for ${entry.values.name ?? entry.values.regexp}.`);
      }
    }
  }

  /** Puts an address in a firewall address list for a while, or gives the entry there its time again. */
  private async listAddress(family: string[], list: string, address: string, timeout: string, comment: string) {
    const engine = this.env as unknown as Engine;
    const path = [...family, 'firewall', 'address-list'];
    const have = this.env.store.table(path.join('/')).rows.find((r) => r.values.list === list && r.values.address?.replace(/\/(32|128)$/, '') === address);
    const args: Record<string, string> = have ? { numbers: `*${have.id.toString(16).toUpperCase()}`, timeout } : { list, address, timeout, comment };
    const sentence = { path, command: have ? 'set' : 'add', args };
    await engine.run(sentence, OWN).catch(() => {});
  }
}

/** The router's own doing, with every policy. */
const OWN: Session = { user: '*sys', via: 'dns', policies: grantedPolicies('read,write,policy,sensitive') };

/** The router's words for a name it could not resolve. */
export class ResolveError extends Error {}

const resolvers = new WeakMap<object, Resolver>();

/** The resolver of a router's engine (one per boot that changes the menus: src/router.ts). */
export function resolverOf(env: Environment): Resolver {
  let r = resolvers.get(env);
  if (!r) resolvers.set(env, (r = new Resolver(env)));
  return r;
}

/** Ends the queries of a router's resolver that are still waiting (when the router stops). */
export function stopResolver(env: Environment) {
  resolvers.get(env)?.stop();
}

/**
 * Gives the engine the router's own name lookups (`engine.services.resolve`): `:resolve`, and
 * every server given by name (`/tool fetch`, NTP, syslog, RADIUS, e-mail) ask through it.
 * `family` 4 or 6 takes that family only; `any` (the default) and `any6` prefer one; `via`
 * asks one server alone (`:resolve server= server-port=`). Throws the router's words.
 */
export function attachResolver(env: Environment) {
  env.services.resolve = (name: string, family?: 4 | 6 | 'any' | 'any6', via?: { address: string; port?: number }) => resolverOf(env).resolve(name, family, via);
}

/** The records of the static entries by name, as the cache lists them; with `ptr`, their PTR records too. */
export function staticRecords(env: Environment, ptr: boolean): RR[] {
  const out: RR[] = [];
  for (const row of env.store.table('ip/dns/static').rows) {
    if (row.values.disabled === 'true' || !row.values.name || row.values.regexp) continue;
    const type = entryType(row);
    const record = recordOf(row, row.values.name, type);
    if (!record) continue;
    out.push(record);
    if (ptr && (type === 'A' || type === 'AAAA')) out.push({ name: reverseName(row.values.address!), type: 'PTR', class: 'IN', ttl: record.ttl, data: row.values.name });
  }
  return out;
}

/** The PTR name of an address: `1.88.168.192.in-addr.arpa`, or the nibbles under ip6.arpa. */
function reverseName(address: string): string {
  if (!address.includes(':')) return `${address.split('.').reverse().join('.')}.in-addr.arpa`;
  return `${groupsOf(address).join('').split('').reverse().join('.')}.ip6.arpa`;
}

export const [dnsCache, dnsCacheAll] = cacheMenus((env) => resolverOf(env).cache, staticRecords);
