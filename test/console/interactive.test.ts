// `vrouter console` as a user meets it: a terminal (tmux) running the command against a
// router, keys typed into it, the screen read back.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { client, startRouter } from '../helpers/router.js';
import { freePort } from '../helpers/ports.js';
import { VROUTER } from '../helpers/vrouter.js';

const CLI = VROUTER;
// The console is typed into through tmux; .ci/run installs it where it is missing.
const hasTmux = spawnSync('tmux', ['-V']).status === 0;
const needTmux = () => assert.ok(hasTmux, 'tmux is not installed (apt-get install tmux; .ci/run does this)');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function tmux(...args: string[]): string {
  const r = spawnSync('tmux', args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`tmux ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

/** The screen, without the empty lines below the cursor. */
const screen = (session: string) => tmux('capture-pane', '-t', session, '-p').replace(/\n+$/, '');

/** A prompt at the start of a line: `[admin@MikroTik] /ip/address>`. */
const PROMPT_LINE = /^\[[^\]\n]+\] [^\n]*?> ?/m;

/** Waits until the screen shows `text` (the console answers over HTTP). */
async function waitFor(session: string, text: string | RegExp | ((screen: string) => boolean), ms = 5000): Promise<string> {
  const end = Date.now() + ms;
  for (;;) {
    const s = screen(session);
    if (typeof text === 'function' ? text(s) : typeof text === 'string' ? s.includes(text) : text.test(s)) return s;
    if (Date.now() > end) throw new Error(`screen never showed ${text}:\n${s}`);
    await sleep(50);
  }
}

test('vrouter console: prompt, navigation, print tables, tab completion, errors, history', async () => {
  needTmux();
  const t = await startRouter();
  const session = `vrouter-test-${process.pid}`;
  /** Types a line, waits for the next prompt, and gives what the command printed. */
  let seen = 0;
  const run = async (line: string): Promise<string> => {
    tmux('send-keys', '-t', session, '-l', line);
    tmux('send-keys', '-t', session, 'Enter');
    const s = await waitFor(session, (text) => text.split(PROMPT_LINE).length - 1 > seen);
    seen = s.split(PROMPT_LINE).length - 1;
    const lines = s.split('\n');
    const at = lines.map((l) => PROMPT_LINE.test(l) && l.endsWith(line)).lastIndexOf(true);
    return lines.slice(at + 1, -1).join('\n');
  };
  try {
    tmux('new-session', '-d', '-s', session, '-x', '120', '-y', '60',
      `${process.execPath} ${CLI} console http://127.0.0.1:${t.port} --user admin --password ''`);
    let s = await waitFor(session, '[admin@MikroTik] >');
    seen = 1;
    assert.match(s, /MikroTik RouterOS 7\.24 \(c\) 1999-\d{4}/);

    // A path line moves; print shows the router's table with its flags and comments.
    assert.equal(await run('/ip address'), '');
    assert.match(screen(session), /\[admin@MikroTik\] \/ip\/address>$/);
    assert.equal(await run('add address=10.3.3.1/24 interface=ether3 disabled=yes'), '');
    assert.equal(await run('print'), [
      // ether3 is a port of the default bridge: its address is flagged S (routeros-facts.md 43.2).
      'Flags: X - DISABLED; S - SLAVE',
      'Columns: ADDRESS, NETWORK, INTERFACE',
      '#    ADDRESS          NETWORK       INTERFACE',
      ';;; defconf',
      '0    192.168.88.1/24  192.168.88.0  bridge',
      '1 XS 10.3.3.1/24      10.3.3.0      ether3',
    ].join('\n'));
    // Item numbers of that print name records.
    assert.equal(await run('remove 1'), '');
    assert.equal(await run(':put [print count-only]'), '1');

    // Tab completes a menu, a command and an argument name.
    tmux('send-keys', '-t', session, '-l', '.. fire');
    tmux('send-keys', '-t', session, 'Tab');
    await waitFor(session, /\/ip\/address> \.\. firewall$/m);
    tmux('send-keys', '-t', session, 'Enter');
    s = await waitFor(session, '[admin@MikroTik] /ip/firewall>');
    seen = s.split(PROMPT_LINE).length - 1;
    tmux('send-keys', '-t', session, '-l', 'address-list ad');
    tmux('send-keys', '-t', session, 'Tab');
    await waitFor(session, /address-list add$/m);
    tmux('send-keys', '-t', session, '-l', 'li');
    tmux('send-keys', '-t', session, 'Tab');
    await waitFor(session, /address-list add list=$/m);
    // The rest of the line after the completed `list=`.
    assert.equal(await run('blocked address=203.0.113.9'), '');
    assert.match(await run('address-list print'),
      /^Columns: LIST, ADDRESS, CREATION-TIME\n# LIST     ADDRESS      CREATION-TIME\n0 blocked  203\.0\.113\.9  \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    // Errors as the console shows them; syntax errors with line and column.
    assert.equal(await run('/ip address add address=1.2.3.4/24 interface=nope'), 'input does not match any value of interface');
    assert.equal(await run(':put (1 +'), 'syntax error (line 1 column 10)');
    assert.equal(await run('/nonsense'), 'bad command name nonsense (line 1 column 2)');

    // History: up arrow brings back an earlier line.
    tmux('send-keys', '-t', session, 'Up', 'Up', 'Up');
    await waitFor(session, /\/ip\/firewall> \/ip address add address=1\.2\.3\.4\/24 interface=nope$/m);
    tmux('send-keys', '-t', session, 'C-u');
    assert.equal(await run('/system identity set name=lab1'), '');
    assert.match(screen(session), /\[admin@lab1\] \/ip\/firewall>$/);
    assert.equal(await run('/'), '');
    assert.match(screen(session), /\[admin@lab1\] >$/);
    tmux('send-keys', '-t', session, '-l', 'quit');
    tmux('send-keys', '-t', session, 'Enter');
  } finally {
    spawnSync('tmux', ['kill-session', '-t', session]);
    await t.stop();
  }
});

test('vrouter console: a wrong password is refused', async () => {
  needTmux();
  const t = await startRouter();
  try {
    // Not spawnSync: the router runs in this process and must answer while the command waits.
    const proc = spawn(process.execPath, [CLI, 'console', `http://127.0.0.1:${t.port}`, '--user', 'admin', '--password', 'wrong'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    proc.stdout.on('data', (d) => { out += d; });
    const status = await new Promise((resolve) => proc.on('exit', resolve));
    assert.equal(status, 1);
    assert.equal(out, 'Login failed, incorrect username or password\n');
  } finally {
    await t.stop();
  }
});

/** Runs `vrouter console ARGS` in a terminal (tmux) and gives the screen once the command has exited, with its status. */
async function consoleInTerminal(args: string, typed: { after: string; keys: string }[] = []): Promise<string> {
  const session = `vrouter-login-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  try {
    tmux('new-session', '-d', '-s', session, '-x', '120', '-y', '30', `sh -c '${process.execPath} ${CLI} console ${args}; echo EXIT=$?; sleep 60'`);
    for (const { after, keys } of typed) {
      await waitFor(session, after);
      tmux('send-keys', '-t', session, '-l', keys);
      tmux('send-keys', '-t', session, 'Enter');
    }
    return await waitFor(session, /EXIT=\d+/);
  } finally {
    spawnSync('tmux', ['kill-session', '-t', session]);
  }
}

test('vrouter console on a terminal: the empty password first, then the one asked for; a refused login exits 1', async () => {
  needTmux();
  const t = await startRouter();
  try {
    // admin has no password: no question, straight to the prompt (/quit ends it with status 0).
    let s = await consoleInTerminal(`127.0.0.1:${t.port}`, [{ after: '[admin@MikroTik] >', keys: '/quit' }]);
    assert.doesNotMatch(s, /password:/);
    assert.match(s, /EXIT=0/);
    await client(t.port).put('/rest/user', { name: 'bob', group: 'full', password: 'pw-bob' });
    // bob has one: asked for it once the empty one is refused; the right one logs in.
    s = await consoleInTerminal(`127.0.0.1:${t.port} --user bob`, [{ after: 'password:', keys: 'pw-bob' }, { after: '[bob@MikroTik] >', keys: '/quit' }]);
    assert.match(s, /EXIT=0/);
    // A wrong one: the router's words and status 1.
    s = await consoleInTerminal(`127.0.0.1:${t.port} --user bob`, [{ after: 'password:', keys: 'wrong' }]);
    assert.match(s, /Login failed, incorrect username or password\nEXIT=1/);
  } finally {
    await t.stop();
  }
});

test('vrouter console checks the router is there before anything else, and exits 1 when it is not', async () => {
  needTmux();
  const port = await freePort();
  const s = await consoleInTerminal(`127.0.0.1:${port}`);
  assert.doesNotMatch(s, /password:/);
  assert.match(s, new RegExp(`cannot connect to http://127\\.0\\.0\\.1:${port}: connection refused, no router listens there \\(ECONNREFUSED\\)\\nEXIT=1`));
});
