// The interactive console over SSH with a pseudo-terminal (`ssh -tt`) and over Telnet, as
// a person at a terminal meets it: typed through pexpect, the screen's bytes read back.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { client, startRouter } from '../helpers/router.js';
import { common, env, pexpect, workDir } from './ssh-clients.js';

/** A terminal session: each step sends keys and waits for a pattern; prints what came before each match as JSON. */
const DRIVER = String.raw`
import json, sys, pexpect
argv = json.loads(sys.argv[1]); steps = json.loads(sys.argv[2])
c = pexpect.spawn(argv[0], argv[1:], encoding='utf-8', timeout=10, dimensions=(40, 120))
out = []
for send, expect in steps:
    if send == '<winsize>':
        c.setwinsize(40, 60)
    elif send is not None:
        c.send(send)
    if expect == '<eof>':
        c.expect(pexpect.EOF)
    else:
        c.expect(expect)
    out.append(c.before + (c.after if isinstance(c.after, str) else ''))
print(json.dumps(out))
`;

const PROMPT = String.raw`\[admin@MikroTik\] (/[\w/-]+)?> `;
/** What the screen shows without cursor movement and line clearing. */
const plain = (s: string) => s.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '').replace(/\r/g, '');

test('ssh -tt: banner, prompt, navigation, print, Tab completion, history, Ctrl-C, ? help, /quit', async () => {
  const t = await startRouter();
  const dir = workDir();
  try {
    const l = { port: t.router.bound.ssh!, dir, password: '' };
    const argv = ['ssh', ...common(l), '-tt', '-p', String(l.port), 'admin@127.0.0.1'];
    const r = await pexpect(DRIVER, [JSON.stringify(argv), JSON.stringify([
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
    ])], env(l));
    assert.equal(r.stderr, '');
    const screens = (JSON.parse(r.stdout) as string[]).map(plain);
    assert.match(screens[0], /MMM      MMM       KKK {26}TTTTTTTTTTT      KKK\n/);
    assert.match(screens[0], /\n {2}MikroTik RouterOS 7\.24 \(c\) 1999-\d{4} {7}https:\/\/www\.mikrotik\.com\/\n\n\nPress F1 for help\n\n\[admin@MikroTik\] > $/);
    assert.match(screens[1], /\[admin@MikroTik\] \/ip\/address> $/);
    const table = 'Columns: ADDRESS, NETWORK, INTERFACE\n# ADDRESS          NETWORK       INTERFACE\n;;; defconf\n0 192.168.88.1/24  192.168.88.0  bridge   \n';
    assert.equal(screens[2], `print\n${table}[admin@MikroTik] /ip/address> `);
    // The space Tab put after the name (drawn before or after the match), then the output.
    assert.equal(screens[4].replace(/^ \n/, '\n'), `\n${table}[admin@MikroTik] /ip/address> `);
    // The line recalled is `print ` as Tab left it.
    assert.equal(screens[6].replace(/^ \n/, '\n'), `\n${table}[admin@MikroTik] /ip/address> `);
    assert.match(screens[7], /\[admin@MikroTik\] \/ip> $/);
    assert.equal(screens[8], '/system identity print\n  name: MikroTik\n[admin@MikroTik] /ip> ');
    assert.match(screens[10], /^address \n\.\. -- go up to ip\nadd\ncomment\ndisable\nedit\nenable\nexport\nfind\nget\nprint\nremove\nreset\nset\n\[admin@MikroTik\] \/ip> $/);
    assert.match(screens[12], /\/quit\ninterrupted\n/);
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
    const r = await pexpect(DRIVER, [JSON.stringify(argv), JSON.stringify([
      [null, PROMPT],
      ['/ip address print\r', PROMPT],
      // A new window size: the line editor draws its line again for it.
      ['<winsize>', PROMPT],
      [':put [/system identity get name]\r', PROMPT],
      ['/quit\r', '<eof>'],
    ])], env(l));
    assert.equal(r.stderr, '');
    const screens = JSON.parse(r.stdout) as string[];
    for (const s of screens) assert.doesNotMatch(s, /\x1b/);
    assert.equal(screens[1].replace(/\r/g, ''), '/ip address print\nColumns: ADDRESS, NETWORK, INTERFACE\n# ADDRESS          NETWORK       INTERFACE\n;;; defconf\n0 192.168.88.1/24  192.168.88.0  bridge   \n[admin@MikroTik] > ');
    assert.equal(screens[2].replace(/\r/g, ''), '[admin@MikroTik] > ');
    assert.equal(screens[3].replace(/\r/g, ''), ':put [/system identity get name]\nMikroTik\n[admin@MikroTik] > ');
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
    const r = await pexpect(DRIVER, [JSON.stringify(['telnet', '127.0.0.1', String(port)]), JSON.stringify([
      [null, 'Login: '],
      ['admin\r', 'Password: '],
      ['wrong\r', 'Login: '],
      ['admin+ct\r', 'Password: '],
      ['\r', PROMPT],
      ['/user active print proplist=name,via where via=telnet\r', PROMPT],
      ['/ip address\r', PROMPT],
      ['print\r', PROMPT],
      ['/quit\r', '<eof>'],
    ])]);
    assert.equal(r.stderr, '');
    const screens = (JSON.parse(r.stdout) as string[]).map(plain);
    assert.match(screens[0], /Login: $/);
    // The password is not echoed.
    assert.equal(screens[2], '\nLogin failed, incorrect username or password\n\nLogin: ');
    assert.match(screens[4], /Press F1 for help\n\n\[admin@MikroTik\] > $/);
    assert.equal(screens[5], '/user active print proplist=name,via where via=telnet\nColumns: NAME, VIA\n# NAME   VIA   \n0 admin  telnet\n[admin@MikroTik] > ');
    assert.equal(screens[7], 'print\nColumns: ADDRESS, NETWORK, INTERFACE\n# ADDRESS          NETWORK       INTERFACE\n;;; defconf\n0 192.168.88.1/24  192.168.88.0  bridge   \n[admin@MikroTik] /ip/address> ');
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

