// Many routers in one machine: a lab of N vrouter processes, each with its own data
// directory and ports, started one after another and left running. Reported: each
// router's start-up (spawn to first answered REST request, with the others already up),
// the time to bring the whole lab up, and the memory the lab takes once idle, against the
// same number of bare node:http processes started and measured the same way.
//
// Memory is given two ways: the sum of every process's resident set (VmRSS), which counts
// the pages all Node processes share (the node binary, shared libraries) once per process,
// and the sum of their proportional set sizes (Pss from /proc/PID/smaps_rollup), which
// splits each shared page among the processes that map it: what the lab really takes.

import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { mb, median, ms, progress, removeDir, startBaseline, startRouter, tempDir, type Section, type Server } from './lib.js';

export interface FleetConfig {
  /** Routers in the lab (and bare node:http processes in its baseline). */
  routers: number;
  /** How long the lab idles after the last start before its memory is read. */
  idleMs: number;
}

const max = (xs: readonly number[]) => Math.max(...xs);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Proportional set size of a process in kB (Linux 4.14+), NaN where there is none. */
export function pssKb(pid: number): number {
  try {
    return Number(/^Pss:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? NaN);
  } catch {
    return NaN;
  }
}

interface Lab {
  startMs: number[];
  wallMs: number;
  rssKb: number;
  pssKb: number;
}

/** Starts `count` servers one after another, all left running; then idles and reads their memory. */
async function lab(count: number, idleMs: number, start: (i: number) => Promise<Server>, what: string, servers: Server[]): Promise<Lab> {
  const startMs: number[] = [];
  const t0 = performance.now();
  for (let i = 0; i < count; i++) {
    const s = await start(i);
    servers.push(s);
    startMs.push(s.firstAnswerMs);
    if ((i + 1) % 10 === 0 || i + 1 === count) progress(`${what}: ${i + 1}/${count} up, this one in ${ms(s.firstAnswerMs)}`);
  }
  const wallMs = performance.now() - t0;
  await sleep(idleMs);
  let rssKb = 0, pss = 0;
  for (const s of servers) {
    rssKb += s.memory().now;
    pss += pssKb(s.pid);
  }
  return { startMs, wallMs, rssKb, pssKb: pss };
}

async function stopAll(servers: Server[]) {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
}

export async function fleetBench(cfg: FleetConfig): Promise<Section> {
  const n = cfg.routers;
  const dirs: string[] = [];
  const work = tempDir('fleet-baseline');
  const servers: Server[] = [];
  try {
    const routers = await lab(n, cfg.idleMs, (i) => {
      const dir = tempDir(`fleet-${i}`);
      dirs.push(dir);
      return startRouter(dir);
    }, 'routers', servers);
    await stopAll(servers);
    const reply = { status: 200, headers: [['Content-Type', 'application/json']] as [string, string][], body: Buffer.from('{"name":"MikroTik"}') };
    const bare = await lab(n, cfg.idleMs, () => startBaseline({ '/': reply }, 5000, work), 'bare node:http', servers);
    await stopAll(servers);

    const perRouterPss = routers.pssKb / n;
    const perBarePss = bare.pssKb / n;
    return {
      title: `Many routers in one machine (${n} vrouter processes, each its own data directory and ports)`,
      rows: [
        { what: `start-up of one router, the others running: spawn -> first answer (median)`, value: ms(median(routers.startMs)), baseline: ms(median(bare.startMs)), ratio: (median(routers.startMs) / median(bare.startMs)).toFixed(2) + 'x', target: '< 1 s', met: median(routers.startMs) < 1000 },
        { what: 'start-up of one router: slowest', value: ms(max(routers.startMs)), baseline: ms(max(bare.startMs)) },
        { what: `all ${n} up, one after another`, value: ms(routers.wallMs), baseline: ms(bare.wallMs) },
        { what: `memory of the lab, idle: sum of proportional set sizes (Pss)`, value: mb(routers.pssKb), baseline: mb(bare.pssKb), ratio: (routers.pssKb / bare.pssKb).toFixed(2) + 'x' },
        { what: `memory per router (Pss)`, value: mb(perRouterPss), baseline: mb(perBarePss), target: '< 100 MB', met: perRouterPss < 100 * 1024 },
        { what: `memory of the lab, idle: sum of resident sets (VmRSS, shared pages counted in each)`, value: mb(routers.rssKb), baseline: mb(bare.rssKb) },
        { what: `memory per router (VmRSS)`, value: mb(routers.rssKb / n), baseline: mb(bare.rssKb / n) },
      ],
      notes: [
        `${n} routers (\`node dist/vrouter/cli.js --data-dir DIR --www-port 0 --www-ssl-port 0 --api-port 0 --api-ssl-port 0\`, each on a fresh data directory, so each writes its default configuration) started one after another, each timed from spawn to the first answered \`GET /rest/system/identity\` while the earlier ones keep running; then ${(cfg.idleMs / 1000).toFixed(0)} s idle and the memory of every process read from /proc.`,
        `Baseline: ${n} bare node:http processes (bench/baseline-server.ts), started, timed and measured the same way: what ${n} Node processes take before any router is in them.`,
        'Pss shares each page among the processes that map it (the node binary and its libraries are in memory once): the sum is what the lab takes from the machine. VmRSS counts shared pages in every process.',
        'Sizing a lab: memory is about n × the Pss per router (idle routers; a router holding large tables takes more, see the large tables below).',
      ],
    };
  } finally {
    await stopAll(servers);
    for (const d of dirs) removeDir(d);
    removeDir(work);
  }
}
