// Large tables: 100,000 /ip/firewall/address-list entries. Creating them through the engine
// (in this process) and over REST (a router process driven by autocannon); then, on a router
// process started on that data: reading them whole, by a URL filter, by a `.query`,
// counting them, exporting them, restarting, and the process's peak memory. Each read is
// set against a bare node:http server answering the very same bytes.

import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import type { Mutation } from '../src/core/store.js';
import { POLICIES, type Session } from '../src/core/schema.js';
import { Router } from '../src/router.js';
import {
  HOST, addressOf, canned, createUsers, expectAll, int, json, keepAliveOf, load, mb, median, ms, progress, rate, ratio, removeDir,
  request, sqliteCommitsPerSecond, startBaseline, startRouter, tempDir, timeRequests, type CannedReply, type Reply, type ResultRow,
  type Section, type Server,
} from './lib.js';

export interface LargeConfig {
  entries: number;
  /** Entries are spread over this many lists (`list-0` ...). */
  lists: number;
  connections: number;
  users: number;
  /** Most time each way of creating the entries may take. */
  createMaxSec: number;
  /** Timed runs of each read (after one unmeasured run); the median counts. */
  repeats: number;
  /** Restarts timed on the large data directory. */
  restarts: number;
  /** SQLite's own commits counted for the floor, before and after the creations (each at most 3 s). */
  floorCommits: number;
}

const LIST_PATH = ['ip', 'firewall', 'address-list'];
const LIST = '/rest/ip/firewall/address-list';

export async function largeBench(cfg: LargeConfig): Promise<Section> {
  const N = cfg.entries;
  const listOf = (i: number) => `list-${i % cfg.lists}`;
  const rows: ResultRow[] = [];
  const notes: string[] = [];
  const engineDir = tempDir('large-engine');
  const restDir = tempDir('large-rest');
  const work = tempDir('large-baseline');
  const servers: Server[] = [];
  try {
    // The disk's rate of durable commits drifts: taken before and after the creations, averaged.
    const floors = [sqliteCommitsPerSecond(work, cfg.floorCommits, 3_000)];
    const tenth = Math.max(1, Math.floor(N / 10));

    // ---------------------------------------------------------- through the engine
    const engine = { made: 0, ms: 0, first: NaN, last: NaN };
    {
      const router = await Router.start({
        dataDir: engineDir, listen: HOST, ports: { www: 0, 'www-ssl': 0, api: 0, 'api-ssl': 0, ssh: 0, telnet: 0, dns: 0, ntp: 0 }, loginKeepMs: 600_000, requestLimitMs: 60_000,
      });
      try {
        const session: Session = { user: 'admin', via: 'bench', policies: new Set(POLICIES) };
        const marks: number[] = [];
        const t0 = performance.now();
        const limit = cfg.createMaxSec * 1000;
        let i = 0;
        for (; i < N; i++) {
          if (i > 0 && (i & 127) === 0 && performance.now() - t0 > limit) break;
          await router.engine.run({ path: LIST_PATH, command: 'add', args: { list: listOf(i), address: addressOf(i) } }, session);
          if ((i + 1) % tenth === 0) {
            marks.push(performance.now() - t0);
            progress(`engine add: ${int(i + 1)}/${int(N)} in ${ms(marks[marks.length - 1])}, this tenth at ${rate(tenth / ((marks[marks.length - 1] - (marks[marks.length - 2] ?? 0)) / 1000))}`);
          }
        }
        engine.ms = performance.now() - t0;
        engine.made = i;
        if (marks.length >= 2) {
          engine.first = tenth / (marks[0] / 1000);
          engine.last = tenth / ((marks[marks.length - 1] - marks[marks.length - 2]) / 1000);
        }
        if (i < N) {
          // The reads below still need the whole table: the rest is written straight into the
          // store in large transactions, as records the engine would have made.
          const table = router.engine.menu(LIST_PATH.join('/')).table;
          const store = router.store;
          const template = store.table(table).rows[store.table(table).rows.length - 1].values;
          for (let from = i; from < N; from += 10_000) {
            const batch: Mutation[] = [];
            for (let j = from; j < Math.min(N, from + 10_000); j++) {
              batch.push({ op: 'insert', table, row: store.newRow(table, { ...template, list: listOf(j), address: addressOf(j) }, false) });
            }
            store.commit(batch);
          }
        }
      } finally {
        await router.stop();
      }
    }

    // ---------------------------------------------------------- over REST
    const rest = { made: 0, ms: 0, first: NaN, last: NaN, peakKb: NaN };
    {
      const router = await startRouter(restDir);
      servers.push(router);
      const auths = await createUsers(router.port, cfg.users);
      const marks: number[] = [];
      let k = 0;
      progress(`PUT ${int(N)} entries over REST (${cfg.connections} connections, at most ${cfg.createMaxSec} s)`);
      const put = await load({
        port: router.port, method: 'PUT', path: LIST, connections: cfg.connections, auths, amount: N, maxSec: cfg.createMaxSec,
        body: () => { const i = k++; return JSON.stringify({ list: listOf(i), address: addressOf(i) }); },
        onResponse: (_s, at) => {
          marks.push(at);
          if (marks.length % tenth === 0) progress(`REST PUT: ${int(marks.length)}/${int(N)} in ${ms(at)}, this tenth at ${rate(tenth / ((at - (marks[marks.length - 1 - tenth] ?? 0)) / 1000))}`);
        },
      });
      expectAll(`PUT ${LIST}`, put, 201);
      rest.made = put.statuses[201] ?? 0;
      rest.ms = put.seconds * 1000;
      const count = Number((await json(router.port, 'POST', `${LIST}/print`, { 'count-only': '' })).ret);
      // A run cut off at its time limit leaves up to one request per connection unanswered.
      if (count < rest.made || count > rest.made + cfg.connections) throw new Error(`${rest.made} PUTs acknowledged, ${count} entries listed`);
      if (marks.length > tenth) {
        const last = marks.length - 1;
        rest.first = tenth / (marks[tenth - 1] / 1000);
        rest.last = tenth / ((marks[last] - marks[last - tenth]) / 1000);
      }
      rest.peakKb = router.memory().peak;
      servers.pop();
      await router.stop();
      removeDir(restDir);
    }
    floors.push(sqliteCommitsPerSecond(work, cfg.floorCommits, 3_000));
    const floor = (floors[0] + floors[1]) / 2;
    const floorRate = `${rate(floor)} (SQLite commits, ${rate(Math.min(...floors))}..${rate(Math.max(...floors))})`;
    const floorTime = `${ms((N / floor) * 1000)} (SQLite commits)`;
    const created = (made: number, took: number) =>
      `${made === N ? ms(took) : `cut off: ${int(made)} in ${ms(took)}`} (${rate(made / (took / 1000))})`;

    const enginePerSecond = engine.made / (engine.ms / 1000);
    rows.push({ what: `create ${int(N)} entries through the engine (in process)`, value: created(engine.made, engine.ms), baseline: floorTime, ratio: ratio(floor / enginePerSecond) });
    rows.push({ what: 'engine add: entries/s (whole run)', value: rate(enginePerSecond), baseline: floorRate, ratio: ratio(enginePerSecond / floor) });
    rows.push({ what: 'engine add: entries/s over the first / last tenth', value: `${rate(engine.first)} / ${rate(engine.last)}`, ratio: ratio(engine.last / engine.first) });
    const restPerSecond = rest.made / (rest.ms / 1000);
    rows.push({
      what: `create ${int(N)} entries over REST (PUT, ${cfg.connections} connections)`, value: created(rest.made, rest.ms), baseline: floorTime,
      ratio: ratio(floor / restPerSecond), target: `>= 3,000/s`, met: rest.made === N && restPerSecond >= 3000,
    });
    rows.push({ what: 'REST PUT: entries/s (whole run)', value: rate(restPerSecond), baseline: floorRate, ratio: ratio(restPerSecond / floor) });
    rows.push({ what: 'REST PUT: entries/s over the first / last tenth', value: `${rate(rest.first)} / ${rate(rest.last)}`, ratio: ratio(rest.last / rest.first) });
    rows.push({ what: 'peak memory of the router that took the PUTs', value: mb(rest.peakKb), target: '< 300 MB', met: rest.peakKb < 300 * 1024 });
    if (engine.made < N) {
      notes.push(`Creation through the engine was cut off after ${cfg.createMaxSec} s at ${int(engine.made)} entries (a miss: at ${rate(enginePerSecond)} all ${int(N)} would take ${ms((N / enginePerSecond) * 1000)} or more); the other ${int(N - engine.made)} were written straight into the store in transactions of 10,000, so that the reads below run on the full table.`);
    }
    if (rest.made < N) notes.push(`Creation over REST was cut off after ${cfg.createMaxSec} s at ${int(rest.made)} of ${int(N)} entries (a miss).`);

    // ---------------------------------------------------------- reading the large table
    let router = await startRouter(engineDir);
    servers.push(router);
    const startups = [router.firstAnswerMs];
    const port = router.port;
    const startedKb = router.memory().now;
    const listSize = Math.ceil(N / cfg.lists);
    const mid = addressOf(Math.floor(N / 2));

    interface Read { what: string; method: 'GET' | 'POST'; url: string; body?: string; target?: number; check: (r: Reply) => void; times: number[]; baseTimes: number[] }
    const ok = (what: string, r: Reply) => {
      if (r.status !== 200) throw new Error(`${what}: ${r.status} ${r.body.toString().slice(0, 200)}`);
    };
    const records = (n: number) => (r: Reply) => {
      const got = JSON.parse(r.body.toString()).length;
      if (got !== n) throw new Error(`expected ${n} records, got ${got}`);
    };
    const read = (what: string, method: 'GET' | 'POST', url: string, body: string | undefined, target: number | undefined, check: (r: Reply) => void): Read =>
      ({ what, method, url, body, target, check, times: [], baseTimes: [] });
    const reads: Read[] = [
      read(`GET ${LIST} (all ${int(N)})`, 'GET', LIST, undefined, 500, records(N)),
      read(`GET ${LIST}?list=list-42 (${int(listSize)} records)`, 'GET', `${LIST}?list=list-42`, undefined, 100, records(listSize)),
      read(`POST .../print .query [list=list-42, list=list-43, #|] (${int(listSize * 2)})`, 'POST', `${LIST}/print`,
        JSON.stringify({ '.query': ['list=list-42', 'list=list-43', '#|'] }), 100, records(listSize * 2)),
      read('POST .../print count-only', 'POST', `${LIST}/print`, JSON.stringify({ 'count-only': '' }), 20, (r) => {
        if (JSON.parse(r.body.toString()).ret !== String(N)) throw new Error(`count-only: ${r.body}`);
      }),
    ];

    // export: POST /rest/export, timed once it exists.
    const exported = await request(port, 'POST', '/rest/export', { body: '{}' });
    let exportFailure: string | undefined;
    if (exported.status === 200) {
      reads.push(read('POST /rest/export', 'POST', '/rest/export', '{}', 1000, (r) => {
        // It should hold the whole configuration: at least one `add` line per entry.
        const script = (() => { try { return String(JSON.parse(r.body.toString()).ret); } catch { return r.body.toString(); } })();
        const adds = script.split('\nadd ').length - 1;
        notes.push(`POST /rest/export replied ${(r.body.length / 1e6).toFixed(1)} MB with ${int(adds)} \`add\` lines${adds < N ? ` (fewer than the ${int(N)} entries!)` : ''}.`);
      }));
    } else {
      const message = (() => { try { const e = JSON.parse(exported.body.toString()); return e.detail ?? e.message; } catch { return exported.body.toString(); } })();
      exportFailure = /no such command/.test(String(message)) ? 'not available (export not implemented)' : `failed: ${exported.status} ${message}`;
    }

    // One record of the large table, found by a URL filter; and one of a table of one.
    const found = await json(port, 'GET', `${LIST}?address=${mid}`);
    if (found.length !== 1) throw new Error(`GET ${LIST}?address=${mid}: ${found.length} records`);
    const one = `${LIST}/${found[0]['.id']}`;
    const singles = Math.max(5, cfg.repeats * 4);
    const getOne = read(`GET ${LIST}/*ID: one entry of ${int(N)} (median)`, 'GET', one, undefined, undefined, () => {});
    const small = read(`  same router, GET /rest/ip/address/*1 (a table of one)`, 'GET', '/rest/ip/address/*1', undefined, undefined, () => {});
    reads.push(getOne, small);

    // Each request once (checking the records), to take the router's bytes for the baseline.
    const captured: Record<string, CannedReply> = {};
    for (const [i, r] of reads.entries()) {
      const reply = await request(port, r.method, r.url, { body: r.body });
      ok(r.what, reply);
      r.check(reply);
      captured[`/baseline/${i}`] = canned(reply);
    }
    const baseline = await startBaseline(captured, keepAliveOf(exported), work);
    servers.push(baseline);

    // Router and baseline in turn, so that anything else on the machine weighs on both alike.
    for (const [i, r] of reads.entries()) {
      const n = r === getOne || r === small ? singles : cfg.repeats;
      ok(`baseline ${r.what}`, await request(baseline.port, r.method, `/baseline/${i}`, { body: r.body }));
      for (let k = 0; k < n; k++) {
        const a = await request(port, r.method, r.url, { body: r.body });
        ok(r.what, a);
        r.times.push(a.ms);
        const b = await request(baseline.port, r.method, `/baseline/${i}`, { body: r.body });
        ok(`baseline ${r.what}`, b);
        r.baseTimes.push(b.ms);
      }
      progress(`${r.what.trim()}: median ${ms(median(r.times))} (baseline ${ms(median(r.baseTimes))}), ${(captured[`/baseline/${i}`].body.length / 1e6).toFixed(1)} MB; router peak memory so far ${mb(router.memory().peak)}`);
    }
    const baselineKb = baseline.memory().peak;
    servers.pop();
    await baseline.stop();

    // Durable changes of one record of the large table.
    let c = 0;
    const patchOne = await timeRequests(singles, () => request(port, 'PATCH', one, { body: JSON.stringify({ comment: `bench ${c++}` }) }), (r) => {
      if (r.status !== 200) throw new Error(`PATCH ${one}: ${r.status} ${r.body}`);
    });
    const putOne = await timeRequests(singles, () => request(port, 'PUT', LIST, { body: JSON.stringify({ list: 'list-extra', address: addressOf(N + c++) }) }), (r) => {
      if (r.status !== 201) throw new Error(`PUT ${LIST}: ${r.status} ${r.body}`);
    });
    progress(`one entry of ${int(N)}: PATCH ${ms(median(patchOne.times))}, PUT ${ms(median(putOne.times))}`);
    const memory = router.memory();

    for (const r of reads) {
      const value = median(r.times);
      const base = median(r.baseTimes);
      const shown = r.target === undefined ? ms(value) : `${ms(value)} (max ${ms(Math.max(...r.times))})`;
      rows.push({
        what: r.what, value: shown, baseline: ms(base), ratio: ratio(value / base),
        ...(r.target === undefined ? {} : { target: `< ${r.target >= 1000 ? `${r.target / 1000} s` : `${r.target} ms`}`, met: value < r.target }),
      });
    }
    if (exportFailure) rows.splice(rows.length - 2, 0, { what: 'POST /rest/export', value: exportFailure, target: '< 1 s', met: false });
    const commit = 1000 / floor;
    rows.push({ what: `PATCH ${LIST}/*ID: one entry of ${int(N)} (median)`, value: ms(median(patchOne.times)), baseline: `${ms(commit)} (one SQLite commit)`, ratio: ratio(median(patchOne.times) / commit) });
    rows.push({ what: `PUT ${LIST}: one more entry to ${int(N)} (median)`, value: ms(median(putOne.times)), baseline: `${ms(commit)} (one SQLite commit)`, ratio: ratio(median(putOne.times) / commit) });
    rows.push({ what: `memory of that router after start-up, before the reads (VmRSS)`, value: mb(startedKb) });
    rows.push({ what: `peak memory of the router serving these reads and writes`, value: mb(memory.peak), baseline: `${mb(baselineKb)} (bare node:http)`, target: '< 300 MB', met: memory.peak < 300 * 1024 });

    // ---------------------------------------------------------- restarts
    const restarts: number[] = [];
    for (let i = 0; i < cfg.restarts; i++) {
      const t0 = performance.now();
      servers.pop();
      await router.stop();
      router = await startRouter(engineDir);
      servers.push(router);
      restarts.push(performance.now() - t0);
      startups.push(router.firstAnswerMs);
      progress(`restart ${i + 1}/${cfg.restarts} with ${int(N)} entries: ${ms(restarts[i])}`);
    }
    const loadMs = sqliteLoadMs(path.join(engineDir, 'config.db'), work);
    const startup = median(startups);
    rows.push({ what: `start-up with ${int(N)} entries: spawn -> first answer (median)`, value: ms(startup), baseline: `${ms(loadMs)} (read + parse rows)`, ratio: ratio(startup / loadMs), target: '< 2 s', met: startup < 2000 });
    if (restarts.length) {
      const restart = median(restarts);
      rows.push({ what: `restart with ${int(N)} entries: SIGTERM -> exit -> spawn -> first answer (median)`, value: ms(restart), target: '< 2 s', met: restart < 2000 });
    }

    notes.unshift(
      `Entries: \`list-0\` .. \`list-${cfg.lists - 1}\` in turn, addresses 10.0.0.0 upwards. Through the engine: \`engine.run({path: [ip, firewall, address-list], command: add, args: {list, address}})\` one after the other in this process (each a durable commit); over REST: autocannon PUTs with ${cfg.connections} connections and ${cfg.users} users on a router process.`,
      `Reads: one kept-alive connection each to the router and to the baseline, ${cfg.repeats} timed runs of each request (one record: ${singles}) after one unmeasured run, router and baseline in turn; median (and worst). The time is from sending the request to the last byte of the reply. Baseline: a bare node:http process answering each request with the very bytes the router sent for it.`,
      `Baseline for creation and single writes: SQLite's own durable commits (WAL, synchronous=FULL, one row per transaction) on this disk, the mean of a measurement before the creations and one after (range in brackets), because the disk's rate drifts. Baseline for start-up: reading and JSON-parsing every row of that config.db with better-sqlite3 in this process.`,
    );
    return { title: `Large tables (${int(N)} /ip/firewall/address-list entries)`, rows, notes };
  } finally {
    for (const s of servers.reverse()) await s.stop();
    removeDir(engineDir);
    removeDir(restDir);
    removeDir(work);
  }
}

/**
 * The floor of loading a configuration: every row read from SQLite and parsed. The running
 * router holds its database exclusively, so the floor reads a copy of its files, checkpointed
 * first as a stopped router leaves them (not timed).
 */
function sqliteLoadMs(file: string, work: string): number {
  const copy = path.join(work, 'floor-load.db');
  for (const suffix of ['', '-wal']) if (fs.existsSync(file + suffix)) fs.copyFileSync(file + suffix, copy + suffix);
  const stopped = new Database(copy);
  stopped.pragma('wal_checkpoint(TRUNCATE)');
  stopped.close();
  const t0 = performance.now();
  const db = new Database(copy, { readonly: true });
  try {
    let n = 0;
    for (const r of db.prepare('SELECT tbl, id, pos, data FROM rows ORDER BY tbl, pos, id').iterate() as IterableIterator<{ data: string }>) {
      if (JSON.parse(r.data)) n++;
    }
    return n >= 0 ? performance.now() - t0 : NaN;
  } finally {
    db.close();
  }
}
