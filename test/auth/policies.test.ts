// Policies over REST: each command needs the policies its declaration names, and the REST
// replies for a missing one are exactly the spec's (sections 5 and 7).

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { client, error, startRouter, type TestRouter } from '../helpers/router.js';
import { logOf, makeUser, type Client } from './setup.js';

let r: TestRouter;
let admin: Client;
before(async () => { r = await startRouter(); admin = client(r.port); });
after(() => r.stop());

const NOT_ENOUGH = error(500, 'Internal Server Error', 'not enough permissions (9)');
const MISSING_ID = error(400, 'Bad Request', 'missing or invalid resource identifier');

/** Whether a command some other part of the router provides is there yet. */

describe('logging in to REST', () => {
  test('a group without rest-api is refused like a wrong password: 401 with the challenge, and a login failure', async () => {
    const u = await makeUser(admin, 'norest', 'read,write,api');
    const res = await admin.get('/rest/system/identity', u);
    assert.equal(res.status, 401);
    assert.equal(res.headers['www-authenticate'], 'Basic');
    assert.deepEqual(res.json, error(401, 'Unauthorized'));
    assert.deepEqual(await logOf(admin, 'norest'), ['login failure for user norest from 127.0.0.1 via rest-api']);
  });

  test('rest-api without api: 500 std failure: not allowed (9) on every request', async () => {
    const u = await makeUser(admin, 'noapi', 'read,write,rest-api');
    const notAllowed = error(500, 'Internal Server Error', 'std failure: not allowed (9)');
    assert.deepEqual((await admin.get('/rest/system/identity', u)).json, notAllowed);
    const post = await admin.post('/rest/ip/address/print', {}, u);
    assert.equal(post.status, 500);
    assert.deepEqual(post.json, notAllowed);
    assert.deepEqual((await admin.get('/rest/nosuch/menu', u)).json, notAllowed);
    // The REST login stands; the router's API login behind it is what was refused.
    assert.deepEqual(await logOf(admin, 'noapi'), [
      'user noapi logged in from 127.0.0.1 via rest-api',
      'login failure for user noapi via api',
    ]);
  });
});

describe('policies of commands', () => {
  test('read is needed to print: GET and POST print without it are 500 not enough permissions (9)', async () => {
    const u = await makeUser(admin, 'noread', 'write,api,rest-api');
    for (const res of [
      await admin.get('/rest/ip/address', u),
      await admin.get('/rest/ip/address/*1', u),
      await admin.get('/rest/system/identity', u),
      await admin.post('/rest/ip/address/print', {}, u),
    ]) {
      assert.equal(res.status, 500);
      assert.deepEqual(res.json, NOT_ENOUGH);
    }
  });

  test('write is needed to change: PUT and POST are 500, PATCH and DELETE 400 missing or invalid resource identifier', async () => {
    const u = await makeUser(admin, 'reader', 'read,api,rest-api');
    const before = (await admin.get('/rest/ip/address')).json;
    const put = await admin.put('/rest/ip/address', { address: '10.9.9.1/24', interface: 'ether3' }, u);
    assert.equal(put.status, 500);
    assert.deepEqual(put.json, NOT_ENOUGH);
    assert.deepEqual((await admin.post('/rest/ip/address/add', { address: '10.9.9.1/24', interface: 'ether3' }, u)).json, NOT_ENOUGH);
    assert.deepEqual((await admin.post('/rest/ip/address/set', { '.id': '*1', comment: 'x' }, u)).json, NOT_ENOUGH);
    assert.deepEqual((await admin.post('/rest/system/identity/set', { name: 'x' }, u)).json, NOT_ENOUGH);
    const patch = await admin.patch('/rest/ip/address/*1', { comment: 'x' }, u);
    assert.equal(patch.status, 400);
    assert.deepEqual(patch.json, MISSING_ID);
    const del = await admin.delete('/rest/ip/address/*1', u);
    assert.equal(del.status, 400);
    assert.deepEqual(del.json, MISSING_ID);
    assert.deepEqual((await admin.get('/rest/ip/address')).json, before);
    assert.equal((await admin.get('/rest/system/identity')).json.name, 'MikroTik');
    // Reading is all this user may do.
    assert.equal((await admin.get('/rest/ip/address', u)).status, 200);
  });

  test('policy is needed to change users and groups; write alone is not enough', async () => {
    const u = await makeUser(admin, 'editor', 'read,write,api,rest-api');
    assert.equal((await admin.get('/rest/user', u)).status, 200);
    assert.deepEqual((await admin.put('/rest/user', { name: 'x1', group: 'read', password: 'p' }, u)).json, NOT_ENOUGH);
    assert.deepEqual((await admin.put('/rest/user/group', { name: 'x1', policy: 'read' }, u)).json, NOT_ENOUGH);
    assert.deepEqual((await admin.patch('/rest/user/editor', { group: 'full' }, u)).json, MISSING_ID);
    assert.deepEqual((await admin.delete('/rest/user/admin', u)).json, MISSING_ID);
    assert.deepEqual((await admin.post('/rest/user/group/set', { '.id': 'g-editor', policy: 'policy' }, u)).json, NOT_ENOUGH);

    const boss = await makeUser(admin, 'boss', 'read,write,policy,api,rest-api');
    const made = await admin.put('/rest/user', { name: 'x2', group: 'read', password: 'p' }, boss);
    assert.equal(made.status, 201);
    assert.equal((await admin.delete('/rest/user/x2', boss)).status, 204);
  });

  test('password is needed for /password', async () => {
    const u = await makeUser(admin, 'nopw', 'read,write,api,rest-api', 'old');
    const body = { 'old-password': 'old', 'new-password': 'new', 'confirm-new-password': 'new' };
    assert.deepEqual((await admin.post('/rest/password', body, u)).json, NOT_ENOUGH);
    const v = await makeUser(admin, 'haspw', 'password,api,rest-api', 'old');
    const res = await admin.post('/rest/password', body, v);
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, []);
  });

  test('test is needed for ping', async () => {
    const without = await makeUser(admin, 'noping', 'read,write,api,rest-api');
    assert.deepEqual((await admin.post('/rest/ping', { address: '127.0.0.1', count: '1' }, without)).json, NOT_ENOUGH);
    const withTest = await makeUser(admin, 'pinger', 'read,test,api,rest-api');
    assert.equal((await admin.post('/rest/ping', { address: '127.0.0.1', count: '1' }, withTest)).status, 200);
  });

  test('ftp and test are needed to read files', async () => {
    const body = { file: 'nosuch.txt', 'chunk-size': '10', offset: '0' };
    for (const policy of ['read,api,rest-api', 'read,ftp,api,rest-api', 'read,test,api,rest-api']) {
      const u = await makeUser(admin, `fr${policy.length}`, policy);
      assert.deepEqual((await admin.post('/rest/file/read', body, u)).json, NOT_ENOUGH, policy);
    }
    const both = await makeUser(admin, 'freader', 'read,ftp,test,api,rest-api');
    // Let through: the file store itself answers (there is no such file).
    assert.deepEqual((await admin.post('/rest/file/read', body, both)).json,
      { detail: 'failure: no such file', error: 400, message: 'Bad Request' });
  });

  test('ftp is needed to write files (export to a file)', async () => {
    const u = await makeUser(admin, 'noftp', 'read,write,api,rest-api');
    assert.deepEqual((await admin.post('/rest/export', { file: 'cfg' }, u)).json, NOT_ENOUGH);
    const v = await makeUser(admin, 'ftper', 'read,write,ftp,api,rest-api');
    assert.equal((await admin.post('/rest/export', { file: 'cfg' }, v)).status, 200);
  });
});
