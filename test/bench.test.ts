// The benchmarks at tiny sizes, so they keep working as the router changes: each runs every
// step it has in a real run (processes, baseline, autocannon load, the checks it makes of
// the router's replies) and gives a table with a value for every line. Performance targets
// are not judged here: tiny sizes say nothing about them.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { markdownTable, textTable, type Section } from '../bench/lib.js';
import { QUICK, resultsMarkdown, runBenchmarks } from '../bench/run.js';

const RUN = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'bench', 'run.js');

function row(section: Section, what: RegExp) {
  const found = section.rows.find((r) => what.test(r.what));
  assert.ok(found, `${section.title} has a line ${what}`);
  return found;
}

/** A value that was measured: a time, a rate or a size, not NaN. */
const measured = /^(cut off: [\d,]+ in )?[\d,.]+ ?(ms|s|\/s|MB|µs)\b/;

function checkTables(section: Section) {
  for (const r of section.rows) assert.ok(r.value && !/NaN|n\/a/.test(r.value), `${section.title}: ${r.what} has a value (${r.value})`);
  assert.match(textTable(section), /measure\s+value\s+baseline\s+ratio\s+target\s+result/);
  assert.match(markdownTable(section), /\| measure \| value \| baseline \| ratio \| target \| result \|/);
}

describe('benchmarks (smoke run at tiny sizes)', () => {
  test('start-up: spawn to first answer of the router and of the bare node:http baseline', async () => {
    const [section] = await runBenchmarks(QUICK, ['startup'], false);
    checkTables(section);
    const first = row(section, /fresh data directory: spawn -> first answer/);
    assert.match(first.value, measured);
    assert.match(first.baseline!, measured);
    assert.equal(typeof first.met, 'boolean');
    // The largest board and the oldest and newest releases are judged by their medians too,
    // each against the issue's own target (under 300 ms; the newest, the default, under 250 ms).
    assert.equal(row(section, /the largest board, .*: spawn -> first answer \(median\)/).target, '< 300 ms');
    assert.equal(row(section, /--ros-version 7\.9\.2: spawn -> first answer \(median\)/).target, '< 300 ms');
    assert.equal(row(section, /--ros-version 7\.24: spawn -> first answer \(median\)/).target, '< 250 ms');
  });

  test('REST: GET against the same bytes from node:http, PATCH, durable PUT surviving kill -9', async () => {
    const [section] = await runBenchmarks(QUICK, ['rest'], false);
    checkTables(section);
    const get = row(section, /^GET .*requests\/s/);
    assert.match(get.value, measured);
    assert.match(get.baseline!, measured);
    assert.match(get.ratio!, /^[\d.]+x$/);
    assert.equal(typeof row(section, /^GET .*p99/).met, 'boolean');
    assert.match(row(section, /^PATCH .*requests\/s/).value, measured);
    const put = row(section, /^PUT .*entries\/s/);
    assert.match(put.value, measured);
    assert.equal(typeof put.met, 'boolean');
    assert.ok(section.notes.some((n) => /all 100 acknowledged entries were there/.test(n)));
  });

  test('API: print of one record against the same bytes from node:net, beside REST GET of it in the same run', async () => {
    const [section] = await runBenchmarks(QUICK, ['api'], false);
    checkTables(section);
    const print = row(section, /^API \/ip\/address\/print =\.id=\*1: commands\/s/);
    assert.match(print.value, measured);
    assert.match(print.baseline!, measured);
    assert.match(print.ratio!, /^[\d.]+x$/);
    assert.equal(typeof row(section, /^API .*p99/).met, 'boolean');
    const rest = row(section, /by REST \(GET \/rest\/ip\/address\/\*1\): requests\/s/);
    assert.match(rest.value, measured);
    assert.equal(rest.baseline, print.value);
  });

  test('large tables: create, read whole, filtered, .query, count-only, export, one record, restart, memory', async () => {
    const [section] = await runBenchmarks(QUICK, ['large'], false);
    checkTables(section);
    for (const what of [
      /through the engine \(in process\)/, /over REST \(PUT/, /^GET \S+ \(all 200\)/, /\?list=list-42/, /\.query/, /count-only/,
      /one entry of 200/, /start-up with 200 entries/, /^restart with 200 entries/, /peak memory of the router serving/,
    ]) {
      const r = row(section, what);
      assert.match(r.value, measured, `${r.what}: ${r.value}`);
    }
    // Export is timed once the router has it; until then the line says so, as a miss.
    const exported = row(section, /\/rest\/export/);
    assert.ok(measured.test(exported.value) || exported.value === 'not available (export not implemented)', exported.value);
    assert.equal(typeof exported.met, 'boolean');
  });

  test('many routers: a lab of router processes, start-up per router and memory against as many bare node:http processes', async () => {
    const [section] = await runBenchmarks(QUICK, ['fleet'], false);
    checkTables(section);
    const start = row(section, /start-up of one router, the others running/);
    assert.match(start.value, measured);
    assert.match(start.baseline!, measured);
    const pss = row(section, /memory per router \(Pss\)/);
    assert.match(pss.value, measured);
    assert.equal(typeof pss.met, 'boolean');
    assert.match(row(section, /memory of the lab, idle: sum of proportional/).value, measured);
  });

  test('fairness: REST and API probes of other clients idle, while one API client pipelines prints, and while a script loops', async () => {
    const [section] = await runBenchmarks(QUICK, ['fairness'], false);
    checkTables(section);
    for (const what of [/REST .* pipelines .*: worst/, /API .* pipelines .*: worst/, /REST .* script loops: worst/, /API .* script loops: worst/]) {
      const r = row(section, what);
      // A router that does not answer is a value too (and a missed target).
      assert.ok(measured.test(r.value) || /^no answer within/.test(r.value), `${r.what}: ${r.value}`);
      assert.match(r.baseline!, measured);
      assert.equal(typeof r.met, 'boolean');
    }
    assert.match(row(section, /pipelined prints themselves/).value, measured);
  });

  test('ssh: login and a command against a bare ssh2 server, and OpenSSH end to end', async () => {
    const [section] = await runBenchmarks(QUICK, ['ssh'], false);
    checkTables(section);
    const login = row(section, /^login: connect, key exchange, password/);
    assert.match(login.value, measured);
    assert.match(login.baseline!, measured);
    const command = row(section, /^command on a logged-in connection/);
    assert.match(command.value, measured);
    assert.match(command.baseline!, measured);
    assert.match(row(section, /^OpenSSH `ssh admin@router/).value, measured);
  });

  test('OSPF: a grid of routers converges, every route is there, a failing link reroutes', async () => {
    const [section] = await runBenchmarks(QUICK, ['ospf'], false);
    checkTables(section);
    assert.match(row(section, /one run of the routing stages/).value, measured);
    assert.equal(row(section, /OSPF routes on a corner router/).value, '18');
    assert.match(row(section, /a link fails/).value, measured);
  });

  test('SNMP: a bulk walk of a CHR\'s interface tables against net-snmp\'s bare agent serving the same objects', async () => {
    const [section] = await runBenchmarks(QUICK, ['snmp'], false);
    checkTables(section);
    const walk = row(section, /^GetBulk walk of ifTable, ifXTable, mtxrInterfaceStatsTable: \d+ objects/);
    assert.match(walk.value, measured);
    assert.match(walk.baseline!, measured);
    assert.equal(typeof walk.met, 'boolean');
  });

  test('reset: one router reset three ways between tests, each to its first-boot configuration, against a fresh spawn', async () => {
    const [section] = await runBenchmarks(QUICK, ['reset'], false);
    checkTables(section);
    for (const what of [/^reset-configuration: /, /^reset-configuration no-defaults=yes: /, /^reset-configuration keep-users=yes: /]) {
      const r = row(section, what);
      assert.match(r.value, measured);
      assert.match(r.baseline!, measured);
      assert.equal(typeof r.met, 'boolean');
    }
  });

  test('the entry point of `npm run bench` runs and writes its results file', () => {
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vrouter-bench-test-')), 'RESULTS.md');
    try {
      const run = spawnSync(process.execPath, [RUN, '--quick', '--only', 'startup', '--out', out], { encoding: 'utf8', timeout: 30_000 });
      assert.equal(run.status, 0, run.stderr);
      assert.match(run.stdout, /== Start-up/);
      assert.match(run.stdout, /targets met, \d+ missed/);
      const text = fs.readFileSync(out, 'utf8');
      assert.match(text, /^# Benchmark results/);
      assert.match(text, /## Machine\n\n- CPU: /);
      assert.match(text, /### Start-up/);
    } finally {
      fs.rmSync(path.dirname(out), { recursive: true, force: true });
    }
  });

  test('the results file lists every missed target', () => {
    const section: Section = { title: 'T (x)', rows: [{ what: 'a', value: '1 ms', target: '< 2 ms', met: true }, { what: 'b', value: '3 ms', target: '< 2 ms', met: false }], notes: ['n'] };
    const text = resultsMarkdown([section], 'npm run bench', 60);
    assert.match(text, /1 met, 1 missed\./);
    assert.match(text, /- T: b: 3 ms \(target < 2 ms\)/);
    assert.match(text, /\| b \| 3 ms \|  \|  \| < 2 ms \| \*\*MISSED\*\* \|/);
  });
});
