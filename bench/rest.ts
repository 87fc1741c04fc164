// REST throughput: `GET /rest/ip/address/*1` against a bare node:http server answering the
// same bytes, both in processes of their own and driven by autocannon from this one (Basic
// auth, keep-alive, several users, one connection each in turn); then durable writes:
// PATCH of one record and PUT of new address-list entries, against SQLite's own rate of
// durable commits on this disk.

import {
  addressOf, canned, createUsers, expectAll, int, json, keepAliveOf, load, mb, ms, progress, rate, ratio, rawExchange,
  removeDir, request, sqliteCommitsPerSecond, startBaseline, startRouter, tempDir, type LoadResult, type Section, type Server,
} from './lib.js';

export interface RestConfig {
  connections: number;
  users: number;
  /** Unmeasured load before each measured GET run. */
  warmupSec: number;
  durationSec: number;
  /** Length of the PATCH run. */
  patchSec: number;
  /** PUTs of new entries, and the most time they may take. */
  putAmount: number;
  putMaxSec: number;
}

const ONE = '/rest/ip/address/*1';
const LIST = '/rest/ip/firewall/address-list';

export async function restBench(cfg: RestConfig): Promise<Section> {
  const dir = tempDir('rest');
  const work = tempDir('rest-baseline');
  let router: Server | undefined;
  let baseline: Server | undefined;
  try {
    router = await startRouter(dir);
    const auths = await createUsers(router.port, cfg.users);

    // The baseline answers exactly what the router answers.
    const reply = await request(router.port, 'GET', ONE, { auth: auths[0] });
    if (reply.status !== 200) throw new Error(`GET ${ONE}: ${reply.status} ${reply.body.toString()}`);
    baseline = await startBaseline({ [ONE]: canned(reply) }, keepAliveOf(reply), work);
    const raw = `GET ${ONE} HTTP/1.1\r\nHost: ${'127.0.0.1'}\r\nAuthorization: ${auths[0]}\r\nConnection: keep-alive\r\n\r\n`;
    const noDate = (b: Buffer) => b.toString('latin1').replace(/^Date: [^\r]*\r\n/im, '');
    const [fromRouter, fromBaseline] = [noDate(await rawExchange(router.port, raw)), noDate(await rawExchange(baseline.port, raw))];
    if (fromRouter !== fromBaseline) throw new Error(`the baseline does not answer the router's bytes:\n${fromRouter}\n---\n${fromBaseline}`);

    const getLoad = (port: number, durationSec: number) =>
      load({ port, method: 'GET', path: ONE, connections: cfg.connections, auths, durationSec, maxSec: durationSec + 10 });
    progress(`GET ${ONE}: warming up both servers (${cfg.warmupSec} s each)`);
    await getLoad(baseline.port, cfg.warmupSec);
    await getLoad(router.port, cfg.warmupSec);
    const measured = async (server: Server, name: string): Promise<[LoadResult, number, number]> => {
      const cpu0 = server.cpuMs();
      const r = await getLoad(server.port, cfg.durationSec);
      expectAll(`GET ${ONE} (${name})`, r, 200);
      const cpu = server.cpuMs() - cpu0;
      const cpuPerRequest = (cpu * 1000) / r.answered;
      progress(`GET ${ONE} ${name}: ${rate(r.perSecond)}, p50 ${ms(r.p50)}, p99 ${ms(r.p99)}`);
      return [r, cpuPerRequest, cpu / (r.seconds * 1000)];
    };
    const [base, baseCpu, baseBusy] = await measured(baseline, 'bare node:http');
    const [get, getCpu, getBusy] = await measured(router, 'vrouter');
    const share = get.perSecond / base.perSecond;

    // Durable writes. SQLite's own rate on this disk, one commit per row, is their floor;
    // the disk's rate drifts, so it is taken before and after the writes.
    const floors = [sqliteCommitsPerSecond(work, 20_000, 3_000)];
    let n = 0;
    const patch = await load({
      port: router.port, method: 'PATCH', path: ONE, connections: cfg.connections, auths,
      durationSec: cfg.patchSec, maxSec: cfg.patchSec + 10, body: () => JSON.stringify({ comment: `bench ${n++}` }),
    });
    expectAll(`PATCH ${ONE}`, patch, 200);
    progress(`PATCH ${ONE}: ${rate(patch.perSecond)}, p50 ${ms(patch.p50)}, p99 ${ms(patch.p99)}`);

    let k = 0;
    const marks: number[] = [];
    const step = Math.max(1, Math.floor(cfg.putAmount / 10));
    const put = await load({
      port: router.port, method: 'PUT', path: LIST, connections: cfg.connections, auths,
      amount: cfg.putAmount, maxSec: cfg.putMaxSec,
      body: () => JSON.stringify({ list: 'bench-put', address: addressOf(k++) }),
      onResponse: (_s, at) => { marks.push(at); },
    });
    expectAll(`PUT ${LIST}`, put, 201);
    floors.push(sqliteCommitsPerSecond(work, 20_000, 3_000));
    const floor = (floors[0] + floors[1]) / 2;
    const floorText = `${rate(floor)} (SQLite commits, ${rate(Math.min(...floors))}..${rate(Math.max(...floors))})`;
    const created = put.statuses[201] ?? 0;
    progress(`PUT ${LIST}: ${int(created)} entries, ${rate(put.perSecond)}, p50 ${ms(put.p50)}, p99 ${ms(put.p99)}`);
    // Rate over the first and the last tenth of the entries: does a growing table slow the writes?
    const last = marks.length - 1;
    const firstTenth = marks.length > step ? step / (marks[step - 1] / 1000) : NaN;
    const lastTenth = marks.length > step ? step / ((marks[last] - marks[last - step]) / 1000) : NaN;

    const count = async (port: number) =>
      Number((await json(port, 'POST', `${LIST}/print`, { 'count-only': '', '.query': ['list=bench-put'] })).ret);
    const before = await count(router.port);
    // A run cut off at its time limit leaves up to one request per connection unanswered.
    if (before < created || before > created + cfg.connections) throw new Error(`${created} PUTs acknowledged, ${before} entries listed`);
    const memory = router.memory();
    // Acknowledged means durable: kill -9, start again, every entry is there.
    await router.kill();
    router = await startRouter(dir);
    const after = await count(router.port);
    if (after !== before) throw new Error(`${before} entries listed, ${after} entries after kill -9 and restart`);

    return {
      title: `REST throughput (${cfg.connections} keep-alive connections, ${cfg.users} users, Basic auth)`,
      rows: [
        { what: `GET ${ONE}: requests/s`, value: rate(get.perSecond), baseline: rate(base.perSecond), ratio: ratio(share), target: '>= 50% of baseline', met: share >= 0.5 },
        { what: `GET ${ONE}: p50 latency`, value: ms(get.p50), baseline: ms(base.p50), ratio: ratio(get.p50 / base.p50) },
        { what: `GET ${ONE}: p99 latency`, value: ms(get.p99), baseline: ms(base.p99), ratio: ratio(get.p99 / base.p99), target: '< 2 ms', met: get.p99 < 2 },
        { what: `GET ${ONE}: server CPU per request`, value: `${getCpu.toFixed(0)} µs`, baseline: `${baseCpu.toFixed(0)} µs`, ratio: ratio(getCpu / baseCpu) },
        { what: `GET ${ONE}: server CPU use (share of one core)`, value: `${(getBusy * 100).toFixed(0)}%`, baseline: `${(baseBusy * 100).toFixed(0)}%` },
        { what: `PATCH ${ONE} (durable): requests/s`, value: rate(patch.perSecond), baseline: floorText, ratio: ratio(patch.perSecond / floor) },
        { what: `PATCH ${ONE}: p50 / p99 latency`, value: `${ms(patch.p50)} / ${ms(patch.p99)}` },
        { what: `PUT ${LIST} (durable, new entries): entries/s`, value: rate(put.perSecond), baseline: floorText, ratio: ratio(put.perSecond / floor), target: '>= 3,000/s', met: put.perSecond >= 3000 },
        { what: `PUT: entries/s over the first / last tenth`, value: `${rate(firstTenth)} / ${rate(lastTenth)}` },
        { what: `PUT: p50 / p99 latency`, value: `${ms(put.p50)} / ${ms(put.p99)}` },
        { what: 'router peak memory (VmHWM) after these runs', value: mb(memory.peak) },
      ],
      notes: [
        `autocannon ${cfg.connections} connections from this process; GET ${cfg.durationSec} s after ${cfg.warmupSec} s of warm-up for each server, PATCH ${cfg.patchSec} s, PUT ${int(cfg.putAmount)} new entries${put.cut ? ` (cut off at ${cfg.putMaxSec} s after ${int(created)})` : ''}; connections take the users bench1..bench${cfg.users} in turn.`,
        `Baseline for GET: a bare node:http server process answering the router's reply byte for byte (status, headers, body; checked on a raw socket, apart from Date). Latencies are autocannon's per-request times, percentiles over every request.`,
        `Server CPU (user + system time from /proc) per request and as a share of one core: on a 2-core machine the load generator takes about a core itself, so a server well below 100% is limited by its client, not by itself; CPU per request is the comparison that does not depend on the client.`,
        `Baseline for writes: durable SQLite commits per second on this disk with the store's settings (WAL, synchronous=FULL), one row per transaction, in this process; the mean of a measurement before the PATCH run and one after the PUT run (range in brackets), because the disk's rate drifts.`,
        `Durability checked: after the PUTs the router was killed with SIGKILL and started again; all ${int(created)} acknowledged entries were there.`,
      ],
    };
  } finally {
    await baseline?.stop();
    await router?.stop();
    removeDir(dir);
    removeDir(work);
  }
}
