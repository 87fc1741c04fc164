// RouterOS 7's routing filter language: the `rule` text of /routing/filter/rule, parsed once
// and evaluated per route (manual, "Route Selection and Filters" / "Filter Syntax"):
//
//   if (dst in 10.0.0.0/8 && dst-len in 8-24) { set bgp-local-pref 200; accept } else { reject }
//
// A rule is statements: `if (matchers) { actions } else { actions }` (else-if chains too) and
// actions: accept, reject, return, jump CHAIN, set/unset/append/delete/filter PROPERTY VALUE.
// A chain runs its enabled rules in order; accept and reject end the whole evaluation, `return`
// ends the current chain (back to the jump), and a chain that runs out rejects (the manual: "the
// default action of the routing filter chain is reject"). A rule text that does not parse is
// kept by the router and flagged inactive (the `rule` argument's type is `remote`: the routing
// process, not the console, reads it; /routing/filter/rule has the flag `I - inactive`); an
// inactive rule is skipped.

import { maskOf } from '../../core/values.js';
import { parsePrefix } from '../../core/prefix.js';
import { AsPathSyntaxError, asPathMatches, compileAsPath } from './as-path-regexp.js';

/** The route as a filter sees it: properties by the filter language's own names. */
export interface FilterRoute {
  dst: string;
  afi: 'ip' | 'ipv6';
  protocol: string;
  gw?: string;
  distance: number;
  scope: number;
  'target-scope': number;
  'routing-table': string;
  'pref-src'?: string;
  active?: boolean;
  'bgp-local-pref'?: number;
  'bgp-med'?: number;
  'bgp-out-med'?: number;
  'bgp-weight'?: number;
  'bgp-igp-metric'?: number;
  'bgp-as-path': number[];
  'bgp-origin'?: 'igp' | 'egp' | 'incomplete';
  'bgp-communities': string[];
  'bgp-large-communities': string[];
  'bgp-ext-communities': string[];
  'bgp-atomic-aggregate'?: boolean;
  /** Originated from the BGP networks (`output.network`). */
  'bgp-network'?: boolean;
  /** How many times the local AS is prepended when the route is sent (`set bgp-path-prepend`). */
  'bgp-path-prepend'?: number;
  'bgp-input-local-as'?: number;
  'bgp-input-remote-as'?: number;
  'bgp-output-local-as'?: number;
  'bgp-output-remote-as'?: number;
  'bgp-input-local-addr'?: string;
  'bgp-input-remote-addr'?: string;
  'bgp-output-local-addr'?: string;
  'bgp-output-remote-addr'?: string;
  /** A route set blackhole by a filter (`set blackhole yes`). */
  blackhole?: boolean;
  /** OSPF's route type (ext1, ext2, inter, intra, nssa1, nssa2) and metric, for its in-filter-chain. */
  'ospf-type'?: string;
  'ospf-metric'?: number;
  /** What an external route OSPF originates carries, for its out-filter-chain (type1 | type2). */
  'ospf-ext-metric'?: number;
  'ospf-ext-type'?: string;
}

/** What a filter looks up by name outside the rule: lists of the router's configuration. */
export interface FilterLists {
  /** Prefixes of an /ip/firewall/address-list (or /ipv6) list, for `dst in NAME`. */
  addressList(name: string): readonly string[];
  /** Ranges of a /routing/filter/num-list, for `bgp-path-len in NAME`. */
  numList(name: string): readonly [number, number][];
  /** Communities of a /routing/filter/community-list (and large/ext). */
  communityList(name: string): readonly string[];
}

export class FilterSyntaxError extends Error {}

// ---------------------------------------------------------------- properties

type Kind = 'num' | 'prefix' | 'word' | 'flag' | 'aspath' | 'legacy-aspath' | 'communities';

/** Readable properties and their kinds (manual, "Only Readable" and "Readable/Writable" properties). */
const READABLE: Record<string, Kind> = {
  'dst-len': 'num', 'bgp-path-len': 'num', distance: 'num', scope: 'num', 'target-scope': 'num',
  'bgp-local-pref': 'num', 'bgp-med': 'num', 'bgp-out-med': 'num', 'bgp-weight': 'num', 'bgp-igp-metric': 'num',
  'bgp-input-local-as': 'num', 'bgp-input-remote-as': 'num', 'bgp-output-local-as': 'num', 'bgp-output-remote-as': 'num',
  dst: 'prefix', gw: 'prefix', 'pref-src': 'prefix',
  'bgp-input-local-addr': 'prefix', 'bgp-input-remote-addr': 'prefix', 'bgp-output-local-addr': 'prefix', 'bgp-output-remote-addr': 'prefix',
  afi: 'word', protocol: 'word', 'routing-table': 'word', 'bgp-origin': 'word', chain: 'word', vrf: 'word',
  'ospf-type': 'word', 'ospf-metric': 'num', 'ospf-tag': 'num', 'rip-metric': 'num', 'rip-tag': 'num',
  'ospf-ext-metric': 'num', 'ospf-ext-tag': 'num', 'rip-ext-metric': 'num', 'rip-ext-tag': 'num', 'bgp-path-peer-prepend': 'num',
  'ospf-fwd': 'prefix', rpki: 'word', rtab: 'word', 'gw-interface': 'word', comment: 'word', 'gw-check': 'word', 'ospf-ext-type': 'word',
  active: 'flag', 'bgp-atomic-aggregate': 'flag', 'bgp-network': 'flag', 'ospf-dn': 'flag', blackhole: 'flag',
  'bgp-communities-empty': 'flag', 'bgp-ext-communities-empty': 'flag', 'bgp-large-communities-empty': 'flag',
  'ospf-ext-dn': 'flag', 'suppress-hw-offload': 'flag', 'use-te-nexthop': 'flag',
  'bgp-as-path': 'aspath', 'bgp-as-path-slow-legacy': 'legacy-aspath',
  'bgp-communities': 'communities', 'bgp-large-communities': 'communities', 'bgp-ext-communities': 'communities',
};

/** Writable properties and their kinds. */
const WRITABLE: Record<string, 'num' | 'addr' | 'word' | 'communities' | 'flag'> = {
  distance: 'num', scope: 'num', 'target-scope': 'num', 'bgp-local-pref': 'num', 'bgp-med': 'num', 'bgp-out-med': 'num',
  'bgp-weight': 'num', 'bgp-igp-metric': 'num', 'bgp-path-prepend': 'num',
  gw: 'addr', 'pref-src': 'addr', 'bgp-origin': 'word', 'gw-interface': 'word', comment: 'word',
  'ospf-ext-metric': 'num', 'ospf-ext-tag': 'num', 'ospf-ext-type': 'word', 'rip-ext-metric': 'num', 'rip-ext-tag': 'num',
  'bgp-path-peer-prepend': 'num', 'gw-check': 'word', 'ospf-ext-fwd': 'addr',
  'bgp-communities': 'communities', 'bgp-large-communities': 'communities', 'bgp-ext-communities': 'communities',
  blackhole: 'flag', 'ospf-ext-dn': 'flag', 'suppress-hw-offload': 'flag', 'use-te-nexthop': 'flag',
};

/** What `unset` takes (the manual's Commands table). */
const UNSETTABLE = new Set(['pref-src', 'bgp-med', 'bgp-out-med', 'bgp-local-pref']);
/** What `append` takes besides the community lists. */
const APPENDABLE = new Set(['bgp-communities', 'bgp-ext-communities', 'bgp-large-communities', 'comment']);
const GW_CHECKS = ['none', 'arp', 'icmp', 'bfd', 'bfd-mh'];
/** A numeric range: `8-24` or `8..24` (the manual: "{int..int}, {int-int}"). */
const RANGE = /^(\d+)(?:(?:-|\.\.)(\d+))?$/;
const OSPF_TYPES = ['ext1', 'ext2', 'inter', 'intra', 'nssa1', 'nssa2'];
const COMMUNITY_OPS = ['equal', 'equal-list', 'any', 'any-list', 'includes', 'includes-list', 'subset', 'subset-list', 'any-regexp', 'subset-regexp'];

const ORIGINS = ['igp', 'egp', 'incomplete'];
/** The manual lists `ipv4`; the router's own word elsewhere is `ip` (connection afi), `ip4` in /routing/route. */
const AFI_ALIASES: Record<string, string> = { ip: 'ip', ipv4: 'ip', ip4: 'ip', ipv6: 'ipv6', ip6: 'ipv6' };
const AFIS = ['ip', 'ipv4', 'ip4', 'ipv6', 'ip6', 'l2vpn', 'l2vpn-cisco', 'vpnv4', 'vpnv6', 'evpn'];
/** Well-known communities by the names RouterOS writes (RFC 1997, 8326, 7999). */
const WELL_KNOWN: Record<string, string> = {
  'no-export': '65535:65281', 'no-advertise': '65535:65282', 'local-as': '65535:65283',
  'graceful-shutdown': '65535:0', blackhole: '65535:666',
};

// ---------------------------------------------------------------- the program

type Cond =
  | { op: 'and' | 'or'; a: Cond; b: Cond }
  | { op: 'not'; a: Cond }
  | { op: 'cmp'; prop: string; cmp: string; value: string }
  | { op: 'flag'; prop: string }
  | { op: 'chain'; name: string };

export type Stmt =
  | { kind: 'if'; cond: Cond; then: Stmt[]; else: Stmt[] }
  | { kind: 'accept' | 'reject' | 'return' }
  | { kind: 'jump'; chain: string }
  | { kind: 'set' | 'unset' | 'append' | 'delete' | 'filter'; prop: string; value: string }
  | { kind: 'rpki-verify'; group: string };

// ---------------------------------------------------------------- lexer

const SINGLE = new Set(['(', ')', '{', '}', ';']);
const AS_PATH_PROPS = new Set(['bgp-as-path', 'bgp-as-path-slow-legacy']);
const OPS = ['==', '!=', '<=', '>=', '&&', '||', '<', '>', '!'];

function tokenize(text: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (/\s/.test(c)) { i++; continue; }
    if (SINGLE.has(c)) { out.push(c); i++; continue; }
    if (c === '"') {
      const end = text.indexOf('"', i + 1);
      if (end < 0) throw new FilterSyntaxError('unterminated string');
      out.push(text.slice(i, end + 1));
      i = end + 1;
      continue;
    }
    // An AS path expression after its property is taken whole, parentheses, `|` and sets included.
    if (AS_PATH_PROPS.has(out[out.length - 1] ?? '')) {
      let j = i, depth = 0;
      for (; j < text.length; j++) {
        const ch = text[j];
        if (ch === '(' || ch === '[') depth++;
        else if ((ch === ')' || ch === ']') && depth > 0) depth--;
        else if (depth === 0 && (/\s/.test(ch) || ch === ')' || ch === '{' || text.startsWith('&&', j) || text.startsWith('||', j))) break;
      }
      out.push(text.slice(i, j));
      i = j;
      continue;
    }
    const op = OPS.find((o) => text.startsWith(o, i));
    if (op) { out.push(op); i += op.length; continue; }
    let j = i;
    while (j < text.length && !/\s/.test(text[j]) && !SINGLE.has(text[j]) && !'<>=!&|"'.includes(text[j])) j++;
    out.push(text.slice(i, j));
    i = j;
  }
  return out;
}

// ---------------------------------------------------------------- parser

class Parser {
  private at = 0;
  constructor(private readonly toks: string[]) {}

  private peek(): string | undefined { return this.toks[this.at]; }
  private next(): string {
    const t = this.toks[this.at++];
    if (t === undefined) throw new FilterSyntaxError('unexpected end of rule');
    return t;
  }
  private expect(t: string) {
    const got = this.next();
    if (got !== t) throw new FilterSyntaxError(`expected ${t}, got ${got}`);
  }
  private word(): string {
    const t = this.next();
    if (SINGLE.has(t) || OPS.includes(t)) throw new FilterSyntaxError(`unexpected ${t}`);
    return t.startsWith('"') ? t.slice(1, -1) : t;
  }

  program(): Stmt[] {
    const out = this.stmts();
    if (this.at < this.toks.length) throw new FilterSyntaxError(`unexpected ${this.peek()}`);
    return out;
  }

  private stmts(): Stmt[] {
    const out: Stmt[] = [];
    for (;;) {
      const t = this.peek();
      if (t === undefined || t === '}') return out;
      if (t === ';') { this.at++; continue; }
      out.push(this.stmt());
    }
  }

  private block(): Stmt[] {
    this.expect('{');
    const body = this.stmts();
    this.expect('}');
    return body;
  }

  private stmt(): Stmt {
    const t = this.word();
    switch (t) {
      case 'if': {
        this.expect('(');
        const cond = this.or();
        this.expect(')');
        const then = this.block();
        let otherwise: Stmt[] = [];
        if (this.peek() === 'else') {
          this.at++;
          otherwise = this.peek() === 'if' ? [this.stmt()] : this.block();
        }
        return { kind: 'if', cond, then, else: otherwise };
      }
      case 'accept': case 'reject': case 'return':
        return { kind: t };
      case 'jump':
        return { kind: 'jump', chain: this.word() };
      case 'set': case 'append': case 'delete': case 'filter': {
        const prop = this.word();
        const kind = WRITABLE[prop];
        if (!kind) throw new FilterSyntaxError(`unknown property ${prop}`);
        if (t === 'append' ? !APPENDABLE.has(prop) : t !== 'set' && kind !== 'communities') throw new FilterSyntaxError(`cannot ${t} ${prop}`);
        const value = this.word();
        if (t === 'set' || t === 'append') checkValue(kind, prop, value);
        return { kind: t, prop, value };
      }
      case 'unset': {
        const prop = this.word();
        if (!UNSETTABLE.has(prop)) throw new FilterSyntaxError(`cannot unset ${prop}`);
        return { kind: 'unset', prop, value: '' };
      }
      case 'rpki-verify':
        return { kind: 'rpki-verify', group: this.word() };
      default:
        throw new FilterSyntaxError(`unknown action ${t}`);
    }
  }

  private or(): Cond {
    let a = this.and();
    while (this.peek() === '||' || this.peek() === 'or') { this.at++; a = { op: 'or', a, b: this.and() }; }
    return a;
  }

  private and(): Cond {
    let a = this.unary();
    while (this.peek() === '&&' || this.peek() === 'and') { this.at++; a = { op: 'and', a, b: this.unary() }; }
    return a;
  }

  private unary(): Cond {
    const t = this.peek();
    if (t === '!' || t === 'not') { this.at++; return { op: 'not', a: this.unary() }; }
    if (t === '(') { this.at++; const c = this.or(); this.expect(')'); return c; }
    return this.matcher();
  }

  private matcher(): Cond {
    const prop = this.word();
    const kind = READABLE[prop];
    if (!kind) throw new FilterSyntaxError(`unknown property ${prop}`);
    if (kind === 'flag') return { op: 'flag', prop };
    if (prop === 'chain') return { op: 'chain', name: this.word() };
    if (kind === 'aspath' || kind === 'legacy-aspath') {
      // `bgp-as-path .1234.`: no operator, the expression (per ASN in 7.x; per character, v6 style, for -slow-legacy).
      const value = this.word();
      if (kind === 'aspath' && compileAsPath(value) instanceof AsPathSyntaxError) throw new FilterSyntaxError(`bad regexp ${value}`);
      if (kind === 'legacy-aspath') { try { new RegExp(legacyRegex(value)); } catch { throw new FilterSyntaxError(`bad regexp ${value}`); } }
      return { op: 'cmp', prop, cmp: 'regexp', value };
    }
    if (kind === 'word') {
      // `protocol bgp`, `afi ip`: no operator; `==`/`!=` taken too, and the string operators `find` and `regexp`.
      const t = this.peek();
      const cmp = t === '==' || t === '!=' || t === 'find' || t === 'regexp' ? this.next() : '==';
      const value = this.word();
      if (cmp === 'regexp') { try { new RegExp(value); } catch { throw new FilterSyntaxError(`bad regexp ${value}`); } }
      if (cmp === '==' || cmp === '!=') {
        if (prop === 'afi' && !value.split(',').every((v) => AFIS.includes(v))) throw new FilterSyntaxError(`bad afi ${value}`);
        if (prop === 'ospf-type' && !value.split(',').every((v) => OSPF_TYPES.includes(v))) throw new FilterSyntaxError(`bad ospf-type ${value}`);
        if (prop === 'bgp-origin' && !ORIGINS.includes(value)) throw new FilterSyntaxError(`bad bgp-origin ${value}`);
      }
      return { op: 'cmp', prop, cmp, value };
    }
    if (kind === 'communities') {
      const cmp = this.word();
      if (!COMMUNITY_OPS.includes(cmp)) throw new FilterSyntaxError(`unknown operator ${cmp}`);
      const value = this.word();
      if (cmp.endsWith('-regexp')) { try { new RegExp(value); } catch { throw new FilterSyntaxError(`bad regexp ${value}`); } } else if (!cmp.endsWith('-list')) for (const c of value.split(',')) community(c);
      return { op: 'cmp', prop, cmp, value };
    }
    const cmp = this.next();
    if (!['==', '!=', '<', '>', '<=', '>=', 'in'].includes(cmp)) throw new FilterSyntaxError(`unexpected ${cmp}`);
    const value = this.word();
    if (kind === 'num') {
      if (cmp === 'in') {
        if (/^\d/.test(value) && !RANGE.test(value)) throw new FilterSyntaxError(`bad range ${value}`);
      } else if (!/^-?\d+$/.test(value) && !READABLE[value]) throw new FilterSyntaxError(`bad number ${value}`);
    } else {
      if (['<', '>', '<=', '>='].includes(cmp)) throw new FilterSyntaxError(`unexpected ${cmp}`);
      if ((cmp !== 'in' || /^[\d.:]+\//.test(value) || /^\d/.test(value)) && parsePrefix(value) === undefined && !IPV6.test(value)) {
        throw new FilterSyntaxError(`bad prefix ${value}`);
      }
    }
    return { op: 'cmp', prop, cmp, value };
  }
}

function checkValue(kind: string, prop: string, value: string) {
  const bad = () => { throw new FilterSyntaxError(`bad value ${value} for ${prop}`); };
  // A numeric value: a number, `+N`/`-N`, or another numeric property (`set distance +ospf-ext-metric`).
  if (kind === 'num' && !/^[+-]?\d+$/.test(value) && READABLE[value.replace(/^[+-]/, '')] !== 'num') bad();
  if (prop === 'gw-check' && !GW_CHECKS.includes(value)) bad();
  if (kind === 'addr' && parsePrefix(value) === undefined && !IPV6.test(value)) bad();
  if (prop === 'ospf-ext-type' && !['type1', 'type2'].includes(value)) bad();
  if (kind === 'word' && prop === 'bgp-origin' && !ORIGINS.includes(value)) bad();
  if (kind === 'flag' && !['yes', 'no', 'true', 'false'].includes(value)) bad();
  if (kind === 'communities' && !/^[a-zA-Z][\w-]*$/.test(value)) for (const c of value.split(',')) community(c);
  if (prop === 'bgp-path-prepend' && /^\d+$/.test(value) && Number(value) > 16) bad();
}

/** A community by number pair or well-known name, as `65000:100`. */
function community(text: string): string {
  if (WELL_KNOWN[text]) return WELL_KNOWN[text];
  const m = /^(\d+):(\d+)(?::(\d+))?$/.exec(text);
  if (!m) throw new FilterSyntaxError(`bad community ${text}`);
  return text;
}

/** An IPv6 address or prefix (`2a0e:7d44:f000:a::2`, `fe80::/10`): taken, compared as text. */
const IPV6 = /^[0-9a-fA-F:]*:[0-9a-fA-F:.]*(?:\/\d{1,3})?$/;

/** Whether prefix `inner` lies within `outer` (or is it). */
function within(inner: [number, number], outer: [number, number]): boolean {
  return inner[1] >= outer[1] && ((inner[0] & maskOf(outer[1])) >>> 0) === outer[0];
}

/** A v6-style AS path regexp (`bgp-as-path-slow-legacy`): on the ASNs joined by spaces, `_` a boundary. */
function legacyRegex(pattern: string): string {
  return pattern.replace(/_/g, '(?:^| |$)');
}

// ---------------------------------------------------------------- cache

const parsed = new Map<string, Stmt[] | FilterSyntaxError>();

/** The program of a rule text, or the syntax error that makes the rule inactive. Cached by text. */
export function parseRule(text: string): Stmt[] | FilterSyntaxError {
  let p = parsed.get(text);
  if (p === undefined) {
    try {
      p = new Parser(tokenize(text)).program();
    } catch (e) {
      p = e instanceof FilterSyntaxError ? e : new FilterSyntaxError(String(e));
    }
    if (parsed.size > 10000) parsed.clear();
    parsed.set(text, p);
  }
  return p;
}

// ---------------------------------------------------------------- evaluation

/** Rules of each chain, in order: the router's enabled /routing/filter/rule rows. */
export type Chains = ReadonlyMap<string, readonly string[]>;

type Outcome = 'accept' | 'reject' | 'return' | undefined;

class Evaluation {
  private depth = 0;
  constructor(private readonly chains: Chains, private readonly lists: FilterLists) {}

  chain(name: string, r: FilterRoute): Outcome {
    // A jump loop ends as the router's would have to: the route is rejected.
    if (++this.depth > 32) return 'reject';
    try {
      for (const text of this.chains.get(name) ?? []) {
        const prog = parseRule(text);
        if (prog instanceof FilterSyntaxError) continue;
        const out = this.stmts(prog, r);
        if (out === 'accept' || out === 'reject') return out;
        if (out === 'return') return undefined;
      }
      return undefined;
    } finally {
      this.depth--;
    }
  }

  private stmts(list: readonly Stmt[], r: FilterRoute): Outcome {
    for (const s of list) {
      const out = this.stmt(s, r);
      if (out) return out;
    }
    return undefined;
  }

  private stmt(s: Stmt, r: FilterRoute): Outcome {
    switch (s.kind) {
      case 'if': return this.stmts(this.test(s.cond, r) ? s.then : s.else, r);
      case 'accept': case 'reject': case 'return': return s.kind;
      case 'jump': {
        const out = this.chain(s.chain, r);
        return out === 'accept' || out === 'reject' ? out : undefined;
      }
      // RPKI validation needs a validator the lab does not have: routes stay `unverified`.
      case 'rpki-verify': return undefined;
      default: write(s, r, this.lists); return undefined;
    }
  }

  test(c: Cond, r: FilterRoute): boolean {
    switch (c.op) {
      case 'and': return this.test(c.a, r) && this.test(c.b, r);
      case 'or': return this.test(c.a, r) || this.test(c.b, r);
      case 'not': return !this.test(c.a, r);
      case 'flag': {
        const empty = /^(bgp-(?:ext-|large-)?communities)-empty$/.exec(c.prop);
        if (empty) return !((r as unknown as Record<string, string[]>)[empty[1]] ?? []).length;
        return Boolean((r as unknown as Record<string, unknown>)[c.prop]);
      }
      case 'chain': {
        // `chain NAME` matches when that chain accepts the route (run on a copy: its sets stay there).
        return this.chain(c.name, copyRoute(r)) === 'accept';
      }
      case 'cmp': return compare(c, r, this.lists);
    }
  }
}

function read(prop: string, r: FilterRoute): number | string | undefined {
  if (prop === 'dst-len') return Number(r.dst.split('/')[1]);
  if (prop === 'bgp-path-len') return r['bgp-as-path'].length;
  const v = (r as unknown as Record<string, unknown>)[prop];
  return v === undefined ? undefined : (v as number | string);
}

function compare(c: Extract<Cond, { op: 'cmp' }>, r: FilterRoute, lists: FilterLists): boolean {
  const kind = READABLE[c.prop];
  if (kind === 'aspath') return asPathMatches(c.value, r['bgp-as-path'], (name) => lists.numList(name));
  if (kind === 'legacy-aspath') return new RegExp(legacyRegex(c.value)).test(r['bgp-as-path'].join(' '));
  if (kind === 'communities') {
    const raw = (r as unknown as Record<string, string[]>)[c.prop] ?? [];
    const have = new Set(raw.map(community));
    if (c.cmp.endsWith('-regexp')) {
      const re = new RegExp(c.value);
      return c.cmp === 'any-regexp' ? raw.some((x) => re.test(x)) : raw.every((x) => re.test(x));
    }
    const want = (c.cmp.endsWith('-list') ? lists.communityList(c.value) : c.value.split(',')).map(community);
    switch (c.cmp.replace(/-list$/, '')) {
      case 'includes': return want.every((w) => have.has(w));
      case 'any': return want.some((w) => have.has(w));
      case 'equal': return have.size === new Set(want).size && want.every((w) => have.has(w));
      default: /* subset */ return [...have].every((h) => want.includes(h));
    }
  }
  const v = read(c.prop, r);
  if (v === undefined) return c.cmp === '!=';
  if (kind === 'word') {
    if (c.cmp === 'find') return String(v).includes(c.value);
    if (c.cmp === 'regexp') return new RegExp(c.value).test(String(v));
    const norm = (x: string) => (c.prop === 'afi' ? AFI_ALIASES[x] ?? x : x);
    const m = c.value.split(',').map(norm).includes(norm(String(v)));
    return c.cmp === '!=' ? !m : m;
  }
  if (kind === 'num') {
    const n = Number(v);
    if (c.cmp === 'in') {
      const m = RANGE.exec(c.value);
      const ranges: readonly [number, number][] = m ? [[Number(m[1]), Number(m[2] ?? m[1])]] : lists.numList(c.value);
      return ranges.some(([a, b]) => n >= a && n <= b);
    }
    const other = /^-?\d+$/.test(c.value) ? Number(c.value) : Number(read(c.value, r));
    switch (c.cmp) {
      case '==': return n === other;
      case '!=': return n !== other;
      case '<': return n < other;
      case '>': return n > other;
      case '<=': return n <= other;
      default: return n >= other;
    }
  }
  // Prefixes: `==` the same prefix, `in` within a prefix or within an entry of an address list.
  const have = parsePrefix(String(v).split('%')[0]);
  if (!have) return c.cmp === '!=';
  if (c.cmp === 'in') {
    const literal = parsePrefix(c.value);
    if (literal) return within(have, literal);
    // An address list matches "only the exact prefix" (manual, Prefix Operators).
    return lists.addressList(c.value).some((a) => { const p = parsePrefix(a); return p !== undefined && p[0] === have[0] && p[1] === have[1]; });
  }
  const want = parsePrefix(c.value);
  const same = want !== undefined && have[0] === want[0] && have[1] === want[1];
  return c.cmp === '!=' ? !same : same;
}

/** Whether a community is well-known: 65535:x (RFC 1997's reserved range, where all the named ones lie). */
const wellKnown = (c: string) => community(c).startsWith('65535:');

function write(s: Extract<Stmt, { prop: string }>, r: FilterRoute, lists: FilterLists) {
  const rec = r as unknown as Record<string, unknown>;
  const kind = WRITABLE[s.prop];
  if (s.kind === 'unset') { delete rec[s.prop]; return; }
  if (s.prop === 'comment' && s.kind === 'append') { rec.comment = `${rec.comment ?? ''}${s.value}`; return; }
  if (kind === 'communities') {
    const current = (rec[s.prop] as string[] | undefined) ?? [];
    const has = (list: readonly string[], c: string) => list.some((x) => community(x) === community(c));
    if (s.kind === 'delete') {
      // `delete bgp-communities wk,other,LIST,REGEXP`: well-known ones, the others, a list's, a pattern's.
      const parts = s.value.split(',');
      rec[s.prop] = current.filter((c) => !parts.some((part) => {
        if (part === 'wk') return wellKnown(c);
        if (part === 'other') return !wellKnown(c);
        if (/^(\d+:\d+(:\d+)?|[a-z-]+)$/.test(part) && (WELL_KNOWN[part] || /^\d/.test(part))) return community(part) === community(c);
        const listed = lists.communityList(part);
        if (listed.length) return has(listed, c);
        try { return new RegExp(part).test(c); } catch { return false; }
      }));
      return;
    }
    const values = /^[a-zA-Z][\w-]*$/.test(s.value) && !WELL_KNOWN[s.value] ? lists.communityList(s.value) : s.value.split(',');
    if (s.kind === 'set') rec[s.prop] = [...values];
    else if (s.kind === 'append') rec[s.prop] = [...current, ...values.filter((v) => !has(current, v))];
    else rec[s.prop] = current.filter((c) => has(values, c));
    return;
  }
  if (kind === 'num') {
    // `N`, `+N`/`-N`, another numeric property, or `+prop`/`-prop` (the manual: "set distance +ospf-ext-metric").
    const sign = /^[+-]/.test(s.value) ? s.value[0] : '';
    const body = sign ? s.value.slice(1) : s.value;
    const amount = /^\d+$/.test(body) ? Number(body) : Number(read(body, r) ?? 0);
    const base = Number(rec[s.prop] ?? 0);
    rec[s.prop] = Math.max(0, sign === '+' ? base + amount : sign === '-' ? base - amount : amount);
    return;
  }
  if (kind === 'flag') { rec[s.prop] = s.value === 'yes' || s.value === 'true'; return; }
  rec[s.prop] = s.value;
}

function copyRoute(r: FilterRoute): FilterRoute {
  return {
    ...r,
    'bgp-as-path': [...r['bgp-as-path']],
    'bgp-communities': [...r['bgp-communities']],
    'bgp-large-communities': [...r['bgp-large-communities']],
    'bgp-ext-communities': [...r['bgp-ext-communities']],
  };
}

const NO_LISTS: FilterLists = { addressList: () => [], numList: () => [], communityList: () => [] };

/**
 * Runs a route through a chain. The route that comes out (with the chain's `set`s) when the
 * chain accepts it; undefined when it rejects it or runs out (the default is reject). A chain
 * the router does not have rejects everything, like an empty one.
 */
export function runChain(chains: Chains, chain: string, route: FilterRoute, lists: FilterLists = NO_LISTS): FilterRoute | undefined {
  const r = copyRoute(route);
  return new Evaluation(chains, lists).chain(chain, r) === 'accept' ? r : undefined;
}

/** The chains of a router's /routing/filter/rule rows: enabled rules, in order. */
export function chainsOf(rows: readonly { values: Record<string, string> }[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const row of rows) {
    if (row.values.disabled === 'true' || !row.values.chain) continue;
    const list = out.get(row.values.chain) ?? [];
    list.push(row.values.rule ?? '');
    out.set(row.values.chain, list);
  }
  return out;
}

/** A route with no BGP attributes, for a filter's input. */
export function plainRoute(dst: string, protocol: string, extra: Partial<FilterRoute> = {}): FilterRoute {
  return {
    dst, afi: 'ip', protocol, distance: 1, scope: 30, 'target-scope': 10, 'routing-table': 'main',
    'bgp-as-path': [], 'bgp-communities': [], 'bgp-large-communities': [], 'bgp-ext-communities': [], ...extra,
  };
}
