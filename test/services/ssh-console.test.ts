// The interactive console over SSH with a pseudo-terminal (`ssh -tt`) and over Telnet, as
// a person at a terminal meets it: typed through pexpect, the screen's bytes read back.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { client, startRouter } from '../helpers/router.js';
import { common, env, terminals, workDir } from './ssh-clients.js';

const PROMPT = String.raw`\x1b\[9999B\[admin@MikroTik\] (/[\w/-]+)?> `;
/** What the screen shows without cursor movement and line clearing. */
const plain = (s: string) => s.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '').replace(/\r/g, '');

test('ssh -tt: banner, prompt, navigation, print, Tab completion, history, Ctrl-C, ? help, /quit', async () => {
  const t = await startRouter();
  const dir = workDir();
  try {
    const l = { port: t.router.bound.ssh!, dir, password: '' };
    const argv = ['ssh', ...common(l), '-tt', '-p', String(l.port), 'admin@127.0.0.1'];
    const screens0 = await terminals([argv], ([
      [null, PROMPT],
      ['/ip address\r', PROMPT],
      ['print\r', PROMPT],
      // Tab completes the command's name.
      ['pri\t', 'print '],
      ['\r', PROMPT],
      // Up walks back through the history.
      ['\x1b[A', 'print'],
      ['\r', PROMPT],
      ['..\r', PROMPT],
      ['/system identity print\r', PROMPT],
      // Ctrl-C drops the line being typed.
      ['/system reboot\x03', PROMPT],
      // ? shows what may follow, then the line typed so far again.
      ['address ?', PROMPT],
      ['\x03', PROMPT],
      ['/quit\r', '<eof>'],
    ] as [string | null, string][]).map(([send, expect]) => [0, send, expect]), env(l));
    // The router's bytes (docs/routeros-facts.md 42): a fresh prompt is `\r ESC[9999B prompt`;
    // Enter draws the prompt and line again from the line's start, then `\r\n`.
    const raw = screens0;
    const screens = raw.map(plain);
    assert.match(screens[0], /MMM      MMM       KKK {26}TTTTTTTTTTT      KKK\n/);
    assert.match(raw[0], /\r\n {2}MikroTik RouterOS 7\.24 \(c\) 1999-\d{4} {7}https:\/\/www\.mikrotik\.com\/\r\n\r\n\r\nPress F1 for help\r\n\r\n\r\x1b\[9999B\[admin@MikroTik\] > $/);
    assert.equal(raw[1], '/ip address\r[admin@MikroTik] > /ip address\r\n\r\x1b[9999B[admin@MikroTik] /ip/address> ');
    const table = 'Columns: ADDRESS, NETWORK, INTERFACE\r\n# ADDRESS          NETWORK       INTERFACE\r\n;;; defconf\r\n0 192.168.88.1/24  192.168.88.0  bridge   \r\n';
    assert.equal(raw[2], `print\r[admin@MikroTik] /ip/address> print\r\n${table}\r\x1b[9999B[admin@MikroTik] /ip/address> `);
    // Tab: back over the word, blanks, back again, the whole word and a space.
    assert.equal(raw[3], 'pri\x1b[3D   \x1b[3Dprint ');
    assert.equal(raw[4], `\r[admin@MikroTik] /ip/address> print \r\n${table}\r\x1b[9999B[admin@MikroTik] /ip/address> `);
    // Up: the line recalled is drawn from the prompt, `print ` as Tab left it.
    assert.equal(raw[5] + raw[6], `\r[admin@MikroTik] /ip/address> print \r[admin@MikroTik] /ip/address> print \r\n${table}\r\x1b[9999B[admin@MikroTik] /ip/address> `);
    assert.equal(raw[7], '..\r[admin@MikroTik] /ip/address> ..\r\n\r\x1b[9999B[admin@MikroTik] /ip> ');
    assert.equal(raw[8], '/system identity print\r[admin@MikroTik] /ip> /system identity print\r\n  name: MikroTik\r\n\r\x1b[9999B[admin@MikroTik] /ip> ');
    // Ctrl-C: the line stays as typed, a fresh prompt below it.
    assert.equal(raw[9], '/system reboot\r\n\r\x1b[9999B[admin@MikroTik] /ip> ');
    // ? is not typed: what may follow, then the prompt and the line again.
    assert.equal(raw[10], 'address \r\n.. -- go up to ip\r\nadd\r\ncomment\r\ndisable\r\nedit\r\nenable\r\nexport\r\nfind\r\nget\r\nprint\r\nremove\r\nreset\r\nset\r\n\r\x1b[9999B[admin@MikroTik] /ip> ');
    assert.equal(raw[11], 'address \x1b[K\r\n\r\x1b[9999B[admin@MikroTik] /ip> ');
    assert.equal(raw[12], '/quit\r[admin@MikroTik] /ip> /quit\r\ninterrupted\r\n');
    // Nothing was rebooted: the line was dropped.
    assert.equal((await client(t.port).get('/rest/system/identity')).status, 200);
  } finally {
    await t.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('ssh login options: admin+cte is a dumb terminal (no escape sequences); a window change is taken', async () => {
  const t = await startRouter();
  const dir = workDir();
  try {
    const l = { port: t.router.bound.ssh!, dir, password: '' };
    const argv = ['ssh', ...common(l), '-tt', '-p', String(l.port), 'admin+cte@127.0.0.1'];
    // A dumb terminal's fresh prompt: `\r` and the prompt, on a line of its own.
    const FRESH = String.raw`\n\r\[admin@MikroTik\] > `;
    const screens0 = await terminals([argv], ([
      [null, FRESH],
      ['/ip address print\r', FRESH],
      // A new window size: the line editor draws its line again for it.
      ['<winsize 40 60>', String.raw`\r\[admin@MikroTik\] > `],
      [':put [/system identity get name]\r', FRESH],
      ['/quit\r', '<eof>'],
    ] as [string | null, string][]).map(([send, expect]) => [0, send, expect]), env(l));
    const screens = screens0;
    for (const s of screens) assert.doesNotMatch(s, /\x1b/);
    assert.equal(screens[1], '/ip address print\r[admin@MikroTik] > /ip address print\r\nColumns: ADDRESS, NETWORK, INTERFACE\r\n# ADDRESS          NETWORK       INTERFACE\r\n;;; defconf\r\n0 192.168.88.1/24  192.168.88.0  bridge   \r\n\r[admin@MikroTik] > ');
    assert.equal(screens[2], '\r[admin@MikroTik] > ');
    // What the redraw erased after itself (a blank and a backspace), then the line as typed.
    assert.equal(screens[3], ' \b:put [/system identity get name]\r[admin@MikroTik] > :put [/system identity get name]\r\nMikroTik\r\n\r[admin@MikroTik] > ');
    // The login shows under the user's own name, without the options.
    const active = (await client(t.port).get('/rest/log')).json.filter((e: any) => /via ssh$/.test(e.message)).map((e: any) => e.message);
    assert.deepEqual(active, ['user admin logged in from 127.0.0.1 via ssh', 'user admin logged out from 127.0.0.1 via ssh']);
  } finally {
    await t.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('telnet: Login: and Password: prompts, a wrong password refused, then the console; via=telnet in /user/active', async () => {
  const t = await startRouter();
  const dir = workDir();
  const rest = client(t.port);
  try {
    const port = t.router.bound.telnet!;
    const screens0 = await terminals([['telnet', '127.0.0.1', String(port)]], ([
      [null, 'Login: '],
      ['admin\r', 'Password: '],
      ['wrong\r', 'Login: '],
      ['admin+ct\r', 'Password: '],
      ['\r', PROMPT],
      ['/user active print proplist=name,via where via=telnet\r', PROMPT],
      ['/ip address\r', PROMPT],
      ['print\r', PROMPT],
      ['/quit\r', '<eof>'],
    ] as [string | null, string][]).map(([send, expect]) => [0, send, expect]));
    const screens = screens0.map(plain);
    assert.match(screens[0], /Login: $/);
    // The password is not echoed.
    assert.equal(screens[2], '\nLogin failed, incorrect username or password\n\nLogin: ');
    // The failed login is a critical line: the default echo rule shows it after the banner
    // of the next console (routeros-facts.md 53.3).
    assert.match(screens[4], /Press F1 for help\n\n\d\d:\d\d:\d\d system,error,critical login failure for user admin from 127\.0\.0\.1 via telnet\n\[admin@MikroTik\] > $/);
    // The line drawn again on Enter, then the output and a fresh prompt.
    assert.equal(screens[5], '/user active print proplist=name,via where via=telnet[admin@MikroTik] > /user active print proplist=name,via where via=telnet\nColumns: NAME, VIA\n# NAME   VIA   \n0 admin  telnet\n[admin@MikroTik] > ');
    assert.equal(screens[7], 'print[admin@MikroTik] /ip/address> print\nColumns: ADDRESS, NETWORK, INTERFACE\n# ADDRESS          NETWORK       INTERFACE\n;;; defconf\n0 192.168.88.1/24  192.168.88.0  bridge   \n[admin@MikroTik] /ip/address> ');
    const log = (await rest.get('/rest/log')).json.filter((e: any) => /via telnet$/.test(e.message)).map((e: any) => e.message);
    assert.deepEqual(log, [
      'login failure for user admin from 127.0.0.1 via telnet',
      'user admin logged in from 127.0.0.1 via telnet',
      'user admin logged out from 127.0.0.1 via telnet',
    ]);
    assert.deepEqual((await rest.get('/rest/user/active?via=telnet')).json, []);
  } finally {
    await t.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

