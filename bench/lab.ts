// A lab of many routers in one process: how long `Lab.start` takes for a chain of N CHRs
// (each with its own data directory, store, engine and services on free ports, and by default
// its certificate from the lab's CA for www-ssl and api-ssl) until every router has answered a
// REST request, what each router costs in memory (the process's resident set after start-up,
// less a process that loaded the same code, divided by N), what one change of one router's
// configuration costs the running lab (a REST call on the middle router that the network reads,
// its identity, until the lab has worked the network out again: each router's model is rebuilt
// only where its configuration changed), and how long the same lab takes to start again on its
// data directory (no first boot: configurations and ports kept), and the CPU it took to all
// answered (every thread's, and the main thread's with its wait for a CPU: on a shared machine
// the wall time is as much other work's as ours). Each size runs with
// certificates and without (`certificate: { issue: false }`), as its baseline.
//
//   node dist/bench/lab.js [--routers 100,1000,10000] [--certificates both|no|yes]
//
// Each run is a child process of its own, so one run's memory does not count in another's.
// Each router listens on 4 ports (www, api, ssh, telnet; 6 with certificates) of 127.0.0.1,
// all from the kernel's range of free ports, and holds 2 more open files (its database and
// the database's log; the log's index is in memory: src/core/store.ts). Each is asked once
// over a connection of its own that closes after the answer, as curl asks. A size that needs
// more files than this process may open (`ulimit -n`) or more ports than the kernel hands out
// (ip_local_port_range) is not run, and the table says what it would need.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { Lab } from '../src/lab/lab.js';
import { checkTopology } from '../src/lab/topology.js';

const SELF = fileURLToPath(import.meta.url);

/** A chain r1 - r2 - ... - rN, each link on ether2 of one router and ether3 of the next. */
function chain(n: number, certificates: boolean) {
  const nodes: Record<string, object> = {};
  for (let i = 1; i <= n; i++) nodes[`r${i}`] = { kind: 'mikrotik_ros', ...(certificates ? {} : { certificate: { issue: false } }) };
  const links = Array.from({ length: n - 1 }, (_, i) => ({ endpoints: [`r${i + 1}:ether3`, `r${i + 2}:ether2`] }));
  return checkTopology({ name: `chain${n}`, topology: { nodes, links } }, process.cwd());
}

const rssMb = () => process.memoryUsage().rss / 1048576;

/**
 * CPU time so far, ms: the whole process's (every thread), and the main thread's on the CPU
 * and waiting for one (Linux's schedstat; on a shared machine the wait is other work's).
 */
function cpuNow(): { all: number; main?: number; waited?: number } {
  const u = process.cpuUsage();
  try {
    const [on, wait] = fs.readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ').map(Number);
    return { all: (u.user + u.system) / 1000, main: on / 1e6, waited: wait / 1e6 };
  } catch {
    return { all: (u.user + u.system) / 1000 };
  }
}

/** CPU between two readings, rounded to ms. */
const cpuSince = (a: ReturnType<typeof cpuNow>, b = cpuNow()) => ({
  all: Math.round(b.all - a.all), main: b.main === undefined ? undefined : Math.round(b.main - a.main!), waited: b.waited === undefined ? undefined : Math.round(b.waited - a.waited!),
});

/** The files this process holds open (Linux), else undefined. */
const openFiles = () => { try { return fs.readdirSync('/proc/self/fd').length; } catch { return undefined; } };

/** A router's identity over HTTP, on a connection of its own closed after the answer. */
function identity(port: number): Promise<{ name: string }> {
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: '/rest/system/identity', agent: false, auth: 'admin:' }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (d: string) => { body += d; }).on('end', () => {
        try { resolve(JSON.parse(body)); } catch (e) { reject(e); }
      });
    }).on('error', reject);
  });
}

async function child(n: number, certificates: boolean) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vrouter-lab-bench-'));
  try {
    global.gc?.();
    const base = rssMb();
    const t0 = performance.now(), c0 = cpuNow();
    const lab = await Lab.start(chain(n, certificates), { dataDir: dir, listen: '127.0.0.1', parallel: 16 });
    const started = performance.now() - t0, startCpu = cpuSince(c0);
    // Every router answers over HTTP, as a single one does.
    let answered = 0;
    for (let i = 0; i < lab.nodes.length; i += 50) {
      const batch = lab.nodes.slice(i, i + 50);
      const replies = await Promise.all(batch.map((node) => identity(node.router.bound.www!)));
      answered += replies.filter((r, j) => r.name === batch[j].name).length;
    }
    const allAnswered = performance.now() - t0, answerCpu = cpuSince(c0);
    const files = openFiles();
    await new Promise((r) => setTimeout(r, 2000));
    global.gc?.();
    const rss = rssMb();
    const change = await changeCost(lab);
    await lab.stop();
    const t1 = performance.now();
    const again = await Lab.start(chain(n, certificates), { dataDir: dir, listen: '127.0.0.1', parallel: 16 });
    const againMs = performance.now() - t1;
    await again.stop();
    process.stdout.write(JSON.stringify({ n, startedMs: Math.round(started), answeredMs: Math.round(allAnswered), answered, againMs: Math.round(againMs), rssMb: Math.round(rss), baseMb: Math.round(base), perRouterMb: +((rss - base) / n).toFixed(2), files, startCpu, answerCpu, ...change }) + '\n');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Changes measured, one after another. */
const CHANGES = 20;

/**
 * The middle router's identity set over REST, CHANGES times, each until the lab has settled
 * (its reaction runs on the event loop before this process's next turn): wall time and this
 * process's CPU time per change, the median.
 */
async function changeCost(lab: Lab): Promise<{ changeMs: number; changeCpuMs: number }> {
  const mid = lab.nodes[Math.floor(lab.nodes.length / 2)];
  const url = `http://127.0.0.1:${mid.router.bound.www}/rest/system/identity/set`;
  const wall: number[] = [], cpu: number[] = [];
  for (let i = 0; i < CHANGES; i++) {
    const t = performance.now(), c = process.cpuUsage();
    const res = await fetch(url, { method: 'POST', headers: { Authorization: `Basic ${Buffer.from('admin:').toString('base64')}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: `${mid.name}-${i}` }) });
    await res.arrayBuffer();
    await new Promise((r) => setImmediate(r));
    const used = process.cpuUsage(c);
    wall.push(performance.now() - t);
    cpu.push((used.user + used.system) / 1000);
  }
  const median = (a: number[]) => +[...a].sort((x, y) => x - y)[a.length >> 1].toFixed(1);
  return { changeMs: median(wall), changeCpuMs: median(cpu) };
}

/** The open files this process may have (`ulimit -n`), and the free ports the kernel hands out. */
function limits(): { files: number; ports: number } {
  const files = Number(spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout.trim()) || Infinity;
  let ports = Infinity;
  try {
    const [lo, hi] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    ports = hi - lo + 1;
  } catch { /* not Linux: not known */ }
  return { files, ports };
}

/** Why a size cannot run here, if it cannot: each router's listeners and its database's files. */
function beyond(n: number, certificates: boolean): string | undefined {
  const { files, ports } = limits();
  const listeners = n * (certificates ? 6 : 4);
  // Besides the listeners: each router's database and its log; a batch of REST connections
  // (both ends), and what the process holds besides.
  const needFiles = listeners + n * 2 + 2 * 50 + 100;
  if (needFiles > files) return `not run: needs ${needFiles} open files (ulimit -n is ${files})`;
  if (listeners > ports) return `not run: needs ${listeners} ports of 127.0.0.1 (the kernel hands out ${ports})`;
  return undefined;
}

function main() {
  const arg = process.argv.indexOf('--routers');
  const sizes = (arg > 0 ? process.argv[arg + 1] : '100,1000').split(',').map(Number);
  const certArg = process.argv.indexOf('--certificates');
  const asked = certArg > 0 ? process.argv[certArg + 1] : 'both';
  const variants = asked === 'no' ? [false] : asked === 'yes' ? [true] : [false, true];
  const rows = [['routers', 'certificates', 'start (all started)', 'all answered REST', 'CPU to all answered', 'start again', 'RSS', 'per router', 'open files', 'a change on one router']];
  for (const n of sizes) {
    for (const certificates of variants) {
      const reason = beyond(n, certificates);
      if (reason) { rows.push([String(n), certificates ? 'yes' : 'no', reason, '', '', '', '', '', '', '']); continue; }
      const r = spawnSync(process.execPath, ['--expose-gc', '--max-old-space-size=16384', SELF, '--child', String(n), String(certificates)], { encoding: 'utf8', maxBuffer: 1 << 24 });
      const line = r.stdout.trim().split('\n').pop() ?? '';
      let m: { startedMs: number; answeredMs: number; answered: number; againMs: number; rssMb: number; perRouterMb: number; files?: number; answerCpu: { all: number; main?: number; waited?: number }; changeMs: number; changeCpuMs: number } | undefined;
      try { m = JSON.parse(line); } catch { /* failed: reported below */ }
      const which = certificates ? 'yes' : 'no';
      if (!m) { rows.push([String(n), which, `failed: ${(r.stderr || line).split('\n')[0]}`, '', '', '', '', '', '', '']); continue; }
      const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
      const c = m.answerCpu;
      const cpu = `${s(c.all)}${c.main === undefined ? '' : ` (main thread ${s(c.main)}, waited ${s(c.waited!)})`}`;
      rows.push([String(n), which, s(m.startedMs), `${s(m.answeredMs)} (${m.answered}/${n})`, cpu, s(m.againMs), `${m.rssMb} MB`, `${m.perRouterMb} MB`, m.files === undefined ? '-' : String(m.files), `${m.changeMs} ms (CPU ${m.changeCpuMs} ms)`]);
    }
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  process.stdout.write(rows.map((r) => r.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd()).join('\n') + '\n');
}

if (process.argv[2] === '--child') await child(Number(process.argv[3]), process.argv[4] === 'true');
else if (process.argv[1] === SELF) main();
