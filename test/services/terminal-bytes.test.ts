// The console's bytes as real terminals and the SSH automation libraries get them: OpenSSH
// under a pseudo-terminal (`ssh -tt`, driven by pexpect) and paramiko shells read the way
// netmiko, scrapli and community.routeros read them (./cli_libraries.py cites their sources).
// The expected bytes are the router's (docs/routeros-facts.md 42): a fresh prompt is
// `\r ESC[9999B prompt`; Enter draws the prompt and the line again, then `\r\n`; Tab erases a
// word with `ESC[nD`, blanks and `ESC[nD` and writes it whole; a listing ends in
// `\r\n\r ESC[9999B`, the prompt, the line and `ESC[K`; safe mode's prompt ends in `<SAFE>`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { client, eventually, startRouter, type TestRouter } from '../helpers/router.js';
import { common, env, PYTHON, run, terminals, workDir } from './ssh-clients.js';

const LIBRARIES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'test', 'services', 'cli_libraries.py');

const P = '[admin@MikroTik] > ';
const SAFE = '[admin@MikroTik] <SAFE> ';
/** A fresh prompt, and the pattern that waits for one (any menu, safe mode or not). */
const fresh = (prompt: string) => `\r\x1b[9999B${prompt}`;
const FRESH = String.raw`\x1b\[9999B\[admin@MikroTik\] [^\r\n]*?(>|<SAFE>) `;
/** Enter: the prompt and the line drawn again from the line's start, then a new line. */
const entered = (prompt: string, line: string) => `\r${prompt}${line}\r\n`;
const lines = (...l: string[]) => l.map((x) => x + '\r\n').join('');

function sshTo(t: TestRouter, dir: string, user = 'admin', password = ''): { argv: string[]; env: NodeJS.ProcessEnv } {
  const l = { port: t.router.bound.ssh!, dir, password };
  return { argv: ['ssh', ...common(l), '-tt', '-p', String(l.port), `${user}@127.0.0.1`], env: env(l) };
}


test('netmiko, scrapli and community.routeros read the console clean over paramiko: their prompt found, each command\'s output without echo or prompt', async () => {
  const t = await startRouter();
  try {
    assert.equal((await client(t.port).post('/rest/user/set', { numbers: 'admin', password: 'pw' })).status, 200);
    const commands = ['/system identity print', '/ip address print', ':put [/system identity get name]'];
    const table = 'Columns: ADDRESS, NETWORK, INTERFACE\n# ADDRESS          NETWORK       INTERFACE\n;;; defconf\n0 192.168.88.1/24  192.168.88.0  bridge';
    const results: Record<string, unknown> = {};
    // Three clients at once, as three automation jobs against one router would be.
    await Promise.all(['netmiko', 'scrapli', 'ansible'].map(async (library) => {
      const r = await run(PYTHON, [LIBRARIES, library, String(t.router.bound.ssh), 'pw', ...commands], { timeout: 60_000 });
      assert.equal(r.code, 0, r.stderr);
      results[library] = JSON.parse(r.stdout);
    }));
    assert.deepEqual(results, {
      // netmiko: set_base_prompt strips the terminator and the blank; send_command strips the
      // echo, the redrawn line (`^\[.*\] > cmd`) and the trailing prompts, then the whole text.
      netmiko: { prompt: '[admin@MikroTik]', outputs: ['name: MikroTik', table, 'MikroTik'] },
      // scrapli: the doubled pattern matched (the second Enter of CR LF), the second echo taken off.
      scrapli: { prompt: null, outputs: ['  name: MikroTik', table, 'MikroTik'] },
      // community.routeros: terminal_stdout_re matched at the end of the stripped bytes.
      ansible: { prompt: '[admin@MikroTik] > ', outputs: ['name: MikroTik', table, 'MikroTik'] },
    });
  } finally {
    await t.stop();
  }
});

test('ssh -tt line editing byte for byte: echo, cursor keys, insert, backspace, Home, Ctrl-K, Enter, Tab listing and completion, Ctrl-C', async () => {
  const t = await startRouter();
  const dir = workDir();
  try {
    const s = sshTo(t, dir);
    const screens = await terminals([s.argv], [
      [0, null, FRESH],
      [0, '/ip adress', 'adress'],
      // Four times left: one column back is a backspace.
      [0, '\x1b[D\x1b[D\x1b[D\x1b[D', '(\\x08){4}'],
      // A letter typed inside the line: it, the rest of the line, back over the rest.
      [0, 'd', 'ress\\x1b\\[4D'],
      // Ctrl-E: to the end, by writing what is under the cursor.
      [0, '\x05', 'ress'],
      [0, ' prnt', 'prnt'],
      [0, '\x7f\x7f\x7f', '(\\x08 \\x08){3}'],
      [0, 'rint\r', FRESH],
      // Ctrl-A to the line's start, Ctrl-K erases from there.
      [0, '/system reboot\x01', '\\x1b\\[14D'],
      [0, '\x0b', '\\x1b\\[K'],
      [0, ':put ok\r', FRESH],
      // Tab with several candidates lists them; again after one more letter, it completes.
      [0, '/interface b\t', FRESH + '/interface b\\x1b\\[K'],
      [0, 'r\t', 'bridge '],
      [0, '\x03', FRESH],
      [0, '/quit\r', '<eof>'],
    ], s.env);
    assert.deepEqual(screens.slice(1), [
      '/ip adress',
      '\b\b\b\b',
      'dress\x1b[4D',
      'ress',
      ' prnt',
      '\b \b\b \b\b \b',
      'rint' + entered(P, '/ip address print') + lines('Columns: ADDRESS, NETWORK, INTERFACE', '# ADDRESS          NETWORK       INTERFACE', ';;; defconf', '0 192.168.88.1/24  192.168.88.0  bridge   ') + fresh(P),
      '/system reboot\x1b[14D',
      '\x1b[K',
      ':put ok' + entered(P, ':put ok') + lines('ok') + fresh(P),
      // The words five blanks apart, three after the last (a 7.x capture of a listing).
      '/interface b\r\nblink     bonding     bridge   \r\n' + fresh(P) + '/interface b\x1b[K',
      'r\x1b[2D  \x1b[2Dbridge ',
      '\r\n' + fresh(P),
      '/quit' + entered(P, '/quit') + 'interrupted\r\n',
    ]);
  } finally {
    await t.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('the pager: output longer than the window (login option 12h) stops at `-- [Q quit|D dump|C-z pause]`; a key shows the next window, D the rest, Q nothing more; without-paging never stops', async () => {
  const t = await startRouter();
  const dir = workDir();
  try {
    const s = sshTo(t, dir, 'admin+12h');
    const PAGER = String.raw`-- \[Q quit\|D dump\|C-z pause\]`;
    const count = ':for i from=1 to=30 do={:put $i}';
    const screens = await terminals([s.argv], [
      [0, null, FRESH],
      [0, count + '\r', PAGER],
      [0, ' ', PAGER],
      [0, 'd', FRESH],
      [0, count + '\r', PAGER],
      [0, 'q', FRESH],
      [0, '/ip firewall filter print without-paging\r', FRESH],
      [0, '/quit\r', '<eof>'],
    ], s.env);
    const numbers = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `${from + i}\r\n`).join('');
    const pager = '-- [Q quit|D dump|C-z pause]';
    // 12 rows: 11 lines of output a window, the pager's line the 12th.
    assert.equal(screens[1], count + entered(P, count) + numbers(1, 11) + pager);
    assert.equal(screens[2], '\r\x1b[K' + numbers(12, 22) + pager);
    assert.equal(screens[3], '\r\x1b[K' + numbers(23, 30) + fresh(P));
    assert.equal(screens[4], count + entered(P, count) + numbers(1, 11) + pager);
    assert.equal(screens[5], '\r\x1b[K' + fresh(P));
    assert.ok(!screens[6].includes(pager) && screens[6].split('\r\n').length > 20, screens[6]);
  } finally {
    await t.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('safe mode on the console: Ctrl-X takes it (`[Safe Mode taken]`, `<SAFE>`), the change floats; the connection lost rolls it back; Ctrl-X again keeps; Ctrl-D takes back and logs out; /quit keeps', async () => {
  const t = await startRouter();
  const dir = workDir();
  const rest = client(t.port);
  const addressOf = async (a: string) => (await rest.get(`/rest/ip/address?address=${a}`)).json.length;
  try {
    const s = sshTo(t, dir);
    const add = (a: string) => `/ip address add address=${a} interface=ether2`;
    let screens = await terminals([s.argv], [
      [0, null, FRESH],
      [0, '\x18', FRESH + '\\x1b\\[K'],
      [0, add('10.4.4.1/24') + '\r', FRESH],
      [0, '/system history print\r', FRESH],
      [0, '<close>', ''],
    ], s.env);
    assert.equal(screens[1], '\r\n[Safe Mode taken]\r\n' + fresh(SAFE) + '\x1b[K');
    assert.equal(screens[2], add('10.4.4.1/24') + entered(SAFE, add('10.4.4.1/24')) + fresh(SAFE));
    assert.equal(screens[3], '/system history print' + entered(SAFE, '/system history print') + lines(
      'Flags: U - UNDOABLE, F - FLOATING-UNDO', 'Columns: ACTION, BY, POLICY', '  ACTION         BY     POLICY', 'F address added  admin  write ', 'U ---                   write ',
    ) + fresh(SAFE));
    // Safe mode is the whole router's: REST sees it held, and the change.
    await eventually(async () => (await rest.get('/rest/safe-mode')).json.enabled === 'false', 'the lost session rolled back');
    assert.equal(await addressOf('10.4.4.1/24'), 0);

    screens = await terminals([s.argv], [
      [0, null, FRESH],
      [0, '\x18', FRESH + '\\x1b\\[K'],
      [0, add('10.4.4.2/24') + '\r', FRESH],
      [0, '\x18', FRESH + '\\x1b\\[K'],
      [0, '\x18', FRESH + '\\x1b\\[K'],
      [0, add('10.4.4.3/24') + '\r', FRESH],
      [0, '\x04', '<eof>'],
    ], s.env);
    assert.equal(screens[3], '\r\n[Safe Mode released]\r\n' + fresh(P) + '\x1b[K');
    assert.equal(screens[6], '\r\n');
    assert.equal(await addressOf('10.4.4.2/24'), 1);
    assert.equal(await addressOf('10.4.4.3/24'), 0);

    // /safe-mode take typed (7.18 and later): the router's words, the prompt follows; /quit keeps.
    screens = await terminals([s.argv], [
      [0, null, FRESH],
      [0, '/safe-mode take\r', FRESH],
      [0, add('10.4.4.4/24') + '\r', FRESH],
      [0, '/quit\r', '<eof>'],
    ], s.env);
    assert.equal(screens[1], '/safe-mode take' + entered(P, '/safe-mode take') + lines('Taking Safe Mode session... Success!') + fresh(SAFE));
    assert.equal(screens[3], '/quit' + entered(SAFE, '/quit') + 'interrupted\r\n');
    assert.equal(await addressOf('10.4.4.4/24'), 1);
    assert.equal((await rest.get('/rest/safe-mode')).json.enabled, 'false');
  } finally {
    await t.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('safe mode taken by another session: `Hijacking Safe Mode from someone - unroll/release/don\'t take it [u/r/d]:`; r keeps its changes and tells it, u undoes them', async () => {
  const t = await startRouter();
  const dir = workDir();
  const rest = client(t.port);
  try {
    const s = sshTo(t, dir);
    const add = (a: string) => `/ip address add address=${a} interface=ether3`;
    const QUESTION = String.raw`\[u/r/d\]: `;
    const screens = await terminals([s.argv, s.argv], [
      [0, null, FRESH],
      [1, null, FRESH],
      [0, '\x18', FRESH + '\\x1b\\[K'],
      [0, add('10.5.5.1/24') + '\r', FRESH],
      [1, '\x18', QUESTION],
      // Any other key is no answer.
      [1, 'xr', FRESH + '\\x1b\\[K'],
      [0, null, FRESH],
      [1, add('10.5.5.2/24') + '\r', FRESH],
      [0, '\x18', QUESTION],
      [0, 'u', FRESH + '\\x1b\\[K'],
      [0, '/quit\r', '<eof>'],
      [1, '/quit\r', '<eof>'],
    ], s.env);
    assert.equal(screens[4], '\r\nHijacking Safe Mode from someone - unroll/release/don\'t take it [u/r/d]: ');
    assert.equal(screens[5], 'r\r\n[Safe Mode taken]\r\n' + fresh(SAFE) + '\x1b[K');
    // The first holder is told, where its line was (manual: `[Safe mode released by another user]`).
    assert.equal(screens[6], '\r[Safe mode released by another user]\x1b[K\r\n' + fresh(P));
    assert.equal(screens[9], 'u\r\n[Safe Mode taken]\r\n' + fresh(SAFE) + '\x1b[K');
    // Released with r, the first session's change stays; undone with u, the second's is gone.
    assert.equal((await rest.get('/rest/ip/address?address=10.5.5.1/24')).json.length, 1);
    assert.equal((await rest.get('/rest/ip/address?address=10.5.5.2/24')).json.length, 0);
  } finally {
    await t.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a session typed as a person types it: Tab, ?, a mistake and its error, Up to fix it, Ctrl-X around a change, /undo', async () => {
  const t = await startRouter();
  const dir = workDir();
  const rest = client(t.port);
  try {
    const s = sshTo(t, dir);
    const IP = '[admin@MikroTik] /ip/address> ';
    const IP_SAFE = '[admin@MikroTik] /ip/address<SAFE> ';
    const screens = await terminals([s.argv], [
      [0, null, FRESH],
      [0, '<type>/ip addr', 'addr'],
      [0, '\t', 'address '],
      [0, '\r', FRESH],
      [0, '<type>add ', 'add '],
      [0, '?', FRESH + 'add \\x1b\\[K'],
      [0, '<type>address=10.6.6.1/24 interface=ether9\r', FRESH],
      [0, '\x1b[A', 'ether9'],
      [0, '\x7f2\r', FRESH],
      [0, '\x18', FRESH + '\\x1b\\[K'],
      [0, '<type>set [find address=10.6.6.1/24] comment=typed\r', FRESH],
      [0, '\x18', FRESH + '\\x1b\\[K'],
      [0, '<type>/undo\r', FRESH],
      [0, '<type>print\r', FRESH],
      [0, '<type>/quit\r', '<eof>'],
    ], s.env);
    assert.equal(screens[1], '/ip addr');
    assert.equal(screens[2], '\x1b[4D    \x1b[4Daddress ');
    assert.equal(screens[3], entered(P, '/ip address ') + fresh(IP));
    // ? lists what `add` takes, then the prompt and the line again.
    assert.match(screens[5], /^\r\n(\S+( -- [^\r\n]*)?\r\n)+\r\x1b\[9999B\[admin@MikroTik\] \/ip\/address> add \x1b\[K$/);
    assert.match(screens[5], /\r\naddress -- /);
    assert.equal(screens[6], 'address=10.6.6.1/24 interface=ether9' + entered(IP, 'add address=10.6.6.1/24 interface=ether9') + lines('input does not match any value of interface') + fresh(IP));
    assert.equal(screens[7], '\r' + IP + 'add address=10.6.6.1/24 interface=ether9');
    assert.equal(screens[8], '\b \b2' + entered(IP, 'add address=10.6.6.1/24 interface=ether2') + fresh(IP));
    assert.equal(screens[9], '\r\n[Safe Mode taken]\r\n' + fresh(IP_SAFE) + '\x1b[K');
    assert.equal(screens[11], '\r\n[Safe Mode released]\r\n' + fresh(IP) + '\x1b[K');
    assert.equal(screens[13], 'print' + entered(IP, 'print') + lines(
      // ether2 is a port of defconf's bridge: its address is flagged S (routeros-facts.md 43.2).
      'Flags: S - SLAVE', 'Columns: ADDRESS, NETWORK, INTERFACE', '#   ADDRESS          NETWORK       INTERFACE', ';;; defconf', '0   192.168.88.1/24  192.168.88.0  bridge   ', '1 S 10.6.6.1/24      10.6.6.0      ether2   ',
    ) + fresh(IP));
    // The undo took back the comment, the last action; the address stays.
    const [address] = (await rest.get('/rest/ip/address?address=10.6.6.1/24')).json;
    assert.equal(address.comment, undefined);
    assert.deepEqual((await rest.get('/rest/system/history')).json.map((a: any) => [a.action, a.by, a.redoable]), [
      ['address changed', 'admin', 'true'], ['address added', 'admin', 'false'], ['---', '', 'false'],
    ]);
  } finally {
    await t.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
