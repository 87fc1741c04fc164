// `vrouter lab TOPOLOGY.yml` as a user runs it: the table of nodes and ports, lab.json, the
// nodes answering on those ports, and a bad topology refused with one line and status 2.

import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { call, tempDir } from '../helpers/router.js';
import { TOPOLOGIES } from './lab.js';
import { VROUTER } from '../helpers/vrouter.js';

const CLI = VROUTER;

const running: ChildProcess[] = [];
after(() => { for (const p of running) p.kill('SIGKILL'); });

/** Runs `vrouter lab` on a topology written to a temporary file; its one line on stderr and status. */
function refused(yaml: string, files: Record<string, string> = {}): { status: number | null; stderr: string; stdout: string } {
  const dir = tempDir();
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  fs.writeFileSync(path.join(dir, 'lab.clab.yml'), yaml);
  const r = spawnSync(process.execPath, [CLI, 'lab', path.join(dir, 'lab.clab.yml'), '--data-dir', path.join(dir, 'data')], { encoding: 'utf8' });
  fs.rmSync(dir, { recursive: true, force: true });
  return { status: r.status, stderr: r.stderr, stdout: r.stdout };
}

const two = (links: string) => `name: t
topology:
  nodes:
    r1: { kind: mikrotik_ros }
    r2: { kind: mikrotik_ros, env: { BOARD: hex } }
  links:
${links}
`;

describe('vrouter lab', () => {
  test('starts every node, prints the nodes and their ports, writes lab.json; each node answers there', async () => {
    const dir = tempDir();
    const proc = spawn(process.execPath, [CLI, 'lab', path.join(TOPOLOGIES, 'chain.clab.yml'), '--data-dir', dir, '--listen', '127.0.0.1'], { stdio: ['ignore', 'pipe', 'pipe'] });
    running.push(proc);
    let stderr = '';
    const out = await new Promise<string>((resolve, reject) => {
      let text = '';
      const done = () => { if (text.split('\n').length > 4 && stderr.endsWith('\n')) resolve(text); };
      proc.stdout!.on('data', (d) => { text += d; done(); });
      proc.stderr!.on('data', (d) => { stderr += d; done(); });
      proc.on('exit', (code) => reject(new Error(`exited ${code}: ${text}${stderr}`)));
    });
    // How many nodes booted, on stderr once at the end (not a terminal).
    assert.match(stderr, /^vrouter lab chain: 3 of 3 nodes booted in \d+\.\d s\n$/);
    const json = JSON.parse(fs.readFileSync(path.join(dir, 'lab.json'), 'utf8'));
    assert.deepEqual(Object.keys(json.nodes), ['r1', 'r2', 'r3']);
    const lines = out.trimEnd().split('\n');
    assert.equal(lines[0], `vrouter lab chain: 3 routers, 2 links, data in ${dir}`);
    assert.match(lines[1], /^NODE\s+BOARD\s+VERSION\s+WWW\s+WWW-SSL\s+API\s+API-SSL\s+SSH\s+TELNET/);
    assert.equal(lines[3].split(/\s+/)[0], 'r2');
    assert.equal(lines[3].split(/\s+/)[1], 'RB5009UG+S+');
    assert.ok(lines[3].includes(String(json.nodes.r2.www)));
    for (const node of ['r1', 'r2', 'r3']) {
      assert.equal(typeof json.nodes[node].www, 'number');
      assert.equal(typeof json.nodes[node].api, 'number');
      const identity = await call(json.nodes[node].www, 'GET', '/rest/system/identity');
      assert.deepEqual(identity.json, { name: node });
      // Each node keeps its own data directory.
      assert.ok(fs.existsSync(path.join(dir, node, 'config.db')));
    }
    const ping = await call(json.nodes.r1.www, 'POST', '/rest/ping', { address: '10.0.23.3', count: '1' });
    assert.equal(ping.json[0].received, '1');
    proc.kill('SIGTERM');
    await new Promise((ok) => proc.on('exit', ok));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('an unknown node in a link is refused, naming it', () => {
    const r = refused(two('    - endpoints: ["r1:ether2", "r9:ether2"]'));
    assert.equal(r.status, 2);
    assert.equal(r.stderr, 'vrouter lab: link 1: unknown node r9 in r9:ether2\n');
    assert.equal(r.stdout, '');
  });

  test('a port used twice is refused, naming the port and the link that has it', () => {
    const r = refused(two('    - endpoints: ["r1:ether2", "r2:ether2"]\n    - endpoints: ["r1:eth1", "r2:ether3"]'));
    assert.equal(r.status, 2);
    assert.equal(r.stderr, 'vrouter lab: link 2: port r1:eth1 is already on link 1\n');
  });

  test('a port the board lacks is refused, naming the board', () => {
    const r = refused(two('    - endpoints: ["r1:ether2", "r2:sfp-sfpplus1"]'));
    assert.equal(r.status, 2);
    assert.equal(r.stderr, 'vrouter lab: link 1: node r2 (hEX) has no port r2:sfp-sfpplus1\n');
  });

  test('an unknown board, a missing startup-config, a kind that is no router and broken YAML are refused', () => {
    assert.equal(refused('name: t\ntopology:\n  nodes:\n    r1: { kind: mikrotik_ros, env: { BOARD: rb9999 } }\n').stderr.split(' (')[0],
      'vrouter lab: node r1: BOARD rb9999 is not a board');
    assert.equal(refused('name: t\ntopology:\n  nodes:\n    r1: { kind: mikrotik_ros, startup-config: r1.rsc }\n').stderr,
      'vrouter lab: node r1: startup-config r1.rsc does not exist\n');
    assert.equal(refused('name: t\ntopology:\n  nodes:\n    r1: { kind: nokia_srlinux }\n').stderr,
      'vrouter lab: node r1: kind nokia_srlinux is not a RouterOS router (mikrotik_ros), a Linux host (linux) or a bridge\n');
    const broken = refused('name: t\ntopology: [\n');
    assert.equal(broken.status, 2);
    assert.match(broken.stderr, /^vrouter lab: topology .*lab\.clab\.yml: .+\n$/);
    assert.equal(broken.stderr.split('\n').length, 2, 'one line');
  });

  test('a startup-config that fails stops the lab with the node and the error', () => {
    const r = refused('name: t\ntopology:\n  nodes:\n    r1: { kind: mikrotik_ros, startup-config: bad.rsc }\n', { 'bad.rsc': '/ip address add address=10.0.0.1/24 interface=nosuch\n' });
    assert.equal(r.status, 2);
    assert.match(r.stderr, /^vrouter lab: node r1: startup-config bad\.rsc: .+\n$/);
  });

  test('a missing topology file and a missing argument are refused', () => {
    const none = spawnSync(process.execPath, [CLI, 'lab', '/nonexistent/x.clab.yml'], { encoding: 'utf8' });
    assert.equal(none.status, 2);
    assert.equal(none.stderr, 'vrouter lab: cannot read topology /nonexistent/x.clab.yml: ENOENT\n');
    const missing = spawnSync(process.execPath, [CLI, 'lab'], { encoding: 'utf8' });
    assert.equal(missing.stderr, 'vrouter lab: lab needs a topology file (vrouter lab TOPOLOGY.yml)\n');
  });
});
