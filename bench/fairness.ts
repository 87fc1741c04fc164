// Fairness (issue 27): how long other clients wait while one client asks a lot of the router.
// The same probes (REST GET /rest/system/identity and API /system/identity/print, each by a
// user of its own on a connection of its own, one at a time) run three times on the same
// router in the same run: idle (the baseline), while one API client pipelines `prints`
// /interface/print and reads their replies, and while another user's script loops
// (`:while (true) do={}` started by POST /rest/execute). A probe not answered within
// `timeoutMs` ends its phase: the router is taken as not answering.

import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { SentenceReader, encodeSentence } from '../src/services/api/words.js';
import {
  HOST, SentenceCounter, basic, json, ms, percentile, progress, rate, ratio, removeDir, request, startRouter, tempDir, type Section, type Server,
} from './lib.js';
import http from 'node:http';

export interface FairnessConfig {
  /** /interface/print commands the flooding client sends at once. */
  prints: number;
  /** How long the probes run idle, and while the script loops. */
  idleSec: number;
  loopSec: number;
  /** Pause between two probes. */
  gapMs: number;
  /** A probe not answered within this ends its phase. */
  timeoutMs: number;
}

/** What the issue asks: another user answered within 2 s. */
const TARGET_MS = 2000;

/** One logged-in API connection, one command at a time, each with a time limit. */
class Api {
  private readonly reader = new SentenceReader();
  private waiting?: () => void;
  private constructor(private readonly socket: net.Socket) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      for (const words of this.reader.push(chunk)) if (words[0] === '!done') this.waiting?.();
    });
    socket.on('error', () => {});
  }

  static async open(port: number, user: string, password: string): Promise<Api> {
    const socket = net.connect({ host: HOST, port });
    await new Promise((ok, fail) => { socket.once('connect', ok); socket.once('error', fail); });
    const api = new Api(socket);
    if (!Number.isFinite(await api.call(['/login', `=name=${user}`, `=password=${password}`], 30_000))) throw new Error('API login: no answer');
    return api;
  }

  /** Milliseconds until the `!done`, or Infinity past `timeoutMs`. */
  call(words: readonly string[], timeoutMs: number): Promise<number> {
    return new Promise((resolve) => {
      const t0 = performance.now();
      const timer = setTimeout(() => { this.waiting = undefined; resolve(Infinity); }, timeoutMs);
      this.waiting = () => { clearTimeout(timer); this.waiting = undefined; resolve(performance.now() - t0); };
      this.socket.write(encodeSentence(words));
    });
  }

  close() { this.socket.destroy(); }
}

/** Milliseconds of one REST GET, or Infinity past `timeoutMs`. */
function restProbe(port: number, agent: http.Agent, auth: string, timeoutMs: number): Promise<number> {
  const t0 = performance.now();
  const timeout = new Promise<number>((ok) => setTimeout(() => ok(Infinity), timeoutMs).unref());
  const answered = request(port, 'GET', '/rest/system/identity', { auth, agent }).then(
    (r) => (r.status === 200 ? performance.now() - t0 : Infinity), () => Infinity);
  return Promise.race([answered, timeout]);
}

interface Probes { rest: number[]; api: number[]; answered: boolean }

/** Probes until `done()` (or a probe goes unanswered); both faces in turn. */
async function probe(port: number, api: Api, agent: http.Agent, auth: string, cfg: FairnessConfig, done: () => boolean): Promise<Probes> {
  const out: Probes = { rest: [], api: [], answered: true };
  do {
    const r = await restProbe(port, agent, auth, cfg.timeoutMs);
    out.rest.push(r);
    const a = await api.call(['/system/identity/print'], cfg.timeoutMs);
    out.api.push(a);
    if (!Number.isFinite(r) || !Number.isFinite(a)) { out.answered = false; break; }
    await new Promise((ok) => setTimeout(ok, cfg.gapMs));
  } while (!done());
  return out;
}

const worst = (xs: number[]) => (xs.length ? Math.max(...xs) : NaN);
const shown = (x: number, cfg: FairnessConfig) => (Number.isFinite(x) ? ms(x) : `no answer within ${ms(cfg.timeoutMs)}`);

export async function fairnessBench(cfg: FairnessConfig): Promise<Section> {
  const dir = tempDir('fairness');
  let router: Server | undefined;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const opened: Api[] = [];
  try {
    router = await startRouter(dir);
    const port = router.port;
    const apiPort = Number((await json(port, 'GET', '/rest/ip/service/api')).port);
    for (const [name, group] of [['prober', 'read'], ['flooder', 'read'], ['looper', 'full']]) {
      await json(port, 'PUT', '/rest/user', { name, group, password: `pw-${name}` });
    }
    const auth = basic('prober', 'pw-prober');
    const api = await Api.open(apiPort, 'prober', 'pw-prober');
    opened.push(api);

    // Idle: the baseline.
    let until = performance.now() + cfg.idleSec * 1000;
    const idle = await probe(port, api, agent, auth, cfg, () => performance.now() > until);
    progress(`idle: REST worst ${ms(worst(idle.rest))}, API worst ${ms(worst(idle.api))}`);

    // One client pipelines the prints and reads every reply.
    const flooder = net.connect({ host: HOST, port: apiPort });
    await new Promise((ok, fail) => { flooder.once('connect', ok); flooder.once('error', fail); });
    let answered = -1; // the login's !done
    const dones = new SentenceCounter('!done');
    const floodStart = performance.now();
    let floodEnd = NaN;
    flooder.on('data', (chunk: Buffer) => {
      answered = dones.feed(chunk) - 1;
      if (answered >= cfg.prints && Number.isNaN(floodEnd)) floodEnd = performance.now();
    });
    const one = encodeSentence(['/interface/print']);
    flooder.write(Buffer.concat([encodeSentence(['/login', '=name=flooder', '=password=pw-flooder']), ...Array.from({ length: cfg.prints }, () => one)]));
    const flood = await probe(port, api, agent, auth, cfg, () => answered >= cfg.prints);
    while (answered < cfg.prints && flood.answered) await new Promise((ok) => setTimeout(ok, 20));
    flooder.destroy();
    const floodSec = ((Number.isNaN(floodEnd) ? performance.now() : floodEnd) - floodStart) / 1000;
    progress(`${cfg.prints} pipelined prints: ${floodSec.toFixed(1)} s; REST worst ${shown(worst(flood.rest), cfg)}, API worst ${shown(worst(flood.api), cfg)}`);

    // Another user's script loops; its REST request is not waited for.
    const started = request(port, 'POST', '/rest/execute', { auth: basic('looper', 'pw-looper'), agent: false, body: JSON.stringify({ script: ':while (true) do={}' }) })
      .then((r) => r.body.toString(), (e: Error) => e.message);
    await new Promise((ok) => setTimeout(ok, 100));
    until = performance.now() + cfg.loopSec * 1000;
    const loop = await probe(port, api, agent, auth, cfg, () => performance.now() > until);
    const job = await Promise.race([started, new Promise<string>((ok) => setTimeout(() => ok('no answer'), 100))]);
    progress(`script loop (POST /rest/execute answered: ${job}): REST worst ${shown(worst(loop.rest), cfg)}, API worst ${shown(worst(loop.api), cfg)}`);

    const rows: Section['rows'] = [];
    const line = (phase: string, face: 'REST' | 'API', what: string, got: Probes) => {
      const xs = face === 'REST' ? got.rest : got.api;
      const base = face === 'REST' ? idle.rest : idle.api;
      const w = worst(xs);
      rows.push({ what: `${face} ${what} while ${phase}: median`, value: shown(percentile(xs, 50), cfg), baseline: ms(percentile(base, 50)), ratio: ratio(percentile(xs, 50) / percentile(base, 50)) });
      rows.push({
        what: `${face} ${what} while ${phase}: worst of ${xs.length}`, value: shown(w, cfg), baseline: ms(worst(base)), ratio: ratio(w / worst(base)),
        target: `< ${ms(TARGET_MS)}`, met: got.answered && w < TARGET_MS,
      });
    };
    const floodPhase = `one API client pipelines ${rate(cfg.prints, '')} /interface/print`;
    line(floodPhase, 'REST', 'GET /rest/system/identity', flood);
    line(floodPhase, 'API', '/system/identity/print', flood);
    line('another user\'s script loops', 'REST', 'GET /rest/system/identity', loop);
    line('another user\'s script loops', 'API', '/system/identity/print', loop);
    rows.push({ what: `the ${rate(cfg.prints, '')} pipelined prints themselves: answered in`, value: `${floodSec.toFixed(1)} s` });
    return {
      title: `Fairness (other clients while one asks a lot: ${rate(cfg.prints, '')} pipelined prints; a looping script)`,
      rows,
      notes: [
        `Probes: REST GET and API print by the read user \`prober\`, one at a time on a kept-alive connection each, ${cfg.gapMs} ms apart; baseline: the same probes on the same router, idle, for ${cfg.idleSec} s.`,
        `The flood: user \`flooder\` (read) sends ${rate(cfg.prints, '')} \`/interface/print\` in one write and reads every reply; probes run until the last \`!done\`.`,
        `The loop: user \`looper\` POSTs \`{"script": ":while (true) do={}"}\` to /rest/execute (answered: ${job}); probes run for ${cfg.loopSec} s.`,
        `A probe not answered within ${ms(cfg.timeoutMs)} ends its phase (the router is taken as not answering); the router is then stopped (SIGKILL after 10 s).`,
      ],
    };
  } finally {
    for (const a of opened) a.close();
    agent.destroy();
    await router?.stop();
    removeDir(dir);
  }
}
