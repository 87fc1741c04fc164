// The telnet service at the byte level (RFC 854): the options the server offers, refusals of
// the ones it does not, the window size (NAWS), CR NUL and CR LF line ends, and the login.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { client, startRouter } from '../helpers/router.js';

const IAC = 255, DONT = 254, DO = 253, WONT = 252, WILL = 251, SB = 250, SE = 240;
const ECHO = 1, SGA = 3, TTYPE = 24, NAWS = 31, LINEMODE = 34;

/** A raw connection that collects what the server sends. */
async function connect(port: number) {
  const socket = net.connect({ host: '127.0.0.1', port });
  await new Promise((ok, fail) => { socket.once('connect', ok); socket.once('error', fail); });
  let got = Buffer.alloc(0);
  socket.on('data', (d: Buffer) => { got = Buffer.concat([got, d]); });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return {
    socket,
    /** Resolves when the server has closed the connection. */
    closed,
    /** Waits until what came so far ends with (or contains) `what`; gives it all and starts afresh. */
    async until(what: Buffer | string, ms = 5000): Promise<Buffer> {
      const want = typeof what === 'string' ? Buffer.from(what) : what;
      const end = Date.now() + ms;
      while (!got.includes(want)) {
        if (Date.now() > end) throw new Error(`never got ${JSON.stringify(want.toString('latin1'))}: ${JSON.stringify(got.toString('latin1'))}`);
        await new Promise((r) => setTimeout(r, 10));
      }
      const out = got;
      got = Buffer.alloc(0);
      return out;
    },
  };
}

test('telnet options: WILL ECHO, WILL SGA, DO NAWS offered; others refused; NAWS read; CR NUL and CR LF end a line; /quit closes', async () => {
  const t = await startRouter();
  const c = await connect(t.router.bound.telnet!);
  try {
    const first = await c.until('Login: ');
    assert.deepEqual([...first.subarray(0, 9)], [IAC, WILL, ECHO, IAC, WILL, SGA, IAC, DO, NAWS]);
    assert.equal(first.subarray(9).toString(), 'Login: ');
    // What a client offers or asks for beyond that is refused; answers to the offers are not answered.
    c.socket.write(Buffer.from([IAC, DO, ECHO, IAC, DO, SGA, IAC, WILL, NAWS, IAC, WILL, TTYPE, IAC, DO, LINEMODE]));
    assert.deepEqual([...await c.until(Buffer.from([IAC, WONT, LINEMODE]))], [IAC, DONT, TTYPE, IAC, WONT, LINEMODE]);
    // 100 columns, 30 rows; then the name typed character by character (echoed), CR NUL.
    c.socket.write(Buffer.from([IAC, SB, NAWS, 0, 100, 0, 30, IAC, SE]));
    for (const ch of 'admin+ct') c.socket.write(ch);
    c.socket.write(Buffer.from([13, 0]));
    assert.equal((await c.until('Password: ')).toString(), 'admin+ct\r\nPassword: ');
    c.socket.write('\r\n');
    const banner = (await c.until('] > ')).toString();
    // The password's end of line, then the banner's two empty lines, and the router's fresh prompt.
    assert.match(banner, /^\r\n\r\n\r\n {2}MMM {6}MMM/);
    assert.match(banner, /Press F1 for help\r\n\r\n\r\x1b\[9999B\[admin@MikroTik\] > $/);
    // A long line runs as typed.
    c.socket.write(':put ' + 'x'.repeat(120));
    c.socket.write('\r\n');
    const echoed = (await c.until('] > ')).toString();
    assert.ok(echoed.includes('x'.repeat(120) + '\r\n'), JSON.stringify(echoed));
    assert.equal((await client(t.port).get('/rest/user/active?via=telnet')).json.length, 1);
    c.socket.write('/quit\r\n');
    await c.until('interrupted\r\n');
    await c.closed;
    assert.deepEqual((await client(t.port).get('/rest/user/active?via=telnet')).json, []);
  } finally {
    c.socket.destroy();
    await t.stop();
  }
});

test('telnet: three wrong logins end the connection; a user without the telnet policy is refused', async () => {
  const t = await startRouter();
  const rest = client(t.port);
  const c = await connect(t.router.bound.telnet!);
  try {
    assert.equal((await rest.put('/rest/user/group', { name: 'sshonly', policy: 'ssh,read' })).status, 201);
    assert.equal((await rest.put('/rest/user', { name: 'eve', group: 'sshonly', password: 'pw' })).status, 201);
    await c.until('Login: ');
    for (const [name, password] of [['eve', 'pw'], ['admin', 'x'], ['nobody', '']]) {
      c.socket.write(`${name}\r\n`);
      await c.until('Password: ');
      c.socket.write(`${password}\r\n`);
      await c.until('Login failed, incorrect username or password\r\n\r\n');
    }
    await c.closed;
    const log = (await rest.get('/rest/log')).json.filter((e: any) => /via telnet$/.test(e.message)).map((e: any) => e.message);
    assert.deepEqual(log, [
      'login failure for user eve from 127.0.0.1 via telnet',
      'login failure for user admin from 127.0.0.1 via telnet',
      'login failure for user nobody from 127.0.0.1 via telnet',
    ]);
  } finally {
    c.socket.destroy();
    await t.stop();
  }
});

test('/ip/service max-sessions: a connection beyond it is closed at once (telnet and ssh); raised, the next one is served', async () => {
  const t = await startRouter();
  const rest = client(t.port);
  try {
    for (const name of ['telnet', 'ssh']) {
      const id = (await rest.get(`/rest/ip/service/${name}`)).json['.id'];
      assert.equal((await rest.patch(`/rest/ip/service/${id}`, { 'max-sessions': '1' })).status, 200);
    }
    await t.router.services!.settled();
    for (const port of [t.router.bound.telnet!, t.router.bound.ssh!]) {
      const first = await connect(port);
      await first.until(port === t.router.bound.telnet ? 'Login: ' : 'SSH-2.0-ROSSSH');
      const second = await connect(port);
      await second.closed;
      first.socket.destroy();
      await first.closed;
      // The place is free again, once the router has seen the first one go.
      let served = false;
      for (let i = 0; i < 50 && !served; i++) {
        const third = await connect(port);
        served = await Promise.race([third.until(port === t.router.bound.telnet ? 'Login: ' : 'SSH-2.0-ROSSSH').then(() => true, () => false), third.closed.then(() => false)]);
        third.socket.destroy();
        if (!served) await new Promise((r) => setTimeout(r, 20));
      }
      assert.ok(served);
    }
  } finally {
    await t.stop();
  }
});
