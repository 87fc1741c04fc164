#!/usr/bin/env node
// The mutation check (`npm run mutate`, not part of `npm test`): applies each deliberate break
// of scripts/mutations.mjs to the product, one at a time, builds, runs the tests that should
// notice, and reports which breaks they caught and which survived, in bench/MUTATION.md.
//
// Everything happens in a scratch copy of the project (a temporary directory with the sources,
// the built dist/ for an incremental build, and links to node_modules and ../shared): the
// worktree is never written, so an interrupted run leaves it as it was. The scratch copy is
// removed at the end, on Ctrl-C and on SIGTERM.
//
// Usage: npm run mutate [-- NAME ...]   (only the breaks named: their rows of the report are replaced)

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { MUTATIONS, NOTES } from './mutations.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv.slice(2);
const chosen = only.length ? MUTATIONS.filter((m) => only.includes(m.name)) : MUTATIONS;
if (only.length && chosen.length !== only.length) {
  const known = new Set(MUTATIONS.map((m) => m.name));
  console.error(`no such break: ${only.filter((n) => !known.has(n)).join(', ')}`);
  process.exit(2);
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'vrouter-mutate-'));
const copy = path.join(scratch, 'vrouter');
/** The commands running now: stopped with the run. */
const running = new Set();
const cleanup = () => {
  for (const child of running) child.kill('SIGKILL');
  fs.rmSync(scratch, { recursive: true, force: true });
};
const cell = (s) => String(s).replace(/\|/g, '\\|').replace(/\n/g, ' ');
const row = (r) => `| \`${r.name}\` | ${r.area} | ${cell(r.why)} | ${r.tests.map((t) => `\`${path.basename(t)}\``).join(' ')} | ${r.caught ? 'caught' : '**survived**'} | ${cell(r.by.slice(0, 2).join('; '))} |`;
const summary = (caught, all) => `${caught} of ${all} breaks caught (${new Date().toISOString().slice(0, 10)}).`;
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => { cleanup(); process.exit(130); });

/**
 * Runs a command in the copy and resolves with its exit code and output. Asynchronous, so that
 * Ctrl-C or SIGTERM reach the handler above (which removes the scratch copy) while it runs.
 */
function run(command, args, timeoutMs) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: copy, env: { ...process.env, CI: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child);
    let out = '';
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { out += d; });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      running.delete(child);
      resolve({ code: code ?? (signal ? 128 : 1), out, ms: Date.now() - started });
    });
  });
}

/** Builds the copy as `npm run build` does what the tests run: tsc, then the bundled `vrouter` (scripts/bundle.mjs). */
async function build() {
  const compiled = await run('npx', ['tsc', '-b'], 600_000);
  if (compiled.code !== 0) return compiled;
  const bundled = await run(process.execPath, ['scripts/bundle.mjs'], 600_000);
  return { ...bundled, out: compiled.out + bundled.out, ms: compiled.ms + bundled.ms };
}

// A test that waits for ever on a break (a reply that never comes) fails after this, not the run.
const TEST_TIMEOUT = ['--test-timeout=300000'];

/** The names of the failing tests in node --test's TAP output. */
const failing = (out) => [...new Set([...out.matchAll(/^\s*not ok \d+ - (.*)$/gm)].map((m) => m[1]).filter((n) => !/\.test\.js$/.test(n) && !/^(?:tests|suites)/.test(n)))];

async function prepare() {
  fs.mkdirSync(copy);
  for (const entry of fs.readdirSync(root)) {
    if (entry === 'node_modules' || entry === '.git') continue;
    fs.cpSync(path.join(root, entry), path.join(copy, entry), { recursive: true, preserveTimestamps: true });
  }
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'));
  // The tests read ../shared (the captured trees, the real exports) beside the project.
  fs.symlinkSync(fs.realpathSync(path.join(root, '..', 'shared')), path.join(scratch, 'shared'));
  const built = await build();
  if (built.code !== 0) throw new Error(`the unbroken copy does not build:\n${built.out}`);
}

/** Applies one edit of a break; returns a function that undoes it. */
function apply(edit) {
  const file = path.join(copy, edit.file);
  const before = fs.readFileSync(file, 'utf8');
  const at = before.indexOf(edit.find);
  if (at < 0 || before.indexOf(edit.find, at + 1) >= 0) throw new Error(`${edit.file}: the text to break is ${at < 0 ? 'not there' : 'there more than once'}: ${edit.find}`);
  fs.writeFileSync(file, before.slice(0, at) + edit.replace + before.slice(at + edit.find.length));
  return () => fs.writeFileSync(file, before);
}

const results = [];
try {
  await prepare();
  // The tests must pass on the unbroken product, or a failure says nothing about a break.
  const tests = [...new Set(chosen.flatMap((m) => m.tests))];
  const clean = await run('node', ['--test', '--test-concurrency=2', ...TEST_TIMEOUT, ...tests.map((t) => `dist/${t.replace(/\.ts$/, '.js')}`)], 1_200_000);
  if (clean.code !== 0) {
    const log = path.join(os.tmpdir(), `vrouter-mutate-unbroken-${process.pid}.log`);
    fs.writeFileSync(log, clean.out);
    throw new Error(`the tests fail on the unbroken product (their output: ${log}):\n${failing(clean.out).join('\n')}`);
  }
  for (const m of chosen) {
    const undo = m.edits.map(apply);
    const built = await build();
    let result;
    // A break that does not build tests nothing: it is a mistake of the list, reported as not caught.
    if (built.code !== 0) result = { ...m, caught: false, by: [`does not build: ${built.out.split('\n').find((l) => /error TS/.test(l)) ?? built.out.slice(0, 200)}`], ms: built.ms };
    else {
      const t = await run('node', ['--test', '--test-concurrency=2', ...TEST_TIMEOUT, ...m.tests.map((f) => `dist/${f.replace(/\.ts$/, '.js')}`)], 900_000);
      result = { ...m, caught: t.code !== 0, by: failing(t.out), ms: built.ms + t.ms };
    }
    undo.reverse().forEach((u) => u());
    results.push(result);
    console.log(`${result.caught ? 'caught  ' : 'SURVIVED'} ${m.name} (${(result.ms / 1000).toFixed(1)} s)${result.caught ? `: ${result.by.slice(0, 2).join('; ')}` : ''}`);
  }
  // The copy is whole again: build it back so a later break starts from the product.
  await build();
} finally {
  cleanup();
}

const survived = results.filter((r) => !r.caught);
console.log(`${results.length - survived.length} of ${results.length} breaks caught${survived.length ? `; survived: ${survived.map((r) => r.name).join(', ')}` : ''}`);
const REPORT = path.join(root, 'bench', 'MUTATION.md');
if (!only.length) fs.writeFileSync(REPORT, report(results));
else if (fs.existsSync(REPORT)) fs.writeFileSync(REPORT, updated(fs.readFileSync(REPORT, 'utf8'), results));
process.exit(survived.length ? 1 : 0);

/** A whole report with the rows of the breaks run again replaced, and its count made again. */
function updated(text, rs) {
  const lines = text.split('\n').map((l) => {
    const r = rs.find((x) => l.startsWith(`| \`${x.name}\` |`));
    return r ? row(r) : l;
  });
  const rows = lines.filter((l) => /^\| `/.test(l));
  return lines.map((l) => (/^\d+ of \d+ breaks caught/.test(l) ? summary(rows.filter((x) => x.includes('| caught |')).length, rows.length) : l)).join('\n');
}

function report(rs) {
  const lines = [
    '# Mutation check',
    '',
    'Written by `npm run mutate` (scripts/mutate.mjs): each deliberate break of',
    '`scripts/mutations.mjs` applied alone to a scratch copy of the product, built, and the tests',
    'named for it run with Node\'s test runner on the compiled tests. A break is caught when one of',
    'those tests fails. Tools considered and why hand-written breaks: see the end.',
    '',
    summary(rs.length - rs.filter((r) => !r.caught).length, rs.length),
    '',
    '| break | area | what it does | tests run | result | failing tests (first two) |',
    '|---|---|---|---|---|---|',
    ...rs.map(row),
    '',
    '## Why hand-written breaks',
    '',
    ...NOTES,
    '',
  ];
  return lines.join('\n');
}
