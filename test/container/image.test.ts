// Issue 35: the image as its users run it, under Debian's podman: built from the Containerfile
// on a base of node:20-bookworm-slim's shape (test/helpers/podman.ts), started, waited on
// through its HEALTHCHECK, used through published ports with real clients (curl-like fetch for
// REST, Python's librouteros for the API, OpenSSH's ssh), stopped with SIGTERM and started
// again on its volume; and as a containerlab node, with veth pairs moved into its network
// namespace as containerlab adds them. The image is built once per run, the base once per machine.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { baseImage, buildImage, logs, missing, podman, ROOT } from '../helpers/podman.js';
import { freePort } from '../helpers/ports.js';
import { common, env, run, workDir, PYTHON } from '../services/ssh-clients.js';

const unavailable = await missing();
const IMAGE = `localhost/vrouter-test:${process.pid}`;
let base = '';
const containers: string[] = [];
const volumes: string[] = [];
const hostLinks: string[] = [];

/** podman lets the container's non-root user bind ports under 1024 only when asked (docker does by default). */
const LOW_PORTS = ['--sysctl', 'net.ipv4.ip_unprivileged_port_start=0'];

const unique = () => crypto.randomBytes(4).toString('hex');

function scratch(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vrouter-image-'));
  fs.chmodSync(dir, 0o755);
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text, { mode: 0o644 });
  return dir;
}

/** `podman run -d` of the image; the container's name. */
async function start(args: string[], command: string[] = []): Promise<string> {
  const name = `vrouter-test-${unique()}`;
  containers.push(name);
  await podman(['run', '-d', '--name', name, ...LOW_PORTS, ...args, IMAGE, ...command]);
  return name;
}

/** Runs the image's HEALTHCHECK until it passes, as `docker run --health-*` waiters and CI services do. */
async function healthy(name: string, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    if (await podman(['healthcheck', 'run', name]).then(() => true, () => false)) return;
    if (Date.now() > until) throw new Error(`${name} not healthy after ${ms} ms: ${await podman(['logs', name]).catch((e) => e.message)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function rest(port: number, pathname: string, o: { password?: string; method?: string; body?: unknown; host?: string } = {}) {
  const res = await fetch(`http://${o.host ?? '127.0.0.1'}:${port}/rest${pathname}`, {
    method: o.method ?? 'GET',
    headers: { authorization: `Basic ${Buffer.from(`admin:${o.password ?? ''}`).toString('base64')}`, ...(o.body ? { 'content-type': 'application/json' } : {}) },
    body: o.body ? JSON.stringify(o.body) : undefined,
  });
  return { status: res.status, body: await res.json() as unknown };
}

/** Polls until `check` returns something; the last failure when time runs out. */
async function eventually<T>(check: () => Promise<T>, ms = 5000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (e) {
      if (Date.now() > until) throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

before(async () => {
  if (unavailable) return;
  base = await baseImage();
  await buildImage(base, IMAGE);
}, { timeout: 300_000 });

after(async () => {
  for (const name of containers) await podman(['rm', '-f', '-v', '-t', '0', name]).catch(() => {});
  for (const name of volumes) await podman(['volume', 'rm', '-f', name]).catch(() => {});
  for (const link of hostLinks) await run('ip', ['link', 'del', link]);
  if (base) await podman(['rmi', '-f', IMAGE]).catch(() => {});
});

describe('the container image', { skip: unavailable }, () => {
  test('is its base and under 200 MB more: a non-root user, /data, the faces exposed, a health check on REST', async () => {
    const [image] = JSON.parse(await podman(['image', 'inspect', IMAGE]));
    const [from] = JSON.parse(await podman(['image', 'inspect', base]));
    assert.ok(image.Size - from.Size < 200e6, `${image.Size - from.Size} bytes over the base`);
    assert.equal(image.Config.User, 'node');
    assert.deepEqual(Object.keys(image.Config.Volumes), ['/data']);
    assert.deepEqual(Object.keys(image.Config.ExposedPorts).sort(), ['123/udp', '161/udp', '22/tcp', '23/tcp', '3799/udp', '443/tcp', '53/tcp', '53/udp', '80/tcp', '8728/tcp', '8729/tcp']);
    assert.deepEqual(image.Healthcheck.Test, ['CMD', 'node', '/app/dist/src/container/health.js']);
    assert.equal(image.Config.StopSignal, 'SIGTERM');
    // Only the built app (dist/trees: the older releases made whole at build time) and its production dependencies.
    const listing = await podman(['run', '--rm', '--entrypoint', 'sh', IMAGE, '-c', 'id -un; ls /app; ls /app/dist; ls /app/node_modules | grep -c -x -e typescript -e playwright-core -e autocannon -e node-routeros -e esbuild; ls /app/node_modules/better-sqlite3/build/Release/better_sqlite3.node']).catch((e: Error) => e.message);
    assert.equal(listing, 'node\ndist\nnode_modules\npackage-lock.json\npackage.json\ntree\nsrc\ntrees\nvrouter\nweb\n0\n/app/node_modules/better-sqlite3/build/Release/better_sqlite3.node');
  });

  test('configured by its environment, answers REST, the API and SSH on published ports; SIGTERM stops it; started again, the volume keeps its configuration', async () => {
    const dir = scratch({ 'startup.rsc': '/system identity set name=ci-router\n/ip address add address=192.0.2.1/24 interface=ether1\n' });
    const volume = `vrouter-test-${unique()}`;
    volumes.push(volume);
    const [www, api, ssh] = [await freePort(), await freePort(), await freePort()];
    const name = await start([
      '-p', `127.0.0.1:${www}:80`, '-p', `127.0.0.1:${api}:8728`, '-p', `127.0.0.1:${ssh}:22`,
      '-v', `${volume}:/data`, '-v', `${path.join(dir, 'startup.rsc')}:/config/startup.rsc:ro`,
      '-e', 'VROUTER_BOARD=rb5009', '-e', 'VROUTER_ROS_VERSION=7.20', '-e', 'VROUTER_ADMIN_PASSWORD=s3cret', '-e', 'VROUTER_STARTUP_CONFIG=/config/startup.rsc',
    ]);
    await healthy(name);
    const started = 'vrouter 7.20 (stable): REST at http://0.0.0.0:80/rest; www 80, api 8728, ssh 22, telnet 23, dns 53; RB5009UG+S+, data in /data\n';
    assert.deepEqual(await logs(name), { stdout: started, stderr: '' });
    assert.equal((await rest(www, '/system/identity')).status, 401);
    const resource = (await rest(www, '/system/resource', { password: 's3cret' })).body as Record<string, string>;
    assert.deepEqual([resource['board-name'], resource.version], ['RB5009UG+S+', '7.20 (stable)']);
    assert.deepEqual((await rest(www, '/system/identity', { password: 's3cret' })).body, { name: 'ci-router' });

    const listed = await run(PYTHON, ['-c', `import librouteros
api = librouteros.connect(host='127.0.0.1', port=${api}, username='admin', password='s3cret')
for a in api.path('ip', 'address'): print(a['address'], a['interface'])`]);
    assert.equal(listed.stderr, '');
    // The board's default configuration, then the startup script's address.
    assert.equal(listed.stdout, '192.168.88.1/24 bridge\n192.0.2.1/24 ether1\n');

    const login = { port: ssh, dir: workDir(), password: 's3cret' };
    const identity = await run('ssh', [...common(login), '-p', String(ssh), 'admin@127.0.0.1', '/system identity print'], { env: env(login) });
    assert.equal(identity.code, 0, identity.stderr);
    assert.equal(identity.stdout.replace(/\r/g, ''), '  name: ci-router\n');

    assert.equal((await rest(www, '/ip/address', { password: 's3cret', method: 'PUT', body: { address: '198.51.100.1/24', interface: 'ether3' } })).status, 201);
    await podman(['stop', '-t', '10', name]);
    const [stopped] = JSON.parse(await podman(['inspect', name]));
    assert.equal(stopped.State.ExitCode, 0);
    assert.deepEqual(await logs(name), { stdout: `${started}vrouter: stopped (SIGTERM)\n`, stderr: '' });

    await podman(['start', name]);
    await healthy(name);
    // The same router: its release and board kept, the first boot's password and script not run again.
    const addresses = (await rest(www, '/ip/address', { password: 's3cret' })).body as Record<string, string>[];
    assert.deepEqual(addresses.map((a) => `${a.address} ${a.interface}`), ['192.168.88.1/24 bridge', '192.0.2.1/24 ether1', '198.51.100.1/24 ether3']);
    const again = (await rest(www, '/system/resource', { password: 's3cret' })).body as Record<string, string>;
    assert.deepEqual([again['board-name'], again.version], ['RB5009UG+S+', '7.20 (stable)']);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('as a containerlab node: waits for CLAB_INTFS interfaces, eth0 is ether1 and ethN ether(N+1), carrier followed, /ftpboot/config.auto.rsc applied, REST on the management address', async () => {
    const dir = scratch({ 'config.auto.rsc': '/system identity set name=clab-r1\n' });
    const name = await start(['-e', 'CLAB_INTFS=2', '-v', `${path.join(dir, 'config.auto.rsc')}:/ftpboot/config.auto.rsc:ro`]);
    const [inspected] = JSON.parse(await podman(['inspect', name]));
    const pid = String(inspected.State.Pid);
    const management = inspected.NetworkSettings.IPAddress as string;
    assert.match(management, /^\d+\.\d+\.\d+\.\d+$/);
    // Without its interfaces the node waits, and says so: nothing answers yet.
    await eventually(async () => assert.deepEqual(await logs(name), { stdout: '', stderr: 'vrouter: waiting for 2 data interfaces (CLAB_INTFS), 0 there\n' }));
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(await podman(['healthcheck', 'run', name]).then(() => 'healthy', () => 'unhealthy'), 'unhealthy');
    // As containerlab adds a link's end: a veth pair, one end moved into the node's namespace as ethN.
    const tag = unique().slice(0, 6);
    for (const n of [1, 2]) {
      const host = `vrh${tag}${n}`;
      hostLinks.push(host);
      for (const args of [['link', 'add', host, 'type', 'veth', 'peer', 'name', `vrc${tag}${n}`], ['link', 'set', `vrc${tag}${n}`, 'netns', pid, 'name', `eth${n}`]]) {
        const r = await run('ip', args);
        assert.equal(r.code, 0, r.stderr);
      }
      assert.equal((await run('nsenter', ['-t', pid, '-n', 'ip', 'link', 'set', `eth${n}`, 'up'])).code, 0);
    }
    // eth1's far end is up (a carrier), eth2's is not.
    assert.equal((await run('ip', ['link', 'set', `vrh${tag}1`, 'up'])).code, 0);
    await healthy(name);
    const running = async () => {
      const ports = (await rest(80, '/interface?type=ether', { host: management })).body as Record<string, string>[];
      return ports.map((p) => `${p.name}=${p.running}`).join(' ');
    };
    assert.deepEqual((await rest(80, '/system/identity', { host: management })).body, { name: 'clab-r1' });
    assert.equal(((await rest(80, '/system/resource', { host: management })).body as Record<string, string>)['board-name'], 'CHR');
    await eventually(async () => assert.equal(await running(), 'ether1=true ether2=true ether3=false ether4=false ether5=false'));
    // The far ends change: eth2 gets a carrier, eth1 loses it.
    assert.equal((await run('ip', ['link', 'set', `vrh${tag}2`, 'up'])).code, 0);
    assert.equal((await run('ip', ['link', 'set', `vrh${tag}1`, 'down'])).code, 0);
    await eventually(async () => assert.equal(await running(), 'ether1=true ether2=false ether3=true ether4=false ether5=false'));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('runs a `vrouter lab` as the Kubernetes lab overlay does: healthy when every node answers (lab.json), each with its startup-config', async () => {
    const overlay = path.join(ROOT, 'deploy/kubernetes/overlays/lab');
    // The overlay's files as its ConfigMap mounts them, and its args (test/container/manifests.test.ts).
    const name = await start(['-v', `${overlay}:/etc/vrouter:ro`], ['lab', '/etc/vrouter/lab.clab.yml', '--data-dir', '/data/lab', '--listen', '0.0.0.0']);
    const probe = () => podman(['exec', name, 'node', '/app/dist/src/container/health.js', '/data/lab/lab.json']);
    await eventually(probe, 20_000);
    const [inspected] = JSON.parse(await podman(['inspect', name]));
    const host = inspected.NetworkSettings.IPAddress as string;
    const lab = JSON.parse(await podman(['exec', name, 'cat', '/data/lab/lab.json']));
    assert.deepEqual(Object.keys(lab.nodes), ['r1', 'r2']);
    for (const [node, address] of [['r1', '10.0.12.1/30'], ['r2', '10.0.12.2/30']]) {
      const addresses = (await rest(lab.nodes[node].www, '/ip/address', { host })).body as Record<string, string>[];
      assert.deepEqual(addresses.map((a) => `${a.address} ${a.interface}`), [`${address} ether2`], node);
    }
  });
});
