// A lab's life as containerlab gives it (docs/routeros-facts.md 47), through `vrouter lab` run
// as a process: a startup-config applied at a node's first boot only, the node's changes and
// ports kept at the next start, a first boot that failed (or was cut short) done again afresh
// with the corrected file, --reconfigure starting every node afresh, a start stopped by SIGTERM
// with one line, progress on stderr, and every face in lab.json, www-ssl and api-ssl answering
// with the certificate the lab's CA signed.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { RouterOSAPI } from 'node-routeros';
import { client } from '../helpers/router.js';
import { fileAppears, labDir, runLab, spawnLab, startLab, type LabJson } from './spawned.js';

const run = promisify(execFile);
/** Where certificates are not the point: nodes without them (a start without the CA's key). */
const BARE = '  defaults: { certificate: { issue: false } }\n';

/** The lab's data directory (containerlab's clab-NAME next to the topology file). */
const data = (dir: string, name: string) => path.join(dir, `clab-${name}`);
const addresses = async (json: LabJson, node: string) =>
  (await client(json.nodes[node].www).get('/rest/ip/address?.proplist=address,interface')).json;
const identity = async (json: LabJson, node: string) => (await client(json.nodes[node].www).get('/rest/system/identity')).json.name;

describe('a lab\'s lifecycle', () => {
  test('a startup-config runs at the first boot only; changes and ports are kept at the next start', async () => {
    const yaml = `name: life
topology:
  nodes:
    r1: { kind: mikrotik_ros, startup-config: r1.rsc }
    r2: { kind: mikrotik_ros, startup-config: r2.rsc, enforce-startup-config: true }
    r3: { kind: mikrotik_ros, startup-config: r1.rsc, suppress-startup-config: true }
  links:
    - endpoints: ["r1:eth1", "r2:eth1"]
`;
    const dir = labDir(yaml, {
      'r1.rsc': '/ip address add address=10.1.0.1/24 interface=ether2\n',
      'r2.rsc': '/ip address add address=10.1.0.2/24 interface=ether2\n',
    });
    let lab = await startLab(dir, 3);
    // Not on a terminal: one line at the end on stderr.
    assert.match(lab.stderr, /^vrouter lab life: 3 of 3 nodes booted in \d+\.\d s\n$/);
    const first = lab.json;
    assert.deepEqual(await addresses(first, 'r1'), [{ address: '10.1.0.1/24', interface: 'ether2' }]);
    assert.deepEqual(await addresses(first, 'r2'), [{ address: '10.1.0.2/24', interface: 'ether2' }]);
    // suppress-startup-config: the node boots without it.
    assert.deepEqual(await addresses(first, 'r3'), []);
    for (const node of ['r1', 'r2']) assert.equal((await client(first.nodes[node].www).post('/rest/system/identity/set', { name: `${node}-edited` })).status, 200);
    const stopped = await lab.stop();
    assert.equal(stopped.status, 0);
    assert.match(stopped.stdout, /\nvrouter lab: stopped \(SIGTERM\)\n$/);
    // The files change; a node that has booted keeps its own configuration.
    fs.writeFileSync(path.join(dir, 'r1.rsc'), '/ip address add address=10.1.0.11/24 interface=ether2\n');
    fs.writeFileSync(path.join(dir, 'r2.rsc'), '/ip address add address=10.1.0.22/24 interface=ether2\n');
    lab = await startLab(dir, 3);
    try {
      const again = lab.json;
      assert.equal(await identity(again, 'r1'), 'r1-edited');
      assert.deepEqual(await addresses(again, 'r1'), [{ address: '10.1.0.1/24', interface: 'ether2' }]);
      // enforce-startup-config: afresh at every start, with the file as it is now.
      assert.equal(await identity(again, 'r2'), 'r2');
      assert.deepEqual(await addresses(again, 'r2'), [{ address: '10.1.0.22/24', interface: 'ether2' }]);
      // Every face of r1 and r3 where it was: unless another program took the port meanwhile, which the lab tells.
      for (const node of ['r1', 'r3']) {
        for (const [face, port] of Object.entries(first.nodes[node])) {
          if (again.nodes[node][face] === port) continue;
          assert.ok(lab.stderr.includes(`vrouter lab: node ${node}: ${face} port ${port} is taken by another program; it listens on ${again.nodes[node][face]}\n`), `${node} ${face} moved silently`);
        }
      }
      // /ip/service shows the ports the node listens on.
      const services = (await client(again.nodes.r1.www).get('/rest/ip/service?.proplist=name,port')).json as { name: string; port: string }[];
      for (const s of services) if (again.nodes.r1[s.name] !== undefined) assert.equal(Number(s.port), again.nodes.r1[s.name], s.name);
    } finally {
      await lab.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a first boot that fails leaves the node to boot afresh: the corrected startup-config is applied', async () => {
    const dir = labDir('name: fix\ntopology:\n' + BARE + '  nodes:\n    r1: { kind: mikrotik_ros, startup-config: r1.rsc }\n    r2: { kind: mikrotik_ros }\n', {
      'r1.rsc': '/system identity set name=half\n/ip address add address=10.2.0.1/24 interface=nosuch\n',
    });
    try {
      const failed = await runLab(dir);
      assert.equal(failed.status, 2);
      assert.equal(failed.stderr, 'vrouter lab: node r1: startup-config r1.rsc: input does not match any value of interface\n');
      assert.equal(failed.stdout, '');
      // Nothing of the half-made node is left for the next start to take as configured.
      assert.equal(fs.existsSync(path.join(data(dir, 'fix'), 'r1')), false);
      fs.writeFileSync(path.join(dir, 'r1.rsc'), '/ip address add address=10.2.0.1/24 interface=ether2\n');
      const lab = await startLab(dir, 2);
      try {
        assert.equal(await identity(lab.json, 'r1'), 'r1');
        assert.deepEqual(await addresses(lab.json, 'r1'), [{ address: '10.2.0.1/24', interface: 'ether2' }]);
      } finally {
        await lab.stop();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a node killed during its first boot boots afresh at the next start', async () => {
    const dir = labDir('name: kill\ntopology:\n' + BARE + '  nodes:\n    r1: { kind: mikrotik_ros, startup-config: r1.rsc }\n', {
      'r1.rsc': '/system identity set name=half\n/file add name=started.txt contents=yes\n:delay 60s\n/ip address add address=10.3.0.1/24 interface=ether2\n',
    });
    try {
      const lab = spawnLab(dir);
      // Killed with its startup-config under way, part of it done.
      await fileAppears(path.join(data(dir, 'kill'), 'r1', 'files', 'started.txt'));
      assert.equal((await lab.stop('SIGKILL')).signal, 'SIGKILL');
      fs.writeFileSync(path.join(dir, 'r1.rsc'), '/ip address add address=10.3.0.1/24 interface=ether2\n');
      const again = await startLab(dir, 1);
      try {
        assert.equal(await identity(again.json, 'r1'), 'r1');
        assert.deepEqual(await addresses(again.json, 'r1'), [{ address: '10.3.0.1/24', interface: 'ether2' }]);
      } finally {
        await again.stop();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('SIGTERM during the start stops it with one line; the next start boots the nodes it left', async () => {
    const dir = labDir('name: cut\ntopology:\n' + BARE + '  nodes:\n    r1: { kind: mikrotik_ros }\n    r2: { kind: mikrotik_ros, startup-config: r2.rsc }\n    r3: { kind: mikrotik_ros }\n', {
      'r2.rsc': '/file add name=started.txt contents=yes\n:delay 60s\n/ip address add address=10.4.0.2/24 interface=ether2\n',
    });
    try {
      const lab = spawnLab(dir);
      await fileAppears(path.join(data(dir, 'cut'), 'r2', 'files', 'started.txt'));
      const ended = await lab.stop('SIGTERM');
      assert.equal(ended.status, 143);
      const m = /^vrouter lab: stopped \(SIGTERM\) while starting, ([0-2]) of 3 nodes booted; the next start boots the other ([1-3])\n$/.exec(ended.stderr);
      assert.ok(m, ended.stderr);
      assert.equal(Number(m[1]) + Number(m[2]), 3);
      assert.equal(ended.stdout, '');
      assert.equal(fs.existsSync(path.join(data(dir, 'cut'), 'r2')), false);
      fs.writeFileSync(path.join(dir, 'r2.rsc'), '/ip address add address=10.4.0.2/24 interface=ether2\n');
      const again = await startLab(dir, 3);
      try {
        assert.deepEqual(await addresses(again.json, 'r2'), [{ address: '10.4.0.2/24', interface: 'ether2' }]);
        for (const node of ['r1', 'r2', 'r3']) assert.equal(await identity(again.json, node), node);
      } finally {
        await again.stop();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('--reconfigure boots every node afresh: the startup-config applied again, certificates made anew', async () => {
    const dir = labDir('name: re\ntopology:\n  nodes:\n    r1: { kind: mikrotik_ros, startup-config: r1.rsc }\n', {
      'r1.rsc': '/ip address add address=10.5.0.1/24 interface=ether2\n',
    });
    try {
      let lab = await startLab(dir, 1);
      const ca = fs.readFileSync(path.join(data(dir, 're'), '.tls', 'ca', 'ca.pem'), 'utf8');
      assert.equal((await client(lab.json.nodes.r1.www).post('/rest/system/identity/set', { name: 'edited' })).status, 200);
      await lab.stop();
      fs.writeFileSync(path.join(dir, 'r1.rsc'), '/ip address add address=10.5.0.9/24 interface=ether2\n');
      lab = await startLab(dir, 1, ['--reconfigure']);
      try {
        assert.equal(await identity(lab.json, 'r1'), 'r1');
        assert.deepEqual(await addresses(lab.json, 'r1'), [{ address: '10.5.0.9/24', interface: 'ether2' }]);
        assert.notEqual(fs.readFileSync(path.join(data(dir, 're'), '.tls', 'ca', 'ca.pem'), 'utf8'), ca);
      } finally {
        await lab.stop();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('lab.json lists every face; www-ssl and api-ssl answer with the certificate the lab\'s CA signed', async () => {
    const dir = labDir('name: faces\ntopology:\n  nodes:\n    r1: { kind: mikrotik_ros }\n    r2: { kind: mikrotik_ros, certificate: { issue: false } }\n');
    const lab = await startLab(dir, 2);
    try {
      const { json } = lab;
      const ca = path.join(data(dir, 'faces'), '.tls', 'ca', 'ca.pem');
      assert.equal(json.ca, ca);
      for (const face of ['www', 'www-ssl', 'api', 'api-ssl', 'ssh', 'telnet']) {
        assert.equal(typeof json.nodes.r1[face], 'number', face);
        await new Promise<void>((resolve, reject) => { const s = net.connect(json.nodes.r1[face], '127.0.0.1').on('connect', () => { s.destroy(); resolve(); }).on('error', reject); });
      }
      // The table on stdout shows the same ports.
      assert.match(lab.stdout.split('\n')[1], /^NODE\s+BOARD\s+VERSION\s+WWW\s+WWW-SSL\s+API\s+API-SSL\s+SSH\s+TELNET/);
      // curl checks the chain to the lab's CA and the address in the certificate.
      const { stdout } = await run('curl', ['-sS', '--cacert', ca, '-u', 'admin:', `https://127.0.0.1:${json.nodes.r1['www-ssl']}/rest/system/identity`]);
      assert.deepEqual(JSON.parse(stdout), { name: 'r1' });
      const api = new RouterOSAPI({ host: '127.0.0.1', port: json.nodes.r1['api-ssl'], user: 'admin', password: '', timeout: 10, tls: { ca: fs.readFileSync(ca) } });
      await api.connect();
      try {
        assert.deepEqual(await api.write('/system/identity/print'), [{ name: 'r1' }]);
      } finally {
        await api.close();
      }
      const certs = (await client(json.nodes.r1.www).get('/rest/certificate?.proplist=name,common-name,issuer,private-key')).json;
      // The node's own certificate, imported as a user imports one: named after its file.
      assert.deepEqual(certs, [{ name: 'r1.pem_0', 'common-name': 'r1.faces.io', issuer: 'C=US,O=containerlab,CN=faces lab CA', 'private-key': 'true' }]);
      assert.deepEqual((await client(json.nodes.r1.www).get('/rest/file')).json, []);
      // certificate: { issue: false }: the node as the real one boots in containerlab, no certificate, www-ssl and api-ssl off.
      assert.equal(json.nodes.r2['www-ssl'], undefined);
      assert.equal(json.nodes.r2['api-ssl'], undefined);
      assert.deepEqual((await client(json.nodes.r2.www).get('/rest/certificate')).json, []);
    } finally {
      await lab.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('on a terminal the start tells every second how many nodes have booted', async () => {
    const dir = labDir('name: tty\ntopology:\n' + BARE + '  nodes:\n    r1: { kind: mikrotik_ros }\n    r2: { kind: mikrotik_ros, startup-config: r2.rsc }\n', {
      'r2.rsc': ':delay 2500ms\n',
    });
    // util-linux's script gives the command a terminal; what it writes comes back on stdout.
    const lab = spawnLab(dir, [], (argv) => ['script', '-qfec', argv.join(' '), '/dev/null']);
    try {
      await lab.until(({ stdout }) => stdout.includes('NODE'));
      assert.match(lab.stdout, /\rvrouter lab tty: [01] of 2 nodes booted\x1b\[K/);
      assert.match(lab.stdout, /\r\x1b\[Kvrouter lab tty: 2 of 2 nodes booted in \d+\.\d s\r?\n/);
    } finally {
      await lab.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
