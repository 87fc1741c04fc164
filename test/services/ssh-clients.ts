// The real clients of the ssh and telnet tests: OpenSSH's ssh, scp, sftp, ssh-keygen and
// ssh-keyscan (Debian's openssh-client), and a terminal driven by Python's pexpect
// (python3-pexpect, under Debian's own /usr/bin/python3). A password reaches ssh through
// SSH_ASKPASS, as a script would give it. Every client runs as a child process: the router
// runs in the test's own process, so nothing here may block the event loop.

import { execFile, spawn } from 'node:child_process';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const PYTHON = '/usr/bin/python3';

export interface Result { code: number; stdout: string; stderr: string }

/** Runs a program; resolves with its exit status and output (never rejects). */
export function run(file: string, args: string[], o: { env?: NodeJS.ProcessEnv; input?: string; timeout?: number } = {}): Promise<Result> {
  return new Promise((resolve) => {
    const child = execFile(file, args, { timeout: o.timeout ?? 20_000, env: { ...process.env, ...o.env }, maxBuffer: 16 << 20 }, (e, stdout, stderr) => {
      resolve({ code: e ? (typeof e.code === 'number' ? e.code : 255) : 0, stdout, stderr });
    });
    if (o.input !== undefined) child.stdin!.end(o.input);
  });
}

/** A scratch directory with the askpass script. */
export function workDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vrouter-ssh-'));
  fs.writeFileSync(path.join(dir, 'askpass'), '#!/bin/sh\nprintf "%s\\n" "$VROUTER_TEST_PASSWORD"\n', { mode: 0o755 });
  return dir;
}

export interface Login {
  port: number;
  dir: string;
  user?: string;
  /** Given by SSH_ASKPASS; without it the client may only use keys. */
  password?: string;
  /** A private key file. */
  key?: string;
}

/** Options every OpenSSH client gets: no known_hosts, no agent, no user config. */
export function common(l: Login): string[] {
  const out = ['-F', '/dev/null', '-o', 'StrictHostKeyChecking=no', '-o', 'UserKnownHostsFile=/dev/null', '-o', 'LogLevel=ERROR',
    '-o', 'ConnectTimeout=10', '-o', 'IdentityAgent=none'];
  if (l.key) out.push('-o', 'IdentitiesOnly=yes', '-i', l.key);
  else out.push('-o', 'PubkeyAuthentication=no');
  if (l.password === undefined) out.push('-o', 'BatchMode=yes');
  else out.push('-o', 'NumberOfPasswordPrompts=1');
  return out;
}

export function env(l: Login): NodeJS.ProcessEnv {
  return l.password === undefined ? {} : { SSH_ASKPASS: path.join(l.dir, 'askpass'), SSH_ASKPASS_REQUIRE: 'force', VROUTER_TEST_PASSWORD: l.password, DISPLAY: '' };
}

/**
 * Asserts that the server refused the login, as OpenSSH's own message says
 * (`admin@127.0.0.1: Permission denied (password).`): a connection that never happened, was
 * reset or timed out also exits 255, with another message.
 */
export function assertLoginRefused(r: Result, methods: string): void {
  assert.equal(r.code, 255, r.stderr);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, new RegExp(`@127\\.0\\.0\\.1: Permission denied \\(${methods}\\)\\.\\r?\\n`), r.stderr);
}

/** `ssh user@127.0.0.1 COMMAND`; `extra` options come first, so they win over the common ones. */
export function ssh(l: Login, command: string, extra: string[] = []): Promise<Result> {
  return run('ssh', [...extra, ...common(l), '-p', String(l.port), `${l.user ?? 'admin'}@127.0.0.1`, command], { env: env(l) });
}

export function scp(l: Login, args: string[]): Promise<Result> {
  return run('scp', [...common(l), '-P', String(l.port), ...args], { env: env(l) });
}

export function sftp(l: Login, batch: string): Promise<Result> {
  const file = path.join(l.dir, `batch-${process.hrtime.bigint()}`);
  fs.writeFileSync(file, batch);
  return run('sftp', [...common(l), '-P', String(l.port), '-b', file, `${l.user ?? 'admin'}@127.0.0.1`], { env: env(l) });
}

/** A key pair made by ssh-keygen: the private key's path (the public one is `.pub` beside it). */
export async function keyPair(dir: string, type: 'ed25519' | 'rsa', name = `id_${type}`): Promise<string> {
  const file = path.join(dir, name);
  const r = await run('ssh-keygen', ['-q', '-t', type, ...(type === 'rsa' ? ['-b', '2048'] : []), '-N', '', '-C', `${name}@test`, '-f', file]);
  if (r.code !== 0) throw new Error(`ssh-keygen: ${r.stderr}`);
  return file;
}

/** Runs a pexpect script (Python source) with the given argv; its stdout is the result. */
export function pexpect(script: string, args: string[], extraEnv: NodeJS.ProcessEnv = {}, timeout = 30_000): Promise<Result> {
  return new Promise((resolve) => {
    const child = spawn(PYTHON, ['-c', script, ...args], { env: { ...process.env, TERM: 'xterm', ...extraEnv } });
    let stdout = '', stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeout);
    child.on('close', (code) => { clearTimeout(timer); resolve({ code: code ?? 255, stdout, stderr }); });
  });
}

/**
 * Terminals driven by pexpect: `argvs` are the sessions' commands (ssh -tt, telnet), each in a
 * pseudo-terminal of 40 rows and 120 columns; each step is [session, send, expect] and gives
 * what the terminal showed before and including the match, byte for byte. `send` may be
 * `<type>TEXT` (typed a key at a time, as a person does), `<winsize ROWS COLS>`, or `<close>`
 * (the client killed: the connection lost); `expect` a regular expression or `<eof>`.
 */
export const TERMINALS = String.raw`
import json, sys, time, pexpect
argvs = json.loads(sys.argv[1]); steps = json.loads(sys.argv[2])
cs = [pexpect.spawn(a[0], a[1:], encoding='utf-8', timeout=10, dimensions=(40, 120)) for a in argvs]
out = []
for i, send, expect in steps:
    c = cs[i]
    if send is None:
        pass
    elif send.startswith('<winsize '):
        rows, cols = send[9:-1].split()
        c.setwinsize(int(rows), int(cols))
    elif send.startswith('<type>'):
        # A key at a time, each its own write (pexpect's own pause before each send left out).
        pause, c.delaybeforesend = c.delaybeforesend, None
        for ch in send[6:]:
            c.send(ch)
            time.sleep(0.01)
        c.delaybeforesend = pause
    elif send == '<close>':
        c.close(force=True)
        out.append('')
        continue
    else:
        c.send(send)
    if expect == '<eof>':
        c.expect(pexpect.EOF)
    else:
        c.expect(expect)
    out.append(c.before + (c.after if isinstance(c.after, str) else ''))
print(json.dumps(out))
`;

/** Runs TERMINALS: the screens of the steps, or throws with what pexpect said. */
export async function terminals(argvs: string[][], steps: [number, string | null, string][], extraEnv: NodeJS.ProcessEnv = {}): Promise<string[]> {
  const r = await pexpect(TERMINALS, [JSON.stringify(argvs), JSON.stringify(steps)], extraEnv, 60_000);
  if (r.code !== 0 || r.stderr) throw new Error(`pexpect: ${r.stderr}`);
  return JSON.parse(r.stdout) as string[];
}
