// SSH: how long a login takes (TCP connect, key exchange, password: to the session being
// ready) and a command's time on a logged-in connection (`/ip address print` as an exec
// request, to its channel's close), against a bare ssh2 server in this process that lets
// every password in and answers every command with the same bytes at once: what the SSH
// protocol itself costs. Also OpenSSH's `ssh admin@router '/ip address print'` end to end
// (spawn to exit), as scripts and backup tools run it.

import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import ssh2 from 'ssh2';
import { HOST, json, median, ms, progress, ratio, removeDir, startRouter, tempDir, type Section } from './lib.js';

export interface SshConfig {
  /** Logins and commands measured; the median counts. */
  repeats: number;
}

const COMMAND = '/ip address print';

/** A logged-in connection, once ready; with the time it took. */
function login(port: number, password: string): Promise<{ client: ssh2.Client; ms: number }> {
  return new Promise((resolve, reject) => {
    const client = new ssh2.Client();
    const t0 = performance.now();
    client.once('ready', () => resolve({ client, ms: performance.now() - t0 }));
    client.once('error', reject);
    // Without Nagle's delay, as an interactive client runs.
    const sock = net.connect({ host: HOST, port, noDelay: true });
    sock.once('error', reject);
    client.connect({ sock, username: 'admin', password, readyTimeout: 30_000 });
  });
}

/** Runs a command on a connection; its output and the time to the channel's close. */
function exec(client: ssh2.Client, command: string): Promise<{ out: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    client.exec(command, (e, stream) => {
      if (e) return reject(e);
      let out = '';
      stream.on('data', (d: Buffer) => { out += d; });
      stream.stderr.resume();
      stream.on('close', () => resolve({ out, ms: performance.now() - t0 }));
    });
  });
}

/** The bare server: any password, every command answered with `reply`. */
async function bareServer(reply: string): Promise<{ port: number; close(): void }> {
  const key = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs1', format: 'pem' }) as string;
  const server = new ssh2.Server({ hostKeys: [key] }, (client) => {
    client.on('error', () => {});
    client.on('authentication', (ctx) => (ctx.method === 'password' ? ctx.accept() : ctx.reject(['password'])));
    client.on('ready', () => client.on('session', (accept) => accept().on('exec', (ok) => {
      const s = ok();
      s.write(reply);
      s.exit(0);
      s.end();
    })));
  });
  const tcp = net.createServer({ noDelay: true }, (socket) => server.injectSocket(socket));
  await new Promise<void>((ok) => tcp.listen(0, HOST, ok));
  return { port: (tcp.address() as net.AddressInfo).port, close: () => tcp.close() };
}

function openssh(port: number, dir: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    execFile('ssh', ['-F', '/dev/null', '-o', 'StrictHostKeyChecking=no', '-o', 'UserKnownHostsFile=/dev/null', '-o', 'LogLevel=ERROR',
      '-o', 'PubkeyAuthentication=no', '-o', 'NumberOfPasswordPrompts=1', '-p', String(port), `admin@${HOST}`, COMMAND],
    { env: { ...process.env, SSH_ASKPASS: `${dir}/askpass`, SSH_ASKPASS_REQUIRE: 'force', DISPLAY: '' } },
    (e) => (e ? reject(e) : resolve(performance.now() - t0)));
  });
}

export async function sshBench(cfg: SshConfig): Promise<Section> {
  const dir = tempDir('ssh');
  const router = await startRouter(dir);
  let bare: { port: number; close(): void } | undefined;
  try {
    const port = Number((await json(router.port, 'GET', '/rest/ip/service/ssh')).port);
    fs.writeFileSync(`${dir}/askpass`, '#!/bin/sh\necho\n', { mode: 0o755 });
    // The first login waits for the host key made at first boot: not counted.
    const first = await login(port, '');
    const expected = (await exec(first.client, COMMAND)).out;
    if (!expected.includes('192.168.88.1/24')) throw new Error(`ssh ${COMMAND}: unexpected output ${JSON.stringify(expected)}`);
    bare = await bareServer(expected);

    const logins: number[] = [], bareLogins: number[] = [], commands: number[] = [], bareCommands: number[] = [], e2e: number[] = [];
    for (let i = 0; i < cfg.repeats; i++) {
      const a = await login(port, '');
      logins.push(a.ms);
      a.client.end();
      const b = await login(bare.port, '');
      bareLogins.push(b.ms);
      b.client.end();
      const c = await exec(first.client, COMMAND);
      if (c.out !== expected) throw new Error(`ssh ${COMMAND}: output changed`);
      commands.push(c.ms);
      const d = await login(bare.port, '');
      bareCommands.push((await exec(d.client, COMMAND)).ms);
      d.client.end();
      e2e.push(await openssh(port, dir));
    }
    first.client.end();
    progress(`ssh: login ${ms(median(logins))}, command ${ms(median(commands))}, OpenSSH end to end ${ms(median(e2e))}`);
    const l = median(logins), bl = median(bareLogins), c = median(commands), bc = median(bareCommands);
    return {
      title: 'SSH (the ssh service: login and a command)',
      rows: [
        { what: 'login: connect, key exchange, password -> ready (median)', value: ms(l), baseline: ms(bl), ratio: ratio(l / bl) },
        { what: `command on a logged-in connection: \`${COMMAND}\` (median)`, value: ms(c), baseline: ms(bc), ratio: ratio(c / bc) },
        { what: `OpenSSH \`ssh admin@router '${COMMAND}'\`: spawn -> exit (median)`, value: ms(median(e2e)) },
      ],
      notes: [
        `${cfg.repeats} logins and commands, one after another, with the ssh2 library's client from the bench process; the router is \`node dist/vrouter/cli.js\` in its own process (RSA 2048 host key, admin with the empty password, which is not hashed).`,
        'Baseline: a bare ssh2 server in the bench process, letting any password in and answering each command with the router\'s bytes: the SSH protocol\'s own cost.',
      ],
    };
  } finally {
    bare?.close();
    await router.stop();
    removeDir(dir);
  }
}
