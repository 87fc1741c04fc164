// Issue 37: the README's examples run as written. Every ```sh and ```python block of README.md
// runs, in order, in one bash (so that variables and background jobs carry over, as in the
// reader's terminal), against a vrouter process started here on free ports, which stand for
// the defaults the README names. `vrouter` is on the PATH as `npm link` puts it there. The
// `# ` lines after a command are what it must print (… stands for anything, a line of only …
// for any lines, `#` alone for an empty line); each command must end with status 0. A ```yaml block that starts with
// `# NAME` is written to NAME first. ```shell blocks are not run (installing, the whole suite,
// a router in the foreground, interactive sessions); the start line the README shows is
// compared with the router's own.

import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { freePorts, type ServicePorts } from './helpers/ports.js';
import { tempDir } from './helpers/router.js';
import { VROUTER } from './helpers/vrouter.js';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CLI = VROUTER;
const README = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');

/** The ports the README names, by the service whose stand-in default each is. */
const DEFAULTS: Record<string, keyof ServicePorts> = { 8080: 'www', 8443: 'www-ssl', 8728: 'api', 8729: 'api-ssl', 2222: 'ssh', 2323: 'telnet', 1161: 'snmp', 1053: 'dns', 1123: 'ntp' };

interface Block { lang: string; line: number; lines: string[] }
interface Example { line: number; command: string; expected: string[]; background: boolean }

function blocks(text: string): Block[] {
  const out: Block[] = [];
  let open: Block | undefined;
  text.split('\n').forEach((l, i) => {
    const fence = /^```(\w*)\s*$/.exec(l);
    if (fence && !open) open = { lang: fence[1], line: i + 1, lines: [] };
    else if (fence && open) { out.push(open); open = undefined; } else open?.lines.push(l);
  });
  return out;
}

/** Whether bash reads `text` as whole commands (not a line continued, a loop left open). */
const whole = (text: string) => !text.endsWith('\\') && spawnSync('bash', ['-n', '-c', text]).status === 0;

/** The commands of the runnable blocks, each with the output it must print, in order. */
function examples(): Example[] {
  const out: Example[] = [];
  for (const b of blocks(README)) {
    if (b.lang === 'yaml' && /^# \S+$/.test(b.lines[0] ?? '')) {
      out.push({ line: b.line, command: `cat > ${b.lines[0].slice(2)} <<'VROUTER_FILE'\n${b.lines.slice(1).join('\n')}\nVROUTER_FILE`, expected: [], background: false });
    } else if (b.lang === 'python') {
      const code = b.lines.filter((l) => !l.startsWith('# '));
      const expected = b.lines.slice(code.length).map((l) => l.slice(2));
      out.push({ line: b.line, command: `/usr/bin/python3 - <<'VROUTER_PY'\n${code.join('\n')}\nVROUTER_PY`, expected, background: false });
    } else if (b.lang === 'sh') {
      let current: Example | undefined;
      let pending: string[] = [];
      b.lines.forEach((l, i) => {
        if (!pending.length && (l.startsWith('# ') || l === '#') && current) { current.expected.push(l.slice(2)); return; }
        if (!pending.length && (!l.trim() || l.startsWith('#'))) return;
        pending.push(l);
        const text = pending.join('\n');
        if (!whole(text)) return;
        const background = /&\s*(#.*)?$/.test(text) && !/&&\s*(#.*)?$/.test(text);
        current = { line: b.line + 1 + i - pending.length + 1, command: text, expected: [], background };
        out.push(current);
        pending = [];
      });
      assert.deepEqual(pending, [], `README.md line ${b.line}: a command is left unfinished`);
    }
  }
  return out;
}

const EXAMPLES = examples();

/** The README's ports made the test router's. */
function withPorts(text: string, ports: ServicePorts): string {
  return text.replace(/\b(8080|8443|8728|8729|2222|2323|1161|1053|1123)\b/g, (p) => String(ports[DEFAULTS[p]]));
}

/** An expected line as a pattern: … is anything. */
const pattern = (line: string) => new RegExp(`^${line.split('…').map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);

function matches(actual: string[], expected: string[]): boolean {
  if (!expected.length) return true;
  const [first, ...rest] = expected;
  if (first === '…') return actual.some((_, i) => matches(actual.slice(i), rest)) || matches([], rest);
  return actual.length > 0 && pattern(first).test(actual[0]) && matches(actual.slice(1), rest);
}

let ports: ServicePorts;
let router: ChildProcess;
let startLine = '';
let dataDir = '';
let work = '';
const results = new Map<number, { status: number; out: string }>();
let stderr = '';

before(async () => {
  ports = await freePorts();
  dataDir = tempDir();
  const flags = ['--data-dir', dataDir, ...Object.entries(ports).flatMap(([s, p]) => [`--${s}-port`, String(p)])];
  router = spawn(process.execPath, [CLI, ...flags], { stdio: ['ignore', 'pipe', 'pipe'] });
  startLine = await new Promise<string>((resolve, reject) => {
    let out = '';
    router.stdout!.on('data', (d) => { out += d; if (out.includes('\n')) resolve(out.split('\n')[0]); });
    router.stderr!.on('data', (d) => { out += d; });
    router.on('exit', (code) => reject(new Error(`vrouter exited ${code}: ${out}`)));
  });
  // The reader's machine: vrouter on the PATH (as npm link makes it), OpenSSH that trusts this
  // router's new host key and answers the password prompt with Enter (admin has no password).
  work = tempDir();
  const bin = path.join(work, '.bin');
  fs.mkdirSync(bin);
  fs.writeFileSync(path.join(bin, 'vrouter'), `#!/bin/sh\nexec ${process.execPath} ${CLI} "$@"\n`, { mode: 0o755 });
  const sshConfig = path.join(work, '.ssh-config');
  fs.writeFileSync(sshConfig, 'Host *\n  StrictHostKeyChecking no\n  UserKnownHostsFile /dev/null\n  LogLevel ERROR\n  PubkeyAuthentication no\n  NumberOfPasswordPrompts 1\n');
  for (const tool of ['ssh', 'scp']) {
    const real = spawnSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim();
    fs.writeFileSync(path.join(bin, tool), `#!/bin/sh\nexec ${real} -F ${sshConfig} "$@"\n`, { mode: 0o755 });
  }
  fs.writeFileSync(path.join(bin, 'askpass'), '#!/bin/sh\necho\n', { mode: 0o755 });
  const script = ['set -u', ...EXAMPLES.map((e, i) => {
    const command = withPorts(e.command, ports);
    const run = e.background
      ? `${command.replace(/&\s*(#.*)?$/, '')} > .background-${i} 2>&1 &\nfor _ in $(seq 600); do [ -s .background-${i} ] && break; sleep 0.05; done`
      : command;
    return `printf '\\036${i}\\n'\n${run}\nprintf '\\n\\037${i} %d\\n' $?`;
  }), 'kill $(jobs -p) 2>/dev/null; wait'].join('\n');
  const out = await new Promise<{ stdout: string; stderr: string }>((resolve) => {
    const bash = spawn('bash', ['-c', script], {
      cwd: work, stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, SSH_ASKPASS: path.join(bin, 'askpass'), SSH_ASKPASS_REQUIRE: 'force', DISPLAY: '' },
    });
    let so = '', se = '';
    bash.stdout.on('data', (d) => { so += d; });
    bash.stderr.on('data', (d) => { se += d; });
    const timer = setTimeout(() => bash.kill('SIGKILL'), 240_000);
    bash.on('close', () => { clearTimeout(timer); resolve({ stdout: so, stderr: se }); });
  });
  stderr = out.stderr;
  for (const m of out.stdout.matchAll(/\x1e(\d+)\n([\s\S]*?)\n\x1f\1 (\d+)\n/g)) results.set(Number(m[1]), { out: m[2], status: Number(m[3]) });
});

after(async () => {
  if (router && router.exitCode === null) await new Promise((ok) => { router.once('exit', ok); router.kill('SIGTERM'); });
  for (const dir of [work, dataDir]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test('the start line is the one the README shows, with this router\'s ports and data directory', () => {
  const shown = blocks(README).find((b) => b.lang === 'text' && b.lines[0]?.startsWith('vrouter '))!;
  assert.ok(shown, 'README.md shows the start line in a ```text block');
  const expected = withPorts(shown.lines[0], ports).replace(/data in \S+$/, `data in ${dataDir}`);
  assert.equal(startLine, expected);
});

test('the README has runnable examples: quick start, REST, API, SSH, TLS, the lab', () => {
  assert.ok(EXAMPLES.length >= 20, String(EXAMPLES.length));
  for (const needle of ['/rest/system/identity', 'librouteros', "ssh -p 2222", 'certificate/sign', 'vrouter lab', '/rest/ping']) {
    assert.ok(EXAMPLES.some((e) => e.command.includes(needle)), needle);
  }
});

EXAMPLES.forEach((e, i) => {
  test(`README.md line ${e.line}: ${e.command.split('\n')[0].slice(0, 90)}`, () => {
    const r = results.get(i);
    assert.ok(r, `it did not run to its end (the script stopped before it):\n${stderr.slice(-2000)}`);
    assert.equal(r.status, 0, `exit status ${r.status}:\n${r.out}\n${stderr.slice(-2000)}`);
    if (e.background) return;
    const actual = r.out.replace(/\r/g, '').replace(/\n+$/, '').split('\n').filter((l, j, all) => all.length > 1 || l !== '');
    const expected = e.expected.map((l) => withPorts(l, ports));
    assert.ok(matches(actual, expected), `printed:\n${actual.join('\n')}\nthe README says:\n${expected.join('\n')}`);
  });
});

test('every link of the README leads into the repository: a heading of its own or a file of the checkout', () => {
  // GitHub's anchors: the heading in lower case, without punctuation, spaces as hyphens.
  const anchors = new Set([...README.matchAll(/^#+ (.+)$/gm)].map((m) => m[1].toLowerCase().replace(/[^\w\- ]/g, '').replace(/ /g, '-')));
  const wrong = [...README.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]).filter((target) =>
    target.startsWith('#') ? !anchors.has(target.slice(1)) : /^[a-z]+:|^\/|\.\./.test(target) || !fs.existsSync(path.join(ROOT, target)));
  assert.deepEqual(wrong, []);
});
