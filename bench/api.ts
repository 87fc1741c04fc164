// API throughput: `/ip/address/print =.id=*1` (a print of one record) over the binary API,
// against a bare node:net server answering the same bytes, both in processes of their own;
// and REST's GET of the same record on the same router in the same run, to set the two
// faces side by side. The load comes from this process: keep-alive connections, each logged
// in as one of several users, each with one command outstanding at a time.

import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { SentenceReader, encodeSentence } from '../src/services/api/words.js';
import {
  HOST, ROOT, createUsers, expectAll, json, load, ms, percentile, progress, rate, ratio, removeDir, startProcess, startRouter, tempDir,
  type Section, type Server,
} from './lib.js';

export interface ApiConfig {
  connections: number;
  users: number;
  warmupSec: number;
  durationSec: number;
}

const PRINT = ['/ip/address/print', '=.id=*1'];
const ONE = '/rest/ip/address/*1';
const BASELINE = path.join(ROOT, 'dist', 'bench', 'api-baseline-server.js');

/** One logged-in API connection that sends a sentence and waits for its `!done`. */
class Connection {
  private readonly reader = new SentenceReader();
  private waiting?: (bytes: number) => void;
  private bytes = 0;
  private constructor(private readonly socket: net.Socket) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      this.bytes += chunk.length;
      for (const words of this.reader.push(chunk)) {
        if (words[0] === '!trap' || words[0] === '!fatal') throw new Error(`API: ${words.join(' ')}`);
        if (words[0] === '!done') { const w = this.waiting; this.waiting = undefined; const b = this.bytes; this.bytes = 0; w?.(b); }
      }
    });
  }

  static async open(port: number, user: string, password: string): Promise<Connection> {
    const socket = net.connect({ host: HOST, port });
    await new Promise((ok, fail) => { socket.once('connect', ok); socket.once('error', fail); });
    const c = new Connection(socket);
    await c.call(['/login', `=name=${user}`, `=password=${password}`]);
    return c;
  }

  /** Sends a sentence; resolves with the bytes of the reply when its `!done` has come. */
  call(words: readonly string[]): Promise<number> {
    return new Promise((resolve) => { this.waiting = resolve; this.socket.write(encodeSentence(words)); });
  }

  /** The raw bytes of one reply, to give the baseline. */
  raw(words: readonly string[]): Promise<Buffer> {
    const chunks: Buffer[] = [];
    const take = (c: Buffer) => chunks.push(c);
    this.socket.on('data', take);
    return this.call(words).then(() => { this.socket.off('data', take); return Buffer.concat(chunks); });
  }

  close() { this.socket.destroy(); }
}

interface ApiLoad { answered: number; seconds: number; perSecond: number; p50: number; p99: number }

/** Every connection sends the print again as soon as the last one is answered, for `sec` seconds. */
async function apiLoad(port: number, users: readonly [string, string][], connections: number, sec: number): Promise<ApiLoad> {
  const conns = await Promise.all(Array.from({ length: connections }, (_, i) => Connection.open(port, ...users[i % users.length])));
  const latencies: number[] = [];
  const t0 = performance.now();
  const until = t0 + sec * 1000;
  await Promise.all(conns.map(async (c) => {
    while (performance.now() < until) {
      const t = performance.now();
      await c.call(PRINT);
      latencies.push(performance.now() - t);
    }
  }));
  const seconds = (performance.now() - t0) / 1000;
  for (const c of conns) c.close();
  return { answered: latencies.length, seconds, perSecond: latencies.length / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

export async function apiBench(cfg: ApiConfig): Promise<Section> {
  const dir = tempDir('api');
  const work = tempDir('api-baseline');
  let router: Server | undefined;
  let baseline: Server | undefined;
  try {
    router = await startRouter(dir);
    const auths = await createUsers(router.port, cfg.users);
    const users = Array.from({ length: cfg.users }, (_, i) => [`bench${i + 1}`, `pw-bench${i + 1}`] as [string, string]);
    const apiPort = Number((await json(router.port, 'GET', '/rest/ip/service/api')).port);

    // The baseline answers exactly what the router answers.
    const probe = await Connection.open(apiPort, ...users[0]);
    const reply = await probe.raw(PRINT);
    probe.close();
    if (!reply.includes(Buffer.from('=address=192.168.88.1/24'))) throw new Error(`print of *1 answered ${reply.toString('latin1')}`);
    fs.writeFileSync(path.join(work, 'reply.bin'), reply);
    baseline = await startProcess([BASELINE, path.join(work, 'reply.bin')], /listening (\d+)/, async () => 200, 'the API baseline server');

    progress(`API ${PRINT.join(' ')}: warming up both servers (${cfg.warmupSec} s each)`);
    await apiLoad(baseline.port, users, cfg.connections, cfg.warmupSec);
    await apiLoad(apiPort, users, cfg.connections, cfg.warmupSec);
    const measured = async (server: Server, port: number, name: string): Promise<[ApiLoad, number]> => {
      const cpu0 = server.cpuMs();
      const r = await apiLoad(port, users, cfg.connections, cfg.durationSec);
      const cpuPerCommand = ((server.cpuMs() - cpu0) * 1000) / r.answered;
      progress(`API print ${name}: ${rate(r.perSecond)}, p50 ${ms(r.p50)}, p99 ${ms(r.p99)}`);
      return [r, cpuPerCommand];
    };
    const [base, baseCpu] = await measured(baseline, baseline.port, 'bare node:net');
    const [api, apiCpu] = await measured(router, apiPort, 'vrouter');
    const share = api.perSecond / base.perSecond;

    // REST's GET of the same record, same router, same run.
    const get = await load({ port: router.port, method: 'GET', path: ONE, connections: cfg.connections, auths, durationSec: cfg.durationSec, maxSec: cfg.durationSec + 10 });
    expectAll(`GET ${ONE}`, get, 200);
    progress(`GET ${ONE}: ${rate(get.perSecond)}, p50 ${ms(get.p50)}, p99 ${ms(get.p99)}`);

    const what = `API ${PRINT.join(' ')}`;
    return {
      title: `API throughput (${cfg.connections} connections, ${cfg.users} users, one command outstanding each)`,
      rows: [
        { what: `${what}: commands/s`, value: rate(api.perSecond), baseline: rate(base.perSecond), ratio: ratio(share), target: '>= 0.9x of baseline', met: share >= 0.9 },
        { what: `${what}: p50 latency`, value: ms(api.p50), baseline: ms(base.p50), ratio: ratio(api.p50 / base.p50) },
        { what: `${what}: p99 latency`, value: ms(api.p99), baseline: ms(base.p99), ratio: ratio(api.p99 / base.p99), target: '< 5 ms', met: api.p99 < 5 },
        { what: `${what}: server CPU per command`, value: `${apiCpu.toFixed(0)} µs`, baseline: `${baseCpu.toFixed(0)} µs`, ratio: ratio(apiCpu / baseCpu) },
        { what: `the same record by REST (GET ${ONE}): requests/s, this run`, value: rate(get.perSecond), baseline: rate(api.perSecond), ratio: ratio(get.perSecond / api.perSecond) },
      ],
      notes: [
        `${cfg.durationSec} s for each server after ${cfg.warmupSec} s of warm-up; connections log in as bench1..bench${cfg.users} in turn; each sends the print again as soon as its \`!done\` has come.`,
        'Baseline: a bare node:net server process that answers /login with `!done` and every other sentence with the router\'s reply to the print, byte for byte.',
        `The REST line's baseline is the API rate above: REST GET of the same record on the same router, autocannon with ${cfg.connections} keep-alive connections.`,
      ],
    };
  } finally {
    await baseline?.stop();
    await router?.stop();
    removeDir(dir);
    removeDir(work);
  }
}
