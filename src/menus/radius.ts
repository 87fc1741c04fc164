// /radius: the router's RADIUS client, as logins use it (/user/aaa `use-radius`), and its
// counters (`/radius monitor`), and /radius/incoming's menu (its requests are carried by
// src/services/radius.ts and answered by ./radius-incoming.ts). routeros-facts.md 57.
//
// A login no local user takes is asked of each enabled /radius entry whose `service` has
// `login`, in the list's order: a PAP Access-Request (its attributes: `radiusLogin`), sent
// again after each `timeout` without an answer, RESENDS times, then the next entry. The
// first Access-Accept or Access-Reject decides; a reply whose authenticator (or, where the
// entry requires it, Message-Authenticator) is wrong is a bad reply and is not taken. An
// Access-Accept gives the login its group: the Mikrotik-Group attribute (vendor 14988, 3)
// naming a group the router has, else /user/aaa `default-group`; a group of `exclude-groups`
// is refused. With /user/aaa `accounting=yes` each such login's start and end (and an
// interim update every `interim-update`, when set) go to the entries' accounting ports.

import dgram from 'node:dgram';
import net from 'node:net';
import type { CommandContext, Environment, MenuDecl, Reply } from '../core/schema.js';
import { durationToMs } from '../core/values.js';
import { findRows } from '../core/records.js';
import type { Row } from '../core/store.js';
import {
  ATTR, CODE, MIKROTIK, MIKROTIK_ATTR, MAX_PACKET, accessRequest, accountingRequest, checkMessageAuthenticator,
  checkReply, decode, int32, ipv4, text, vendorAttribute, type Attribute,
} from '../device/radius-packet.js';
import { logWanted, writeLog } from './log.js';
import { MONITOR_ARGS, monitorLoop, sorted, text as textArg } from './tool/common.js';

const RADIUS = 'radius';
const AAA = 'user/aaa';

/** Sends after the first when no answer comes within `timeout` (so a silent entry costs 3 × timeout). */
const RESENDS = 2;
/** `timeout` when the entry has none (routeros-facts.md 57.2). */
const DEFAULT_TIMEOUT = 300;
/** Every Access-Request carries a Message-Authenticator, whatever `require-message-auth` says (routeros-facts.md 57.3). */
const SEND_MESSAGE_AUTH = true;
/** RADIUS requests waiting for an answer at once, all entries together: beyond it a login is refused at once. */
const MAX_PENDING = 256;

/** Service-Type Login-User (RFC 2865 5.6), Acct-Status-Type Start/Stop/Interim-Update (RFC 2866 5.1). */
const LOGIN_USER = 1;
const ACCT = { Start: 1, Stop: 2, 'Interim-Update': 3 } as const;
/** Acct-Authentic RADIUS (RFC 2866 5.6), Acct-Terminate-Cause User-Request and Admin-Reset (5.10). */
const AUTHENTIC_RADIUS = 1;
const TERMINATE = { 'user-request': 1, 'admin-reset': 6 } as const;

export interface Counters {
  requests: number; accepts: number; rejects: number; resends: number; timeouts: number; 'bad-replies': number;
  pending: number; 'last-request-rtt': number;
}
const zero = (): Counters => ({ requests: 0, accepts: 0, rejects: 0, resends: 0, timeouts: 0, 'bad-replies': 0, pending: 0, 'last-request-rtt': 0 });

/** The client's state per router: counters by /radius record id, the pending count, the request ids in use. */
interface State { counters: Map<number, Counters>; pending: number; nextId: number; session: number }
const states = new WeakMap<object, State>();
function stateOf(env: Environment): State {
  let s = states.get(env.store);
  if (!s) states.set(env.store, (s = { counters: new Map(), pending: 0, nextId: Math.floor(Math.random() * 256), session: 0 }));
  return s;
}
function countersOf(env: Environment, id: number): Counters {
  const s = stateOf(env);
  let c = s.counters.get(id);
  if (!c) s.counters.set(id, (c = zero()));
  return c;
}

const aaa = (env: Environment) => env.store.table(AAA).rows[0]?.values ?? {};
const yes = (v: string | undefined) => v === 'true' || v === 'yes';

/** Whether a login no local user takes is to be asked of RADIUS. */
export const radiusUsed = (env: Environment) => yes(aaa(env)['use-radius']);

/** An entry as the client uses it. */
interface Server { row: Row; host: string; vrf: string; authPort: number; acctPort: number; secret: string; timeoutMs: number; src?: string; realm?: string; messageAuth: boolean }

function serversFor(env: Environment, service: string): Server[] {
  return env.store.table(RADIUS).rows.flatMap((row) => {
    const v = row.values;
    if (v.disabled === 'true' || !(v.service ?? '').split(',').includes(service) || !v.address) return [];
    // `address@vrf` names the VRF the server is reached in (help.mikrotik.com, RADIUS).
    const [host, vrf = 'main'] = v.address.split('@');
    if (!net.isIP(host)) return [];
    return [{
      row, host, vrf, secret: v.secret ?? '',
      authPort: Number(v['authentication-port'] ?? 1812) || 1812, acctPort: Number(v['accounting-port'] ?? 1813) || 1813,
      timeoutMs: v.timeout ? durationToMs(v.timeout) : DEFAULT_TIMEOUT,
      src: v['src-address'] && v['src-address'] !== '0.0.0.0' && v['src-address'] !== '::' ? v['src-address'] : undefined,
      realm: v.realm || undefined,
      messageAuth: (v['require-message-auth'] ?? 'no') !== 'no',
    }];
  });
}

const identity = (env: Environment) => env.store.table('system/identity').rows[0]?.values.name ?? 'MikroTik';
const hex2 = (n: number) => n.toString(16).padStart(2, '0');

function debug(env: Environment, message: string) {
  if (logWanted(env, 'radius,debug')) writeLog(env, 'radius,debug', message);
}

/** The attributes every request of a login carries besides its own (NAS-Identifier, the realm). */
function nasAttributes(env: Environment, server: Server, local: string): Attribute[] {
  const out: Attribute[] = [{ type: ATTR['NAS-Identifier'], value: text(identity(env)) }];
  if (net.isIPv4(local)) out.push({ type: ATTR['NAS-IP-Address'], value: ipv4(local) });
  if (server.realm) out.push({ type: ATTR['Vendor-Specific'], vendor: MIKROTIK, vendorType: MIKROTIK_ATTR['Mikrotik-Realm'], value: text(server.realm) });
  return out;
}

/** One request to one entry: the reply's bytes, or undefined when none came (or the socket could not be made). */
async function exchange(env: Environment, server: Server, port: number, make: (id: number, local: string) => { bytes: Buffer; authenticator: Buffer }, accept: (reply: Buffer, authenticator: Buffer) => boolean, label: string): Promise<Buffer | undefined> {
  // A VRF other than main has no way out of this process (routeros-facts.md 57.6).
  if (server.vrf !== 'main') { debug(env, `request ${label}: no route to ${server.host} in vrf ${server.vrf}`); return undefined; }
  const s = stateOf(env);
  const c = countersOf(env, server.row.id);
  const id = (s.nextId = (s.nextId + 1) & 0xff);
  const socket = dgram.createSocket(net.isIPv6(server.host) ? 'udp6' : 'udp4');
  socket.on('error', () => {});
  try {
    // Bound to src-address where set: the server sees it as the request's source.
    const bound = await new Promise<boolean>((ok) => {
      socket.once('error', () => ok(false));
      socket.bind({ port: 0, address: server.src }, () => ok(true));
    });
    if (!bound) { debug(env, `request ${label}: cannot send from ${server.src}`); return undefined; }
    if (!await new Promise<boolean>((ok) => { socket.once('error', () => ok(false)); socket.connect(port, server.host, () => ok(true)); })) return undefined;
    const local = server.src ?? socket.address().address;
    const { bytes, authenticator } = make(id, local);
    c.requests++;
    c.pending++;
    const started = performance.now();
    try {
      for (let attempt = 0; attempt <= RESENDS; attempt++) {
        if (attempt) { c.resends++; debug(env, `resending ${label}`); }
        else debug(env, `sending ${label} to ${server.host}:${port}`);
        socket.send(bytes);
        const reply = await new Promise<Buffer | undefined>((ok) => {
          const timer = setTimeout(() => { socket.off('message', onMessage); ok(undefined); }, server.timeoutMs);
          function onMessage(m: Buffer) {
            // A reply to another id is not this one's; one that fails its checks is a bad reply, and the wait goes on.
            if (m.length < 20 || m[1] !== id) return;
            if (!accept(m, authenticator)) { c['bad-replies']++; debug(env, `bad reply for ${label} from ${server.host}:${port}`); return; }
            clearTimeout(timer);
            socket.off('message', onMessage);
            ok(m);
          }
          socket.on('message', onMessage);
        });
        if (reply) {
          c['last-request-rtt'] = Math.round(performance.now() - started);
          debug(env, `received reply for ${label}`);
          return reply;
        }
      }
      c.timeouts++;
      debug(env, `timeout for ${label}`);
      return undefined;
    } finally {
      c.pending--;
    }
  } finally {
    socket.close();
  }
}

const ACCESS_REPLIES: ReadonlySet<number> = new Set([CODE['Access-Accept'], CODE['Access-Reject'], CODE['Access-Challenge']]);

/** A reply to an Access-Request is taken when it is well formed, signed with the secret, and (where required) carries a right Message-Authenticator. */
function acceptAccess(server: Server) {
  return (m: Buffer, authenticator: Buffer) => {
    const p = decode(m);
    if (!p || m.length > MAX_PACKET || !ACCESS_REPLIES.has(p.code)) return false;
    if (!checkReply(m, server.secret, authenticator)) return false;
    const ma = checkMessageAuthenticator(m, server.secret, authenticator);
    if (ma === false) return false;
    return !(server.messageAuth && ma === undefined);
  };
}

export interface RadiusLogin { user: string; password: string; address: string; via: string }

/**
 * The group a RADIUS server lets this login in with, or undefined when it is refused (or no
 * server answered). Only called for a name no local user has, with `use-radius=yes`.
 */
export async function radiusLogin(env: Environment, login: RadiusLogin): Promise<string | undefined> {
  const s = stateOf(env);
  const servers = serversFor(env, 'login');
  if (!servers.length) return undefined;
  if (s.pending >= MAX_PENDING) { debug(env, `too many pending requests, login of ${login.user} refused`); return undefined; }
  s.pending++;
  try {
    for (const server of servers) {
      const label = `${hex2(server.row.id & 0xff)}:${hex2(++s.session & 0xff)}`;
      debug(env, `new request ${label} code=Access-Request service=login`);
      const m = await exchange(env, server, server.authPort, (id, local) => accessRequest(id, server.secret, [
        { type: ATTR['User-Name'], value: text(login.user) },
        { type: ATTR['Service-Type'], value: int32(LOGIN_USER) },
        ...(login.address ? [{ type: ATTR['Calling-Station-Id'], value: text(login.address) }] : []),
        ...nasAttributes(env, server, local),
      ], login.password, SEND_MESSAGE_AUTH), acceptAccess(server), label);
      if (!m) continue;
      const p = decode(m)!;
      const c = countersOf(env, server.row.id);
      debug(env, `request ${label} processed`);
      if (p.code !== CODE['Access-Accept']) {
        c.rejects++;
        return undefined;
      }
      c.accepts++;
      return groupOf(env, vendorAttribute(p, MIKROTIK, MIKROTIK_ATTR['Mikrotik-Group'])?.toString('utf8'));
    }
    return undefined;
  } finally {
    s.pending--;
  }
}

/** The group an accepted login gets: Mikrotik-Group where it names a group, else default-group; none when excluded. */
function groupOf(env: Environment, given: string | undefined): string | undefined {
  const groups = env.store.table('user/group');
  const nameOf = (stored: string | undefined) => {
    if (!stored) return undefined;
    if (stored.startsWith('*')) return groups.get(Number.parseInt(stored.slice(1), 16))?.values.name;
    return stored;
  };
  const known = (name: string | undefined) => (name && groups.rows.some((r) => r.values.name === name) ? name : undefined);
  const v = aaa(env);
  const group = known(given) ?? known(nameOf(v['default-group']) ?? 'read');
  if (!group) return undefined;
  const excluded = (v['exclude-groups'] ?? '').split(',').filter(Boolean).map(nameOf);
  return excluded.includes(group) ? undefined : group;
}

// ---------------------------------------------------------------- accounting

export interface AccountedLogin { user: string; address: string; via: string; since: number }

interface Accounted { sessionId: string; timer?: NodeJS.Timeout }
const accounted = new WeakMap<object, Map<AccountedLogin, Accounted>>();

/** Sends one Accounting-Request to each entry of `login` (accounting-backup ones only when a primary did not answer). */
async function account(env: Environment, login: AccountedLogin, status: keyof typeof ACCT, sessionId: string, cause?: keyof typeof TERMINATE) {
  const servers = serversFor(env, 'login');
  const primary = servers.filter((s) => s.row.values['accounting-backup'] !== 'true');
  const backup = servers.filter((s) => s.row.values['accounting-backup'] === 'true');
  const now = env.now();
  for (const group of [primary, backup]) {
    for (const server of group) {
      const label = `${hex2(server.row.id & 0xff)}:${hex2(++stateOf(env).session & 0xff)}`;
      debug(env, `new request ${label} code=Accounting-Request service=login`);
      const m = await exchange(env, server, server.acctPort, (id, local) => accountingRequest(CODE['Accounting-Request'], id, server.secret, [
        { type: ATTR['Acct-Status-Type'], value: int32(ACCT[status]) },
        { type: ATTR['User-Name'], value: text(login.user) },
        { type: ATTR['Acct-Session-Id'], value: text(sessionId) },
        { type: ATTR['Service-Type'], value: int32(LOGIN_USER) },
        { type: ATTR['Acct-Authentic'], value: int32(AUTHENTIC_RADIUS) },
        ...(login.address ? [{ type: ATTR['Calling-Station-Id'], value: text(login.address) }] : []),
        ...(status !== 'Start' ? [{ type: ATTR['Acct-Session-Time'], value: int32(Math.floor((now - login.since) / 1000)) }] : []),
        ...(cause ? [{ type: ATTR['Acct-Terminate-Cause'], value: int32(TERMINATE[cause]) }] : []),
        { type: ATTR['Event-Timestamp'], value: int32(Math.floor(now / 1000)) },
        ...nasAttributes(env, server, local),
      ]), (reply, authenticator) => {
        const p = decode(reply);
        return !!p && p.code === CODE['Accounting-Response'] && checkReply(reply, server.secret, authenticator);
      }, label);
      if (m) return;
    }
  }
}

/** A RADIUS login began: accounting Start (and interim updates) when /user/aaa `accounting=yes`. */
export function accountingStart(env: Environment, login: AccountedLogin) {
  if (!yes(aaa(env).accounting ?? 'true')) return;
  let map = accounted.get(env.store);
  if (!map) accounted.set(env.store, (map = new Map()));
  const s = stateOf(env);
  const entry: Accounted = { sessionId: `${(++s.session).toString(16).padStart(8, '0')}` };
  map.set(login, entry);
  void account(env, login, 'Start', entry.sessionId);
  const interim = aaa(env)['interim-update'];
  const every = interim ? durationToMs(interim) : 0;
  if (every > 0) {
    entry.timer = setInterval(() => void account(env, login, 'Interim-Update', entry.sessionId), every);
    entry.timer.unref();
  }
}

/** Sessions a Disconnect-Request ends: their Stop says Admin-Reset, not User-Request. */
const reset = new WeakSet<AccountedLogin>();
export function markReset(login: AccountedLogin) { reset.add(login); }

/** A RADIUS login ended: accounting Stop for what Start was sent. */
export function accountingStop(env: Environment, login: AccountedLogin) {
  const map = accounted.get(env.store);
  const entry = map?.get(login);
  if (!entry) return;
  map!.delete(login);
  const cause = reset.has(login) ? 'admin-reset' : 'user-request';
  if (entry.timer) clearInterval(entry.timer);
  void account(env, login, 'Stop', entry.sessionId, cause);
}

/** The Acct-Session-Id a login's accounting carries, for Disconnect-Request matching. */
export function sessionIdOf(env: Environment, login: AccountedLogin): string | undefined {
  return accounted.get(env.store)?.get(login)?.sessionId;
}

// ---------------------------------------------------------------- the menus

/** The counters as monitor replies them, keys in the router's (alphabetical) order. */
const shownCounters = (c: Counters): Reply => sorted({
  pending: String(c.pending), requests: String(c.requests), accepts: String(c.accepts), rejects: String(c.rejects),
  resends: String(c.resends), timeouts: String(c.timeouts), 'bad-replies': String(c['bad-replies']),
  'last-request-rtt': `${c['last-request-rtt']}ms`,
});

async function* monitor(ctx: CommandContext): AsyncGenerator<Reply, void> {
  const menu = ctx.env.menu(RADIUS);
  const rows = findRows(ctx.env, menu, ctx.args.numbers, ctx.session);
  yield* monitorLoop(ctx, () => rows.map((row) => shownCounters(countersOf(ctx.env, row.id))));
}

async function* resetCounters(ctx: CommandContext): AsyncGenerator<Reply, void> {
  const s = stateOf(ctx.env);
  for (const [id, c] of s.counters) s.counters.set(id, { ...zero(), pending: c.pending });
}

export const radiusMenu: MenuDecl = {
  path: RADIUS,
  kind: 'table',
  commands: {
    monitor: { policy: ['read'], args: { numbers: textArg, ...MONITOR_ARGS }, unnamed: 'numbers', run: monitor },
    'reset-counters': { policy: ['write'], args: {}, run: resetCounters },
  },
};

/** /radius/incoming's counters (`monitor`): requests, acks, naks, bad requests. */
export interface IncomingCounters { requests: number; acks: number; naks: number; 'bad-requests': number }
const incoming = new WeakMap<object, IncomingCounters>();
export function incomingCounters(env: Environment): IncomingCounters {
  let c = incoming.get(env.store);
  if (!c) incoming.set(env.store, (c = { requests: 0, acks: 0, naks: 0, 'bad-requests': 0 }));
  return c;
}

async function* incomingMonitor(ctx: CommandContext): AsyncGenerator<Reply, void> {
  yield* monitorLoop(ctx, () => {
    const c = incomingCounters(ctx.env);
    return [sorted({ requests: String(c.requests), acks: String(c.acks), naks: String(c.naks), 'bad-requests': String(c['bad-requests']) })];
  });
}

export const radiusIncoming: MenuDecl = {
  path: 'radius/incoming',
  kind: 'settings',
  commands: {
    monitor: { policy: ['read'], args: { ...MONITOR_ARGS }, run: incomingMonitor },
    'reset-counters': { policy: ['write'], args: {}, run: async function* (ctx) { Object.assign(incomingCounters(ctx.env), { requests: 0, acks: 0, naks: 0, 'bad-requests': 0 }); } },
  },
};

