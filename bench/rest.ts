// REST throughput: `GET /rest/ip/address/*1` (one record) and `GET /rest/ip/address` (a
// table of 100 records) against a bare node:http server answering the same bytes, both in
// processes of their own and driven by autocannon from this one (Basic auth, keep-alive,
// several users, one connection each in turn); then durable writes:
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
  /** SQLite's own commits counted for the floor, before and after the writes (each at most 3 s). */
  floorCommits: number;
}

const ONE = '/rest/ip/address/*1';
/** The whole table, once it holds TABLE_SIZE records (the first boot's one and the ones added). */
const TABLE = '/rest/ip/address';
const TABLE_SIZE = 100;
const LIST = '/rest/ip/firewall/address-list';

export async function restBench(cfg: RestConfig): Promise<Section> {
  const dir = tempDir('rest');
  const work = tempDir('rest-baseline');
  let router: Server | undefined;
  let baseline: Server | undefined;
  try {
    router = await startRouter(dir);
    const auths = await createUsers(router.port, cfg.users);

    // The table the print reads: the first boot's address and 99 more, each on its own network.
    for (let i = 1; i < TABLE_SIZE; i++) await json(router.port, 'PUT', TABLE, { address: `10.${100 + (i >> 8)}.${i & 255}.1/24`, interface: 'ether1' });

    // The baseline answers exactly what the router answers, for both URLs.
    const replies: Record<string, ReturnType<typeof canned>> = {};
    let keepAliveMs = 5000;
    for (const url of [ONE, TABLE]) {
      const reply = await request(router.port, 'GET', url, { auth: auths[0] });
      if (reply.status !== 200) throw new Error(`GET ${url}: ${reply.status} ${reply.body.toString()}`);
      replies[url] = canned(reply);
      keepAliveMs = keepAliveOf(reply);
    }
    const records = (JSON.parse(replies[TABLE].body.toString()) as unknown[]).length;
    if (records !== TABLE_SIZE) throw new Error(`GET ${TABLE}: ${records} records, not ${TABLE_SIZE}`);
    baseline = await startBaseline(replies, keepAliveMs, work);
    const noDate = (b: Buffer) => b.toString('latin1').replace(/^Date: [^\r]*\r\n/im, '');
    for (const url of [ONE, TABLE]) {
      const raw = `GET ${url} HTTP/1.1\r\nHost: ${'127.0.0.1'}\r\nAuthorization: ${auths[0]}\r\nConnection: keep-alive\r\n\r\n`;
      const [fromRouter, fromBaseline] = [noDate(await rawExchange(router.port, raw)), noDate(await rawExchange(baseline.port, raw))];
      if (fromRouter !== fromBaseline) throw new Error(`the baseline does not answer the router's bytes for ${url}:\n${fromRouter}\n---\n${fromBaseline}`);
    }

    const getLoad = (port: number, url: string, durationSec: number) =>
      load({ port, method: 'GET', path: url, connections: cfg.connections, auths, durationSec, maxSec: durationSec + 10 });
    const measured = async (server: Server, url: string, name: string): Promise<[LoadResult, number, number]> => {
      const cpu0 = server.cpuMs();
      const r = await getLoad(server.port, url, cfg.durationSec);
      expectAll(`GET ${url} (${name})`, r, 200);
      const cpu = server.cpuMs() - cpu0;
      const cpuPerRequest = (cpu * 1000) / r.answered;
      progress(`GET ${url} ${name}: ${rate(r.perSecond)}, p50 ${ms(r.p50)}, p99 ${ms(r.p99)}`);
      return [r, cpuPerRequest, cpu / (r.seconds * 1000)];
    };
    /** The bare server, then the router, each after its warm-up. */
    const compared = async (url: string) => {
      progress(`GET ${url}: warming up both servers (${cfg.warmupSec} s each)`);
      await getLoad(baseline!.port, url, cfg.warmupSec);
      await getLoad(router!.port, url, cfg.warmupSec);
      const [base, baseCpu, baseBusy] = await measured(baseline!, url, 'bare node:http');
      const [get, getCpu, getBusy] = await measured(router!, url, 'vrouter');
      return { base, baseCpu, baseBusy, get, getCpu, getBusy, share: get.perSecond / base.perSecond };
    };
    const { base, baseCpu, baseBusy, get, getCpu, getBusy, share } = await compared(ONE);
    const table = await compared(TABLE);

    // Durable writes. SQLite's own rate on this disk, one commit per row, is their floor;
    // the disk's rate drifts, so it is taken before and after the writes.
    const floors = [sqliteCommitsPerSecond(work, cfg.floorCommits, 3_000)];
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
    floors.push(sqliteCommitsPerSecond(work, cfg.floorCommits, 3_000));
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
        { what: `GET ${ONE}: requests/s`, value: rate(get.perSecond), baseline: rate(base.perSecond), ratio: ratio(share), target: '>= 0.9x of baseline', met: share >= 0.9 },
        { what: `GET ${ONE}: p50 latency`, value: ms(get.p50), baseline: ms(base.p50), ratio: ratio(get.p50 / base.p50) },
        { what: `GET ${ONE}: p99 latency`, value: ms(get.p99), baseline: ms(base.p99), ratio: ratio(get.p99 / base.p99), target: '< 1 ms', met: get.p99 < 1 },
        { what: `GET ${ONE}: server CPU per request`, value: `${getCpu.toFixed(0)} µs`, baseline: `${baseCpu.toFixed(0)} µs`, ratio: ratio(getCpu / baseCpu) },
        { what: `GET ${ONE}: server CPU use (share of one core)`, value: `${(getBusy * 100).toFixed(0)}%`, baseline: `${(baseBusy * 100).toFixed(0)}%` },
        { what: `GET ${TABLE} (${TABLE_SIZE} records): requests/s`, value: rate(table.get.perSecond), baseline: rate(table.base.perSecond), ratio: ratio(table.share), target: '>= 0.8x of baseline', met: table.share >= 0.8 },
        { what: `GET ${TABLE} (${TABLE_SIZE} records): p50 / p99 latency`, value: `${ms(table.get.p50)} / ${ms(table.get.p99)}`, baseline: `${ms(table.base.p50)} / ${ms(table.base.p99)}` },
        { what: `GET ${TABLE} (${TABLE_SIZE} records): server CPU per request`, value: `${table.getCpu.toFixed(0)} µs`, baseline: `${table.baseCpu.toFixed(0)} µs`, ratio: ratio(table.getCpu / table.baseCpu) },
        { what: `GET ${TABLE} (${TABLE_SIZE} records): server CPU use (share of one core)`, value: `${(table.getBusy * 100).toFixed(0)}%`, baseline: `${(table.baseBusy * 100).toFixed(0)}%` },
        { what: `PATCH ${ONE} (durable): requests/s`, value: rate(patch.perSecond), baseline: floorText, ratio: ratio(patch.perSecond / floor) },
        { what: `PATCH ${ONE}: p50 / p99 latency`, value: `${ms(patch.p50)} / ${ms(patch.p99)}` },
        { what: `PUT ${LIST} (durable, new entries): entries/s`, value: rate(put.perSecond), baseline: floorText, ratio: ratio(put.perSecond / floor), target: '>= 3,000/s', met: put.perSecond >= 3000 },
        { what: `PUT: entries/s over the first / last tenth`, value: `${rate(firstTenth)} / ${rate(lastTenth)}` },
        { what: `PUT: p50 / p99 latency`, value: `${ms(put.p50)} / ${ms(put.p99)}` },
        { what: 'router peak memory (VmHWM) after these runs', value: mb(memory.peak) },
      ],
      notes: [
        `autocannon ${cfg.connections} connections from this process; GET of each URL ${cfg.durationSec} s after ${cfg.warmupSec} s of warm-up for each server, PATCH ${cfg.patchSec} s, PUT ${int(cfg.putAmount)} new entries${put.cut ? ` (cut off at ${cfg.putMaxSec} s after ${int(created)})` : ''}; connections take the users bench1..bench${cfg.users} in turn.`,
        `The table: the first boot's /ip/address and ${TABLE_SIZE - 1} more (10.100.1.1/24 upwards on ether1), added before the GETs; its reply is ${int(replies[TABLE].body.length)} bytes.`,
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
