// /file over SCP and SFTP with OpenSSH's scp and sftp: upload a script and /import it,
// download an export; the `ftp` policy is needed.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { client, readFile, startRouter } from '../helpers/router.js';
import { keyPair, scp, sftp, ssh, workDir, type Login } from './ssh-clients.js';

const SCRIPT = '/ip address add address=10.7.7.1/24 interface=ether3 comment=uploaded\n/system identity set name=scripted\n';

async function withKey(t: Awaited<ReturnType<typeof startRouter>>, dir: string, user = 'admin'): Promise<Login> {
  const key = await keyPair(dir, 'ed25519', `key-${user}`);
  const rest = client(t.port);
  assert.equal((await rest.put('/rest/file', { name: `${user}.pub`, contents: fs.readFileSync(`${key}.pub`, 'utf8') })).status, 201);
  assert.equal((await rest.post('/rest/user/ssh-keys/import', { 'public-key-file': `${user}.pub`, user })).status, 200);
  return { port: t.router.bound.ssh!, dir, key, user };
}

for (const mode of ['scp -O (the SCP protocol)', 'scp (SFTP underneath)']) {
  test(`${mode}: upload an .rsc and /import it; download an export`, async () => {
    const t = await startRouter();
    const dir = workDir();
    try {
      const l = await withKey(t, dir);
      const legacy = mode.startsWith('scp -O') ? ['-O'] : [];
      const local = path.join(dir, 'setup.rsc');
      fs.writeFileSync(local, SCRIPT);
      const up = await scp(l, [...legacy, local, 'admin@127.0.0.1:/']);
      assert.equal(up.stderr, '');
      assert.equal(up.code, 0);
      assert.equal((await ssh(l, '/file print proplist=name,type,size where name=setup.rsc')).stdout, [
        'Columns: NAME, TYPE, SIZE',
        '# NAME       TYPE    SIZE',
        `0 setup.rsc  script   ${SCRIPT.length}`,
        '',
      ].join('\r\n'));
      assert.equal((await ssh(l, '/import setup.rsc')).stdout, 'Opening script file setup.rsc\r\n\r\nScript file loaded and executed successfully\r\n');
      assert.equal((await ssh(l, ':put [/system identity get name]')).stdout, 'scripted\r\n');

      // Into a folder, under another name.
      assert.equal((await ssh(l, '/file add name=keep type=directory')).stdout, '');
      assert.equal((await scp(l, [...legacy, local, 'admin@127.0.0.1:/keep/again.rsc'])).code, 0);
      assert.equal((await client(t.port).get('/rest/file/keep%2Fagain.rsc')).json.size, String(SCRIPT.length));

      // An export made on the router comes back whole.
      assert.equal((await ssh(l, '/export file=conf')).stdout, '');
      const back = path.join(dir, 'conf.rsc');
      const down = await scp(l, [...legacy, 'admin@127.0.0.1:/conf.rsc', back]);
      assert.equal(down.code, 0);
      const text = fs.readFileSync(back, 'utf8');
      assert.match(text, /^# \d{4}-\d\d-\d\d \d\d:\d\d:\d\d by RouterOS 7\.24\n/);
      assert.match(text, /\nadd address=10\.7\.7\.1\/24 comment=uploaded interface=ether3 network=10\.7\.7\.0\n/);
      assert.equal(text, await readFile(client(t.port), 'conf.rsc'));

      // A backup (binary) comes back byte for byte: loading it on another router works.
      // The console says so, over ssh as at the prompt (routeros-facts.md 31.5).
      assert.equal((await ssh(l, '/system backup save name=b dont-encrypt=yes')).stdout, 'Configuration backup saved\r\n');
      const backup = path.join(dir, 'b.backup');
      assert.equal((await scp(l, [...legacy, 'admin@127.0.0.1:/b.backup', backup])).code, 0);
      assert.equal(fs.readFileSync(backup).length, Number((await client(t.port).get('/rest/file/b.backup')).json.size));
      assert.deepEqual(fs.readFileSync(backup), fs.readFileSync(path.join(t.dir, 'files', 'b.backup')));

      // A file that is not there.
      const none = await scp(l, [...legacy, 'admin@127.0.0.1:/nothing.rsc', path.join(dir, 'x')]);
      assert.notEqual(none.code, 0);
    } finally {
      await t.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
}

test('sftp: ls, put, get, rename, rm on /file; without the ftp policy there is no file transfer', async () => {
  const t = await startRouter();
  const dir = workDir();
  const rest = client(t.port);
  try {
    const l = await withKey(t, dir);
    const local = path.join(dir, 'up.rsc');
    fs.writeFileSync(local, SCRIPT);
    const r = await sftp(l, [`put ${local} /up.rsc`, 'mkdir /saved', 'rename /up.rsc /saved/up.rsc', 'ls -1 /saved', `get /saved/up.rsc ${path.join(dir, 'down.rsc')}`, 'rm /admin.pub', 'ls -1 /'].join('\n') + '\n');
    assert.equal(r.code, 0, r.stderr);
    // What the listings show (sftp writes its progress lines elsewhere).
    assert.equal(r.stdout.split('\n').filter((line) => !line.startsWith('sftp>')).join('\n'), ['/saved/up.rsc', '/saved', ''].join('\n'));
    assert.equal(fs.readFileSync(path.join(dir, 'down.rsc'), 'utf8'), SCRIPT);
    assert.deepEqual((await rest.get('/rest/file?.proplist=name,type')).json, [
      { name: 'saved', type: 'directory' },
      { name: 'saved/up.rsc', type: 'script' },
    ]);

    // The read group lacks ftp: logged in, but no files either way.
    assert.equal((await rest.put('/rest/user', { name: 'reader', group: 'read', password: 'r' })).status, 201);
    const reader = await withKey(t, dir, 'reader');
    assert.equal((await ssh(reader, ':put in')).stdout, 'in\r\n');
    assert.notEqual((await sftp(reader, 'ls /\n')).code, 0);
    assert.notEqual((await scp(reader, ['-O', local, 'reader@127.0.0.1:/'])).code, 0);
    assert.equal((await rest.get('/rest/file/up.rsc')).status, 404);
  } finally {
    await t.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
