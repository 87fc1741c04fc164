// /system/ntp: the router's NTP client and server (manual.mikrotik.com "NTP";
// routeros-facts.md 45.7-45.10).
//
// The client, while `enabled`, polls every server of `servers` and of /system/ntp/client/servers
// (a name is looked up through the router's resolver at every poll): a burst of one query a
// second at first (`iburst`), then every 2^min-poll seconds. Of the answers that are fit (a
// server that is itself synchronized, stratum 1-15, answering the query it was sent) the one
// of the lowest stratum, then the shortest delay, sets the router's clock: a step when it is
// more than 128 ms off (logged as the router logs it: `ntp change time <before> => <after>`),
// else the offset is taken in at once. The router's clock is an offset over the process clock
// kept per router (./clock.ts), never the host's clock. `status`, `synced-server`,
// `synced-stratum`, `system-offset` (ms) and `freq-drift` (PPM) show the client's state.
//
// The server (the ntp face, src/services/ntp.ts, while /system/ntp/server is `enabled`)
// answers client requests (mode 3) with the router's clock: the stratum one below its
// synced server's, or `local-clock-stratum` with `use-local-clock` while the client is not
// synchronized, else leap 3 and stratum 16 (unsynchronized, RFC 5905 7.3). Control and
// private requests (modes 6 and 7, ntpq and ntpdc, the amplification attacks' way in) go
// unanswered.

import net from 'node:net';
import type { Environment, FieldDecl, MenuDecl } from '../../core/schema.js';
import { str } from '../../core/values.js';
import { decodeNtp, encodeNtp, refIdOf, NTP_HEADER, type NtpPacket } from '../../device/ntp-packet.js';
import { exchangeUdp } from '../../device/upstream.js';
import { logWanted, writeLog } from '../log.js';
import { networkOf } from '../tool/ping.js';
import { resolverOf } from '../ip/dns-resolver.js';
import { routerNow, stepClock, oldClockText } from './clock.js';

const CLIENT = 'system/ntp/client';
const SERVER = 'system/ntp/server';
const SERVERS = 'system/ntp/client/servers';

/** The clock is stepped, not slewed, when it is off by more than this (RFC 5905's STEPT). */
const STEP_MS = 128;
/** How long one query waits for its answer. */
const QUERY_MS = 1000;
/** Queries of the burst after the client starts, one a second. */
const BURST = 4;
/** The shortest time between two samples that the drift is measured over. */
const DRIFT_SPAN = 60_000;
/** Failed polls in a row after which a synchronized client waits again. */
const LOST_AFTER = 8;

interface Sample { server: string; address: string; offset: number; delay: number; stratum: number; refId: Buffer; rootDelay: number; rootDispersion: number }

interface State {
  status: 'stopped' | 'waiting' | 'synchronized';
  synced?: Sample;
  /** ms of the last sample that set the clock, and the offset then (for freq-drift). */
  lastAt?: number;
  driftPpm: number;
  failed: number;
}

const clientValues = (env: Environment) => env.store.table(CLIENT).rows[0]?.values ?? {};
const serverValues = (env: Environment) => env.store.table(SERVER).rows[0]?.values ?? {};

/** A VRF setting as its name (`main`, or the /ip/vrf record's name). */
function vrfName(env: Environment, stored: string | undefined): string {
  if (!stored || stored === 'main') return 'main';
  return env.nameOf('ip/vrf', Number.parseInt(stored.slice(1), 16)) ?? stored;
}

// ---------------------------------------------------------------- the client

class NtpClient {
  state: State = { status: 'stopped', driftPpm: 0, failed: 0 };
  private timer?: NodeJS.Timeout;
  private rounds = 0;
  private unwatch?: () => void;
  private running = false;
  /** Aborted by `stop`: the queries under way end at once, and no poll follows them. */
  private readonly stopped = new AbortController();

  constructor(private readonly env: Environment) {}

  start() {
    this.unwatch = this.env.store.onCommit((tables) => {
      if (tables.has(CLIENT) || tables.has(SERVERS)) this.follow();
    });
    this.follow();
  }

  stop() {
    this.unwatch?.();
    this.stopped.abort();
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Starts or stops polling as the configuration says; a change starts a new burst. */
  private follow() {
    const enabled = clientValues(this.env).enabled === 'true';
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.rounds = 0;
    // A change of the client's settings starts it afresh, as the router restarts its client.
    this.state = { status: enabled ? 'waiting' : 'stopped', driftPpm: this.state.driftPpm, failed: 0 };
    if (enabled) this.schedule(0);
  }

  private schedule(ms: number) {
    this.timer = setTimeout(() => void this.poll(), ms);
    this.timer.unref();
  }

  /** The servers to ask: `servers`, then the enabled entries of /system/ntp/client/servers. */
  private servers(): { server: string; minPoll: number; iburst: boolean }[] {
    const out = new Map<string, { server: string; minPoll: number; iburst: boolean }>();
    for (const s of (clientValues(this.env).servers ?? '').split(',').filter(Boolean)) out.set(s, { server: s, minPoll: 6, iburst: true });
    for (const row of this.env.store.table(SERVERS).rows) {
      const v = row.values;
      if (v.disabled === 'true' || !v.address) continue;
      out.set(v.address, { server: v.address, minPoll: Number(v['min-poll'] ?? 6) || 6, iburst: v.iburst !== 'false' });
    }
    return [...out.values()];
  }

  private async poll() {
    if (this.running) return;
    this.running = true;
    const servers = this.servers();
    try {
      const vrf = vrfName(this.env, clientValues(this.env).vrf);
      const samples = (await Promise.all(servers.map((s) => this.query(s.server, vrf)))).filter((s): s is Sample => !!s);
      if (this.stopped.signal.aborted || clientValues(this.env).enabled !== 'true') return;
      this.take(samples);
    } finally {
      this.running = false;
    }
    this.rounds++;
    const burst = this.rounds < BURST && servers.some((s) => s.iburst);
    const minPoll = Math.min(17, Math.max(3, ...servers.map((s) => s.minPoll)));
    if (!this.stopped.signal.aborted && clientValues(this.env).enabled === 'true') this.schedule(burst ? 1000 : 2 ** minPoll * 1000);
  }

  /** One query to one server: its sample, or undefined when it is not fit. */
  private async query(server: string, vrf: string): Promise<Sample | undefined> {
    let address = server.split('@')[0];
    if (!net.isIP(address)) {
      try {
        address = await resolverOf(this.env).resolve(address);
      } catch {
        return undefined;
      }
      this.debug(`Resolved address: ${server} -> ${address}`);
    }
    const to = networkOf(this.env).endpoint(address, 'ntp', server.includes('@') ? server.split('@')[1] : vrf);
    if (!to) return undefined;
    const t1 = routerNow(this.env);
    const request = encodeNtp({ leap: 3, version: 4, mode: 3, stratum: 0, poll: 6, precision: -10, rootDelay: 0, rootDispersion: 0, refId: Buffer.alloc(4), reference: 0, origin: 0, receive: 0, transmit: t1 });
    const sent = request.subarray(40, 48);
    this.debug(`tx dst:${address}`);
    const answer = await exchangeUdp(to, request, QUERY_MS, {
      signal: this.stopped.signal,
      accept: (b) => b.length >= NTP_HEADER && (b[0] & 7) === 4 && b.subarray(24, 32).equals(sent),
    });
    const t4 = routerNow(this.env);
    if (!answer) return undefined;
    const p = decodeNtp(answer) as NtpPacket;
    this.debug(`rx src:${address}`);
    if (p.leap === 3 || p.stratum < 1 || p.stratum > 15) {
      this.debug(`Checking peer (${address}). Peer is: NOT FIT, because p->leap == NOSYNC`);
      return undefined;
    }
    const offset = ((p.receive - t1) + (p.transmit - t4)) / 2;
    const delay = Math.max(0, (t4 - t1) - (p.transmit - p.receive));
    this.debug(`Message offset:${(offset / 1000).toFixed(6)} delay:${(delay / 1000).toFixed(6)} disp:${p.rootDispersion.toFixed(6)}`);
    return { server, address, offset, delay, stratum: p.stratum, refId: p.refId, rootDelay: p.rootDelay, rootDispersion: p.rootDispersion };
  }

  /** The best sample sets the clock; none leaves the state to wait after a while. */
  private take(samples: Sample[]) {
    const best = samples.sort((a, b) => a.stratum - b.stratum || a.delay - b.delay)[0];
    const s = this.state;
    if (!best) {
      this.debug('No survivors for clock sync');
      if (++s.failed >= LOST_AFTER || s.status !== 'synchronized') this.state = { status: 'waiting', driftPpm: s.driftPpm, failed: s.failed };
      return;
    }
    if (s.synced?.server !== best.server) this.debug(`System peer changed to: ${best.address}`);
    const now = routerNow(this.env);
    if (Math.abs(best.offset) > STEP_MS) {
      const before = oldClockText(this.env);
      stepClock(this.env, best.offset);
      writeLog(this.env, 'system,clock,critical,info', `ntp change time ${before} => ${oldClockText(this.env)}`);
    } else {
      // The drift is how fast the clock moves off, in parts per million, averaged over the
      // regular polls (a second of the burst is too short to tell it from the noise).
      if (s.lastAt !== undefined && now - s.lastAt >= DRIFT_SPAN) s.driftPpm = 0.75 * s.driftPpm + 0.25 * (best.offset / (now - s.lastAt)) * 1e6;
      stepClock(this.env, best.offset);
    }
    this.state = { status: 'synchronized', synced: best, lastAt: routerNow(this.env), driftPpm: s.driftPpm, failed: 0 };
  }

  private debug(message: string) {
    if (logWanted(this.env, 'ntp,debug')) writeLog(this.env, 'ntp,debug', message);
  }
}

const clients = new WeakMap<object, NtpClient>();

/** Starts a router's NTP client (at start-up): it follows /system/ntp/client from then on. */
export function startNtpClient(env: Environment) {
  if (clients.has(env)) return;
  const c = new NtpClient(env);
  clients.set(env, c);
  c.start();
}

export function stopNtpClient(env: Environment) {
  clients.get(env)?.stop();
  clients.delete(env);
}

const stateOf = (env: Environment): State => clients.get(env)?.state ?? { status: clientValues(env).enabled === 'true' ? 'waiting' : 'stopped', driftPpm: 0, failed: 0 };

/** What the client shows now: the server's local clock stands in while nothing is synchronized. */
function shown(env: Environment): { status: string; server?: string; stratum?: string; offset?: string } {
  const s = stateOf(env);
  if (s.status === 'synchronized' && s.synced) return { status: s.status, server: s.synced.server, stratum: String(s.synced.stratum), offset: ms(s.synced.offset) };
  const sv = serverValues(env);
  if (s.status === 'waiting' && sv.enabled === 'true' && sv['use-local-clock'] === 'true') {
    return { status: 'using-local-clock', server: '127.127.1.0', stratum: sv['local-clock-stratum'] ?? '5' };
  }
  return { status: s.status };
}

/** Milliseconds as the client prints them: up to three decimals (`1.703`, `0`). */
const ms = (v: number) => String(Number(v.toFixed(3)));

const status = (pick: (s: ReturnType<typeof shown>, env: Environment) => string | undefined): FieldDecl => ({
  type: str(), readOnly: true, derive: (_row, env) => pick(shown(env), env),
});

export const ntpClient: MenuDecl = {
  path: CLIENT,
  kind: 'settings',
  fields: {
    status: status((s) => s.status),
    'synced-server': status((s) => s.server),
    'synced-stratum': status((s) => s.stratum),
    'system-offset': status((s) => s.offset),
    'freq-drift': status((s, env) => (s.status === 'stopped' ? undefined : ms(stateOf(env).driftPpm))),
  },
};

// ---------------------------------------------------------------- the server

/** The reply to one datagram a client sent the router's NTP server, or undefined for none. */
export function answerNtp(env: Environment, bytes: Buffer): Buffer | undefined {
  const received = routerNow(env);
  const p = decodeNtp(bytes);
  // Only a client's request is answered: never a server's reply (no loops), nor control and
  // private modes (their replies are many times the request: amplification).
  if (!p || p.mode !== 3 || p.version < 1 || p.version > 4) return undefined;
  const state = stateOf(env);
  const local = shown(env);
  const sv = serverValues(env);
  let leap = 0, stratum: number, refId: Buffer, rootDelay = 0, rootDispersion = 0.01, reference = received;
  if (state.status === 'synchronized' && state.synced) {
    stratum = Math.min(16, state.synced.stratum + 1);
    refId = refIdOf(state.synced.address);
    rootDelay = state.synced.rootDelay + state.synced.delay / 1000;
    rootDispersion = state.synced.rootDispersion + 0.001;
    reference = state.lastAt ?? received;
  } else if (sv['use-local-clock'] === 'true') {
    stratum = Number(local.stratum ?? sv['local-clock-stratum'] ?? 5) || 5;
    refId = refIdOf('LOCL');
  } else {
    leap = 3;
    stratum = 16;
    refId = refIdOf('INIT');
    reference = 0;
  }
  return encodeNtp({
    leap, version: p.version, mode: 4, stratum, poll: Math.max(4, Math.min(17, p.poll)), precision: -10,
    rootDelay, rootDispersion, refId, reference, origin: 0, receive: received, transmit: routerNow(env),
  }, p.transmitRaw);
}
