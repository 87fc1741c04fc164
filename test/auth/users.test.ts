// /user and /user/group as a REST client meets them: passwords never printed and stored
// only as salted hashes, the group policy rules, and what the router refuses to remove.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { client, startRouter, type TestRouter } from '../helpers/router.js';
import { makeUser, type Client } from './setup.js';

let r: TestRouter;
let admin: Client;
before(async () => { r = await startRouter(); admin = client(r.port); });
after(() => r.stop());

const ALL_REVOKED = '!local,!telnet,!ssh,!ftp,!reboot,!read,!write,!policy,!test,!winbox,!password,!web,!sniff,!sensitive,!api,!romon,!rest-api';

describe('/user', () => {
  test('the default user admin is in group full, and no reply carries a password', async () => {
    const res = await admin.get('/rest/user');
    assert.equal(res.status, 200);
    assert.equal(res.json.length, 1);
    assert.equal(res.json[0].name, 'admin');
    assert.equal(res.json[0].group, 'full');
    assert.equal('password' in res.json[0], false);
    const asked = await admin.post('/rest/user/print', { '.proplist': 'name,password' });
    assert.deepEqual(asked.json, [{ name: 'admin' }]);
    // Nor can a query find out anything about it.
    const hash = r.router.store.table('user').byKey.get('admin')!.values.password;
    assert.deepEqual((await admin.get(`/rest/user?password=${encodeURIComponent(hash)}`)).json, []);
    assert.deepEqual((await admin.post('/rest/user/print', { '.query': ['password>s'], 'count-only': '' })).json, { ret: '0' });
    assert.deepEqual((await admin.post('/rest/user/print', { '.query': ['password<s'], 'count-only': '' })).json, { ret: '0' });
  });

  test('a password is stored as a salted scrypt hash, never as given, and logs the user in', async () => {
    const put = await admin.put('/rest/user', { name: 'carol', group: 'read', password: 'Secret-1' });
    assert.equal(put.status, 201);
    assert.equal('password' in put.json, false);
    await admin.put('/rest/user', { name: 'carol2', group: 'read', password: 'Secret-1' });
    const stored = (name: string) => r.router.store.table('user').byKey.get(name)!.values.password;
    assert.match(stored('carol'), /^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    assert.equal(stored('carol').includes('Secret-1'), false);
    // The same password under another salt: a different hash.
    assert.notEqual(stored('carol'), stored('carol2'));
    assert.equal((await admin.get('/rest/system/identity', { user: 'carol', password: 'Secret-1' })).status, 200);
    assert.equal((await admin.get('/rest/system/identity', { user: 'carol', password: 'secret-1' })).status, 401);
    // A change to something else keeps the password; a new password replaces it.
    assert.equal((await admin.patch('/rest/user/carol', { comment: 'reader' })).status, 200);
    assert.equal((await admin.get('/rest/system/identity', { user: 'carol', password: 'Secret-1' })).status, 200);
  });

  test('the empty password is stored as the word empty, logs in with nothing, and only with nothing', async () => {
    const put = await admin.put('/rest/user', { name: 'dave', group: 'read' });
    assert.equal(put.status, 201, put.text);
    const stored = () => r.router.store.table('user').byKey.get('dave')!.values.password;
    assert.equal(stored(), 'empty');
    assert.equal((await admin.get('/rest/system/identity', { user: 'dave', password: '' })).status, 200);
    assert.equal((await admin.get('/rest/system/identity', { user: 'dave', password: 'empty' })).status, 401);
    assert.equal((await admin.patch('/rest/user/dave', { password: 'Secret-2' })).status, 200);
    assert.match(stored(), /^scrypt\$/);
    assert.equal((await admin.get('/rest/system/identity', { user: 'dave', password: '' })).status, 401);
    assert.equal((await admin.get('/rest/system/identity', { user: 'dave', password: 'Secret-2' })).status, 200);
    assert.equal((await admin.patch('/rest/user/dave', { password: '' })).status, 200);
    assert.equal(stored(), 'empty');
    assert.equal((await admin.get('/rest/system/identity', { user: 'dave', password: 'Secret-2' })).status, 401);
    assert.equal((await admin.get('/rest/system/identity', { user: 'dave', password: '' })).status, 200);
  });

  test('the last full user can neither be removed nor leave full; with a second one both work', async () => {
    const del = await admin.delete('/rest/user/admin');
    assert.equal(del.status, 400);
    const removed = await admin.post('/rest/user/remove', { '.id': 'admin' });
    assert.equal(removed.status, 400);
    assert.match(removed.json.detail, /^failure: /);
    const moved = await admin.post('/rest/user/set', { '.id': 'admin', group: 'read' });
    assert.equal(moved.status, 400);
    assert.match(moved.json.detail, /^failure: /);
    assert.equal((await admin.get('/rest/user/admin')).json.group, 'full');

    assert.equal((await admin.put('/rest/user', { name: 'root2', group: 'full', password: 'x' })).status, 201);
    assert.equal((await admin.patch('/rest/user/root2', { group: 'write' })).status, 200);
    assert.equal((await admin.patch('/rest/user/root2', { group: 'full' })).status, 200);
    assert.equal((await admin.delete('/rest/user/root2')).status, 204);
  });
});

describe('/user/group', () => {
  test('the default groups read, write and full carry the router\'s policy lists', async () => {
    const res = await admin.get('/rest/user/group?.proplist=name,policy,skin');
    assert.deepEqual(res.json.slice(0, 3), [
      { name: 'read', policy: 'local,telnet,ssh,reboot,read,test,winbox,password,web,sniff,sensitive,api,romon,rest-api,!ftp,!write,!policy', skin: 'default' },
      { name: 'write', policy: 'local,telnet,ssh,reboot,read,write,test,winbox,password,web,sniff,sensitive,api,romon,rest-api,!ftp,!policy', skin: 'default' },
      { name: 'full', policy: 'local,telnet,ssh,ftp,reboot,read,write,policy,test,winbox,password,web,sniff,sensitive,api,romon,rest-api', skin: 'default' },
    ]);
  });

  test('creating a group revokes every policy it does not list', async () => {
    const res = await admin.put('/rest/user/group', { name: 'rest-readers', policy: 'rest-api,read,api' });
    assert.equal(res.status, 201);
    assert.equal(res.json.policy, 'read,api,rest-api,!local,!telnet,!ssh,!ftp,!reboot,!write,!policy,!test,!winbox,!password,!web,!sniff,!sensitive,!romon');
    const none = await admin.put('/rest/user/group', { name: 'nothing' });
    assert.equal(none.json.policy, ALL_REVOKED);
  });

  test('a change lists only the policies to change: policy=!write revokes one and keeps the rest', async () => {
    await admin.put('/rest/user/group', { name: 'editors', policy: 'read,write,api,rest-api' });
    const revoked = await admin.patch('/rest/user/group/editors', { policy: '!write' });
    assert.equal(revoked.status, 200);
    assert.equal(revoked.json.policy, 'read,api,rest-api,!local,!telnet,!ssh,!ftp,!reboot,!write,!policy,!test,!winbox,!password,!web,!sniff,!sensitive,!romon');
    const granted = await admin.post('/rest/user/group/set', { '.id': 'editors', policy: 'test,!api' });
    assert.deepEqual(granted.json, []);
    assert.equal((await admin.get('/rest/user/group/editors')).json.policy,
      'read,test,rest-api,!local,!telnet,!ssh,!ftp,!reboot,!write,!policy,!winbox,!password,!web,!sniff,!sensitive,!api,!romon');
  });

  test('the default groups cannot be removed; another group can', async () => {
    for (const name of ['read', 'write', 'full']) {
      assert.equal((await admin.delete(`/rest/user/group/${name}`)).status, 400, name);
      const res = await admin.post('/rest/user/group/remove', { '.id': name });
      assert.equal(res.status, 400, name);
      assert.match(res.json.detail, /^failure: /);
    }
    assert.deepEqual((await admin.get('/rest/user/group?.proplist=name')).json.slice(0, 3).map((g: any) => g.name), ['read', 'write', 'full']);
    await admin.put('/rest/user/group', { name: 'temporary', policy: 'read' });
    assert.equal((await admin.delete('/rest/user/group/temporary')).status, 204);
  });

  test('a group change applies to its users\' next login', async () => {
    const u = await makeUser(admin, 'gina', 'read,api,rest-api');
    assert.equal((await admin.get('/rest/system/identity', u)).status, 200);
    // The login is kept: gina still reads until it is renewed (see logins.test.ts for renewal).
    await admin.patch('/rest/user/group/g-gina', { policy: '!read' });
    assert.equal((await admin.get('/rest/system/identity', u)).status, 200);
  });
});
