// /tool e-mail send on the wire, received by an SMTP server the test runs (the smtp-server
// package, Nodemailer's: a well-kept server that speaks STARTTLS, implicit TLS and AUTH).
// `send` returns at once and the message goes in the background; `last-status` tells how it
// went, as a real export's scripts read it (routeros-facts.md 53.4).

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { SMTPServer, type SMTPServerOptions, type SMTPServerSession } from 'smtp-server';
import { freePort } from '../helpers/ports.js';
import { client, eventually, startRouter, tempDir, type TestRouter } from '../helpers/router.js';

interface Got { from: string; to: string[]; message: string; secure: boolean; user?: string }

/** An SMTP server on a free loopback port; what it took, in order. */
async function smtp(options: SMTPServerOptions): Promise<{ port: number; got: Got[]; close(): Promise<void> }> {
  const got: Got[] = [];
  const server = new SMTPServer({
    logger: false,
    ...options,
    onData(stream, session: SMTPServerSession, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (b: Buffer) => chunks.push(b));
      stream.on('end', () => {
        got.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          message: Buffer.concat(chunks).toString('utf8'),
          secure: session.secure,
          user: session.user as string | undefined,
        });
        done();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((ok) => server.listen(port, '127.0.0.1', () => ok()));
  return { port, got, close: () => new Promise<void>((ok) => server.close(() => ok())) };
}

/** A self-signed certificate for mail.lab.test, made by openssl as an administrator would. */
function certificate(dir: string): { key: string; cert: string } {
  const key = path.join(dir, 'key.pem'), cert = path.join(dir, 'cert.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-subj', '/CN=mail.lab.test', '-days', '2', '-keyout', key, '-out', cert], { stdio: 'ignore' });
  return { key: fs.readFileSync(key, 'utf8'), cert: fs.readFileSync(cert, 'utf8') };
}

const checkUser = (user: string, password: string): SMTPServerOptions['onAuth'] => (auth, _session, done) => {
  if (auth.username === user && auth.password === password) done(null, { user: auth.username });
  else done(new Error('Invalid username or password'));
};

/** The header block of a message, one header a line. */
const headers = (message: string) => message.slice(0, message.indexOf('\r\n\r\n')).split('\r\n');
const bodyOf = (message: string) => message.slice(message.indexOf('\r\n\r\n') + 4);

describe('e-mail over SMTP', () => {
  let r: TestRouter;
  let c: ReturnType<typeof client>;
  let dir: string;
  let tlsMaterial: { key: string; cert: string };

  before(async () => {
    dir = tempDir();
    tlsMaterial = certificate(dir);
    r = await startRouter({ mailTimeoutMs: 1500 });
    c = client(r.port);
  });
  after(async () => {
    await r.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Every setting of /tool e-mail at once: a test leaves nothing for the next to rely on. */
  const configure = async (values: Record<string, string>) => {
    const all = { server: '127.0.0.1', port: '25', tls: 'no', from: 'router@lab.test', user: '', password: '', vrf: 'main', ...values };
    const res = await c.post('/rest/tool/e-mail/set', all);
    assert.equal(res.status, 200, res.text);
  };
  const settle = async () => {
    await eventually(async () => (await c.get('/rest/tool/e-mail')).json['last-status'] !== 'in-progress', 'delivery over');
    return (await c.get('/rest/tool/e-mail')).json['last-status'] as string;
  };
  const errors = async () => ((await c.get('/rest/log')).json as { topics: string; message: string }[]).filter((l) => l.topics === 'system,e-mail,error').map((l) => l.message);

  test('plain SMTP: send returns at once, the message arrives with its headers and body, last-status succeeded', async () => {
    const s = await smtp({ authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'] });
    try {
      await configure({ port: String(s.port) });
      const sent = await c.post('/rest/tool/e-mail/send', { to: 'ops@lab.test', cc: 'Boss <boss@lab.test>', subject: 'link down', body: 'ether1 is down\nsince 10:00' });
      assert.deepEqual([sent.status, sent.json], [200, []]);
      assert.equal(await settle(), 'succeeded');
      assert.equal(s.got.length, 1);
      const m = s.got[0];
      assert.deepEqual([m.from, m.to, m.secure], ['router@lab.test', ['ops@lab.test', 'boss@lab.test'], false]);
      const h = headers(m.message);
      assert.ok(h.includes('From: router@lab.test') && h.includes('To: ops@lab.test') && h.includes('Cc: Boss <boss@lab.test>') && h.includes('Subject: link down'), h.join('\n'));
      assert.ok(h.some((l) => /^Date: [A-Z][a-z]{2}, \d{1,2} [A-Z][a-z]{2} \d{4} \d\d:\d\d:\d\d \+0000$/.test(l)), h.join('\n'));
      assert.equal(bodyOf(m.message), 'ether1 is down\r\nsince 10:00\r\n');
    } finally {
      await s.close();
    }
  });

  test('STARTTLS with user and password: the message goes over TLS after AUTH', async () => {
    const s = await smtp({ ...tlsMaterial, onAuth: checkUser('alerts', 's3cret') });
    try {
      await configure({ port: String(s.port), tls: 'starttls', user: 'alerts', password: 's3cret' });
      await c.post('/rest/tool/e-mail/send', { to: 'ops@lab.test', subject: 'over starttls', body: 'b' });
      assert.equal(await settle(), 'succeeded');
      assert.deepEqual([s.got[0].secure, s.got[0].user, s.got[0].to], [true, 'alerts', ['ops@lab.test']]);
    } finally {
      await s.close();
    }
  });

  test('implicit TLS (tls=yes), the settings of send overriding the stored ones', async () => {
    const s = await smtp({ ...tlsMaterial, secure: true, onAuth: checkUser('other', 'pw2') });
    try {
      await configure({});
      await c.post('/rest/tool/e-mail/send', { to: 'ops@lab.test', subject: 'over tls', body: 'b', port: String(s.port), tls: 'yes', user: 'other', password: 'pw2' });
      assert.equal(await settle(), 'succeeded');
      assert.deepEqual([s.got[0].secure, s.got[0].user], [true, 'other']);
    } finally {
      await s.close();
    }
  });

  test('a wrong password: last-status failed and the server\'s refusal in /log under e-mail', async () => {
    const s = await smtp({ ...tlsMaterial, onAuth: checkUser('alerts', 'right') });
    try {
      await configure({ port: String(s.port), tls: 'starttls', user: 'alerts', password: 'wrong' });
      await c.post('/rest/tool/e-mail/send', { to: 'ops@lab.test', subject: 'refused', body: 'b' });
      assert.equal(await settle(), 'failed');
      assert.equal(s.got.length, 0);
      assert.equal((await errors()).at(-1), 'Error sending e-mail <refused>: authentication failed: 535 Invalid username or password');
    } finally {
      await s.close();
    }
  });

  test('STARTTLS asked of a server that does not offer it fails; so does a port nobody listens on', async () => {
    const s = await smtp({ authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'] });
    try {
      await configure({ port: String(s.port), tls: 'starttls' });
      await c.post('/rest/tool/e-mail/send', { to: 'ops@lab.test', subject: 'no tls', body: 'b' });
      assert.equal(await settle(), 'failed');
      assert.equal((await errors()).at(-1), 'Error sending e-mail <no tls>: server does not support STARTTLS');
    } finally {
      await s.close();
    }
    await c.post('/rest/tool/e-mail/send', { to: 'ops@lab.test', subject: 'nobody', body: 'b', port: String(await freePort()), tls: 'no' });
    assert.equal(await settle(), 'failed');
    assert.equal((await errors()).at(-1), 'Error sending e-mail <nobody>: failed to connect to server');
  });

  test('a vrf other than main: the message fails to connect (no way from there to the host)', async () => {
    const s = await smtp({ authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'] });
    try {
      await c.put('/rest/ip/vrf', { name: 'blue', interfaces: 'ether5' });
      await configure({ port: String(s.port), vrf: 'blue' });
      await c.post('/rest/tool/e-mail/send', { to: 'ops@lab.test', subject: 'in blue', body: 'b' });
      assert.equal(await settle(), 'failed');
      assert.equal((await errors()).at(-1), 'Error sending e-mail <in blue>: failed to connect to server');
      assert.equal(s.got.length, 0);
    } finally {
      await s.close();
    }
  });

  test('a recipient the server refuses fails the message with the server\'s words', async () => {
    const s = await smtp({ authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'], onRcptTo: (a, _s, done) => done(a.address === 'nobody@lab.test' ? Object.assign(new Error('No such user'), { responseCode: 550 }) : undefined) });
    try {
      await configure({ port: String(s.port) });
      await c.post('/rest/tool/e-mail/send', { to: 'nobody@lab.test', subject: 'bounce', body: 'b' });
      assert.equal(await settle(), 'failed');
      assert.equal((await errors()).at(-1), 'Error sending e-mail <bounce>: server refused recipient nobody@lab.test: 550 No such user');
    } finally {
      await s.close();
    }
  });

  test('file= attaches a file of /file; a file that is not there is refused at once', async () => {
    const s = await smtp({ authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'] });
    try {
      await configure({ port: String(s.port) });
      await c.put('/rest/file', { name: 'backup.rsc', contents: '/system identity set name=edge\n' });
      await c.post('/rest/tool/e-mail/send', { to: 'ops@lab.test', subject: 'backup', body: 'attached', file: 'backup.rsc' });
      assert.equal(await settle(), 'succeeded');
      const m = s.got[0].message;
      const boundary = /Content-Type: multipart\/mixed; boundary="([^"]+)"/.exec(m)?.[1];
      assert.ok(boundary, m);
      const parts = m.split(`--${boundary}`).slice(1, -1);
      assert.equal(parts.length, 2);
      assert.equal(bodyOf(parts[0]), 'attached\r\n');
      assert.ok(headers(parts[1].replace(/^\r\n/, '')).includes('Content-Disposition: attachment; filename="backup.rsc"'));
      assert.equal(Buffer.from(bodyOf(parts[1]).replace(/\s+/g, ''), 'base64').toString('utf8'), '/system identity set name=edge\n');
      const missing = await c.post('/rest/tool/e-mail/send', { to: 'ops@lab.test', subject: 'x', file: 'no-such.rsc' });
      assert.deepEqual([missing.status, missing.json.detail], [400, 'failure: no such file']);
    } finally {
      await s.close();
    }
  });

  test('a script mails what the log says, the server by name through the router\'s resolver', async () => {
    const s = await smtp({ authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'] });
    try {
      await c.put('/rest/ip/dns/static', { name: 'mail.lab.test', address: '127.0.0.1' });
      await configure({ server: 'mail.lab.test', port: String(s.port) });
      await c.post('/rest/log/warning', { message: 'disk almost full' });
      const script = ':foreach i in=[/log find where message~"disk almost"] do={ /tool e-mail send to=ops@lab.test subject=[/log get $i message] body=[/log get $i topics] }';
      const ran = await c.post('/rest/execute', { script, 'as-string': '' });
      assert.equal(ran.status, 200, ran.text);
      assert.equal(await settle(), 'succeeded');
      const h = headers(s.got[0].message);
      assert.ok(h.includes('Subject: disk almost full'), h.join('\n'));
      assert.equal(bodyOf(s.got[0].message), 'script,warning\r\n');
    } finally {
      await s.close();
    }
  });

  test('a scheduler\'s script mails on its interval', async () => {
    const s = await smtp({ authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'] });
    try {
      await configure({ port: String(s.port) });
      const made = await c.put('/rest/system/scheduler', { name: 'mailer', interval: '1s', 'on-event': '/tool e-mail send to=ops@lab.test subject="scheduled" body="from the scheduler"' });
      assert.equal(made.status, 201, made.text);
      await eventually(async () => s.got.length > 0, 'a scheduled message');
      await c.delete(`/rest/system/scheduler/${made.json['.id']}`);
      assert.ok(headers(s.got[0].message).includes('Subject: scheduled'));
      assert.equal(bodyOf(s.got[0].message), 'from the scheduler\r\n');
    } finally {
      await s.close();
    }
  });
});

describe('e-mail on 7.9: the server is `address`', () => {
  test('a 7.9.2 router sends to its /tool e-mail address', async () => {
    const s = await smtp({ authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'] });
    const r = await startRouter({ rosVersion: '7.9.2' });
    try {
      const c = client(r.port);
      const set = await c.post('/rest/tool/e-mail/set', { address: '127.0.0.1', port: String(s.port) });
      assert.equal(set.status, 200, set.text);
      await c.post('/rest/tool/e-mail/send', { to: 'ops@lab.test', subject: 'old release', body: 'b' });
      await eventually(async () => (await c.get('/rest/tool/e-mail')).json['last-status'] === 'succeeded', 'sent');
      assert.deepEqual(s.got.map((g) => g.to), [['ops@lab.test']]);
    } finally {
      await r.stop();
      await s.close();
    }
  });
});
