// `npm test`: Node's test runner over the built tests, `dist/test/**/*.test.js`, one file more
// at a time than the machine has cores. Most files spend much of their time waiting (on a
// router or a real client beside them, on a timer of the behaviour they test): two at a time
// kept this 2-core machine 58% busy and took 412 s, three 75% and 325 s; four took longer again
// (357 s), the files then waiting for the CPU.
//
// The files start longest first (scripts/test-durations.json, each file's seconds in a full
// run; `VROUTER_TEST_DURATIONS=1 npm test` writes it again). In name order the run began with
// Ansible (the longest file, 60 to 108 s), the API bounds and the login-hashing file together,
// and the two of those that time the router against itself failed under the load (bench/
// PROFILE.md, "The test suite"). Those, and the benchmarks' smoke test, are heavy: one of them
// at a time, as far as the measured seconds tell. A file the list does not know yet counts as
// 60 s. It is the runner's own `run()` in this process rather than a spawned `node --test`: the
// order of `files` is then the order they start in.
//
// The runner is given the files, not the directory: given `dist/test/` it would also run
// every other module there as a test file, helpers and the corpus recorders among them (which
// rewrite test/corpus/*.json), each in a process of its own. Arguments after `npm test --`
// are the runner's options: `--test-name-pattern=` (repeatable), `--test-only`,
// `--test-timeout=`, `--test-concurrency=`, `--test-force-exit` and `--test-reporter=` with
// `--test-reporter-destination=` (spec on a terminal, TAP otherwise, as `node --test`), and
// test files (paths, to run only those).

import { run } from 'node:test';
import * as reporters from 'node:test/reporters';
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..');
const tests = path.join(root, 'dist', 'test');

/** Every file below `dir`, as a path relative to `tests` (a walk of its own: Node 20.0's readdirSync has no `recursive`). */
const below = (dir) => fs.readdirSync(path.join(tests, dir), { withFileTypes: true })
  .flatMap((e) => (e.isDirectory() ? below(path.join(dir, e.name)) : [path.join(dir, e.name)]));

const usage = (why) => {
  process.stderr.write(`scripts/test.mjs: ${why}\n`);
  process.exit(2);
};

// ---------------------------------------------------------------- the options

const VALUED = ['--test-name-pattern', '--test-timeout', '--test-concurrency', '--test-reporter', '--test-reporter-destination'];
const options = { concurrency: os.availableParallelism() + 1, testNamePatterns: [] };
const wanted = [];
const reporterNames = [];
const destinations = [];
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  const arg = args[i];
  if (!arg.startsWith('--')) { wanted.push(path.resolve(arg)); continue; }
  const eq = arg.indexOf('=');
  const name = eq < 0 ? arg : arg.slice(0, eq);
  const flag = name === '--test-only' || name === '--test-force-exit';
  if (!flag && !VALUED.includes(name)) usage(`unknown option ${arg}`);
  const value = flag ? undefined : eq < 0 ? args[++i] : arg.slice(eq + 1);
  if (!flag && value === undefined) usage(`${name} wants a value`);
  switch (name) {
    case '--test-name-pattern': options.testNamePatterns.push(value); break;
    case '--test-only': options.only = true; break;
    case '--test-force-exit': options.forceExit = true; break;
    case '--test-timeout': options.timeout = Number(value); break;
    case '--test-concurrency': options.concurrency = Number(value); break;
    case '--test-reporter': reporterNames.push(value); break;
    case '--test-reporter-destination': destinations.push(value); break;
    default: usage(`unknown option ${arg}`);
  }
}
if (!options.testNamePatterns.length) delete options.testNamePatterns;
if (!reporterNames.length) reporterNames.push(process.stdout.isTTY ? 'spec' : 'tap');
if (destinations.length > reporterNames.length || (reporterNames.length > 1 && destinations.length !== reporterNames.length)) {
  usage('each --test-reporter wants its --test-reporter-destination');
}

// ---------------------------------------------------------------- the files, longest first

const durations = JSON.parse(fs.readFileSync(path.join(here, 'test-durations.json'), 'utf8'));
const relative = (f) => path.relative(tests, f).replaceAll(path.sep, '/');
/** A file's seconds in the measured run; one it does not know counts as long. */
const seconds = (f) => durations.seconds[relative(f)] ?? 60;
/** Heavy on the CPU or timed against themselves: one of them at a time, as far as the measured seconds tell. */
const heavy = (f) => durations.heavy.includes(relative(f));

const all = below('').filter((f) => f.endsWith('.test.js')).sort().map((f) => path.join(tests, f));
const chosen = wanted.length ? all.filter((f) => wanted.includes(f) || wanted.includes(f.replace(/\.js$/, '.ts'))) : all;
if (wanted.length && chosen.length < wanted.length) usage(`not a built test file: ${wanted.filter((w) => !chosen.includes(w)).join(', ')}`);
const longest = [...chosen].sort((a, b) => seconds(b) - seconds(a));
const light = longest.filter((f) => !heavy(f));
const heavies = longest.filter(heavy);
// The runner starts the files in this order as places free up: the order is worked out by
// playing that through with the measured seconds, a heavy file going in only once the heavy
// one before it should have ended.
const files = [];
const ends = Array.from({ length: Math.max(1, options.concurrency) }, () => 0);
let heavyUntil = 0;
while (light.length || heavies.length) {
  const slot = ends.indexOf(Math.min(...ends));
  const now = ends[slot];
  const f = heavies.length && (now >= heavyUntil || !light.length) ? heavies.shift() : light.shift();
  ends[slot] = now + seconds(f);
  if (heavy(f)) heavyUntil = ends[slot];
  files.push(f);
}
if (process.env.VROUTER_TEST_ORDER) for (const f of files) process.stdout.write(`${seconds(f)} ${relative(f)}${heavy(f) ? ' (heavy)' : ''}\n`);

// ---------------------------------------------------------------- the run

const stream = run({ ...options, files });
let failed = false;
/** Each file's seconds in this run (the runner's duration of the file's own test). */
const measured = {};
stream.on('test:complete', (data) => {
  if (data.nesting === 0 && data.file && data.name === data.file) measured[relative(data.file)] = Math.round(data.details.duration_ms / 100) / 10;
});
stream.on('test:fail', (data) => {
  // A skipped or todo test is not a failure; a test that failed is, at any depth.
  if (!data.skip && !data.todo) failed = true;
});
const builtIn = { spec: () => new reporters.spec(), tap: () => reporters.tap, dot: () => reporters.dot, junit: () => reporters.junit };
await Promise.all(reporterNames.map(async (name, i) => {
  const make = builtIn[name] ?? (async () => {
    const m = await import(path.resolve(name));
    return m.default;
  });
  const reporter = await make();
  const to = destinations[i] === undefined || destinations[i] === 'stdout' ? process.stdout
    : destinations[i] === 'stderr' ? process.stderr : fs.createWriteStream(destinations[i]);
  const out = stream.compose(reporter);
  if (to === process.stdout || to === process.stderr) {
    out.pipe(to);
    await new Promise((ok) => out.on('end', ok));
  } else {
    await pipeline(out, to);
  }
}));
if (process.env.VROUTER_TEST_DURATIONS && !wanted.length && !options.testNamePatterns) {
  const seconds = Object.fromEntries(Object.entries(measured).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])));
  fs.writeFileSync(path.join(here, 'test-durations.json'), `${JSON.stringify({ heavy: durations.heavy, seconds }, null, 1)}\n`);
}
process.exitCode = failed ? 1 : 0;
