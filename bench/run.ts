// `npm run bench`: every benchmark, each printing its table, then the results written to
// bench/RESULTS.md with a description of this machine.
//
//   node dist/bench/run.js [--quick] [--only startup,rest,api,large,fleet,fairness,ssh,ospf,snmp,container,reset] [--entries N] [--out FILE | --no-write]
//
// --quick runs each benchmark at tiny sizes (what `npm test` does to keep them working);
// it writes no results file unless --out is given.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { apiBench, type ApiConfig } from './api.js';
import { fairnessBench, type FairnessConfig } from './fairness.js';
import { fleetBench, type FleetConfig } from './fleet.js';
import { largeBench, type LargeConfig } from './large.js';
import { ospfBench, type OspfConfig } from './ospf.js';
import { ROOT, machine, markdownTable, setProgress, status, textTable, type Section } from './lib.js';
import { restBench, type RestConfig } from './rest.js';
import { startupBench, type StartupConfig } from './startup.js';
import { sshBench, type SshConfig } from './ssh.js';
import { snmpBench, type SnmpConfig } from './snmp.js';
import { containerBench, type ContainerConfig } from './container.js';
import { resetBench, type ResetConfig } from './reset.js';

export interface BenchConfig {
  startup: StartupConfig;
  rest: RestConfig;
  api: ApiConfig;
  large: LargeConfig;
  fleet: FleetConfig;
  fairness: FairnessConfig;
  ssh: SshConfig;
  ospf: OspfConfig;
  snmp: SnmpConfig;
  container: ContainerConfig;
  reset: ResetConfig;
}

/** The real run: about 5 to 10 minutes on a 2-core machine. */
export const FULL: BenchConfig = {
  startup: { repeats: 5, idleMs: 15_000 },
  rest: { connections: 16, users: 4, warmupSec: 3, durationSec: 10, patchSec: 10, putAmount: 30_000, putMaxSec: 30, floorCommits: 20_000 },
  api: { connections: 16, users: 4, warmupSec: 3, durationSec: 10 },
  large: { entries: 100_000, lists: 100, connections: 16, users: 4, createMaxSec: 150, repeats: 5, restarts: 3, floorCommits: 20_000 },
  fleet: { routers: 50, idleMs: 10_000 },
  fairness: { prints: 20_000, idleSec: 3, loopSec: 10, gapMs: 50, timeoutMs: 10_000 },
  ssh: { repeats: 20 },
  ospf: { routers: 100 },
  snmp: { ports: 64, repeats: 10 },
  container: { repeats: 5, idleMs: 15_000 },
  reset: { repeats: 20 },
};

/** Tiny sizes: every code path once, in seconds. */
export const QUICK: BenchConfig = {
  startup: { repeats: 1, idleMs: 200 },
  rest: { connections: 4, users: 2, warmupSec: 0.3, durationSec: 0.5, patchSec: 0.5, putAmount: 100, putMaxSec: 10, floorCommits: 200 },
  api: { connections: 4, users: 2, warmupSec: 0.3, durationSec: 0.5 },
  large: { entries: 200, lists: 50, connections: 4, users: 2, createMaxSec: 20, repeats: 1, restarts: 1, floorCommits: 200 },
  fleet: { routers: 2, idleMs: 200 },
  fairness: { prints: 300, idleSec: 0.3, loopSec: 1, gapMs: 20, timeoutMs: 3000 },
  ssh: { repeats: 2 },
  ospf: { routers: 9 },
  snmp: { ports: 5, repeats: 1 },
  container: { repeats: 1, idleMs: 200 },
  reset: { repeats: 1 },
};

export const BENCHMARKS = ['startup', 'rest', 'api', 'large', 'fleet', 'fairness', 'ssh', 'ospf', 'snmp', 'container', 'reset'] as const;
export type BenchName = (typeof BENCHMARKS)[number];

export async function runBenchmarks(cfg: BenchConfig, only: readonly BenchName[] = BENCHMARKS, print = true): Promise<Section[]> {
  const sections: Section[] = [];
  setProgress(print);
  for (const name of BENCHMARKS) {
    if (!only.includes(name)) continue;
    if (print) process.stderr.write(`\n-- ${name}\n`);
    const t0 = performance.now();
    const section = name === 'startup' ? await startupBench(cfg.startup)
      : name === 'rest' ? await restBench(cfg.rest)
      : name === 'api' ? await apiBench(cfg.api)
      : name === 'fleet' ? await fleetBench(cfg.fleet)
      : name === 'fairness' ? await fairnessBench(cfg.fairness)
      : name === 'ssh' ? await sshBench(cfg.ssh)
      : name === 'ospf' ? await ospfBench(cfg.ospf)
      : name === 'snmp' ? await snmpBench(cfg.snmp)
      : name === 'container' ? await containerBench(cfg.container)
      : name === 'reset' ? await resetBench(cfg.reset)
      : await largeBench(cfg.large);
    section.notes.push(`Ran in ${((performance.now() - t0) / 1000).toFixed(0)} s.`);
    sections.push(section);
    if (print) process.stdout.write('\n' + textTable(section));
  }
  return sections;
}

const loads = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

/**
 * Where the time goes, from profiles taken by hand (bench/PROFILE.md: `node --cpu-prof` of a
 * router under load); kept in the results file, which every run writes anew.
 */
function profileNotes(): string[] {
  try {
    return ['', fs.readFileSync(path.join(ROOT, 'bench', 'PROFILE.md'), 'utf8').trimEnd(), ''];
  } catch {
    return [];
  }
}

/** The results file; the profiles' notes (bench/PROFILE.md) go with a run of every benchmark. */
export function resultsMarkdown(sections: readonly Section[], command: string, seconds: number, load?: { before: string; after: string }, profiles = true): string {
  const misses = sections.flatMap((s) => s.rows.filter((r) => r.met === false).map((r) => `- ${s.title.replace(/ \(.*/, '')}: ${r.what}: ${r.value} (target ${r.target})`));
  const met = sections.flatMap((s) => s.rows).filter((r) => r.met === true).length;
  return [
    '# Benchmark results',
    '',
    `Written by \`${command}\` on ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')} (whole run: ${(seconds / 60).toFixed(1)} min). Run it again to measure your machine: absolute numbers differ from machine to machine, which is why every line is set against a baseline measured in the same run.`,
    '',
    '## Machine',
    '',
    ...machine().map((l) => `- ${l}`),
    ...(load ? [`- load average (1, 5, 15 min) before the run: ${load.before}; after: ${load.after} (the benchmarks' own processes count too; anything else running shares the 2 cores)`] : []),
    '',
    '## Targets',
    '',
    `${met} met, ${misses.length} missed.`,
    ...(misses.length ? ['', 'Missed (findings to fix, not to hide):', '', ...misses] : []),
    '',
    '## Results',
    '',
    'In every table, *ratio* is value ÷ baseline in the unit of the line (for a rate, below 1 is slower than the baseline; for a time, above 1 is slower).',
    '',
    ...sections.map(markdownTable),
    ...(profiles ? profileNotes() : []),
  ].join('\n');
}

async function main() {
  const argv = process.argv.slice(2);
  let cfg = FULL;
  let only: BenchName[] = [...BENCHMARKS];
  let out: string | undefined = path.join(ROOT, 'bench', 'RESULTS.md');
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--quick') { cfg = QUICK; if (out?.endsWith('RESULTS.md')) out = undefined; }
    else if (a === '--only') only = argv[++i].split(',') as BenchName[];
    else if (a === '--entries') cfg = { ...cfg, large: { ...cfg.large, entries: Number(argv[++i]) } };
    else if (a === '--out') out = path.resolve(argv[++i]);
    else if (a === '--no-write') out = undefined;
    else {
      process.stderr.write(`usage: node dist/bench/run.js [--quick] [--only ${BENCHMARKS.join(',')}] [--entries N] [--out FILE | --no-write]\n`);
      process.exit(2);
    }
  }
  for (const name of only) if (!BENCHMARKS.includes(name)) { process.stderr.write(`unknown benchmark ${name}\n`); process.exit(2); }
  const t0 = performance.now();
  const before = loads();
  process.stdout.write(`vrouter benchmarks\n${machine().map((l) => `  ${l}`).join('\n')}\n`);
  const sections = await runBenchmarks(cfg, only);
  const seconds = (performance.now() - t0) / 1000;
  const rows = sections.flatMap((s) => s.rows);
  const missed = rows.filter((r) => r.met === false);
  process.stdout.write(`\n${rows.filter((r) => r.met !== undefined).length - missed.length} targets met, ${missed.length} missed${missed.length ? ':' : ''}\n`);
  for (const r of missed) process.stdout.write(`  ${status(r)}: ${r.what}: ${r.value} (target ${r.target})\n`);
  if (out) {
    const command = ['npm run bench', ...(argv.length ? ['--', ...argv] : [])].join(' ');
    fs.writeFileSync(out, resultsMarkdown(sections, command, seconds, { before, after: loads() }, only.length === BENCHMARKS.length));
    process.stdout.write(`results written to ${path.relative(process.cwd(), out) || out}\n`);
  }
}

// Run when started as the program, not when imported (by the smoke test).
if (process.argv[1] && path.resolve(process.argv[1]) === path.join(ROOT, 'dist', 'bench', 'run.js')) {
  main().catch((e) => {
    process.stderr.write(`benchmark failed: ${(e as Error).stack ?? e}\n`);
    process.exit(1);
  });
}
