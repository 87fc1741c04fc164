import { test } from 'node:test';
import assert from 'node:assert/strict';
import { POLICIES } from '../../src/core/schema.js';
import { Store } from '../../src/core/store.js';
import { allMenus } from '../../src/menus/index.js';
import { hashPassword, verifyPassword } from '../../src/menus/user/password.js';
import { admin, boot } from '../helpers/engine.js';

const menus = allMenus();

const READ = 'local,telnet,ssh,reboot,read,test,winbox,password,web,sniff,sensitive,api,romon,rest-api,!ftp,!write,!policy';
const WRITE = 'local,telnet,ssh,reboot,read,write,test,winbox,password,web,sniff,sensitive,api,romon,rest-api,!ftp,!policy';
const FULL = 'local,telnet,ssh,ftp,reboot,read,write,policy,test,winbox,password,web,sniff,sensitive,api,romon,rest-api';

test('the default groups read, write and full with the router policy strings', async () => {
  const r = boot();
  try {
    const records = await r.print('user/group');
    assert.deepEqual(records, [
      { '.id': '*1', name: 'read', policy: READ, skin: 'default' },
      { '.id': '*2', name: 'write', policy: WRITE, skin: 'default' },
      { '.id': '*3', name: 'full', policy: FULL, skin: 'default' },
    ]);
    for (const rec of records) assert.deepEqual(Object.keys(rec), ['.id', 'name', 'policy', 'skin']);
  } finally { r.close(); }
});

test('a new group gets only the policies listed; the rest are revoked', async () => {
  const r = boot();
  try {
    await r.run('user/group', 'add', { name: 'rest', policy: 'rest-api,read,api,!ftp' });
    assert.deepEqual((await r.run('user/group', 'get', { number: 'rest' })).done, {
      '.id': '*4', name: 'rest',
      policy: 'read,api,rest-api,!local,!telnet,!ssh,!ftp,!reboot,!write,!policy,!test,!winbox,!password,!web,!sniff,!sensitive,!romon',
      skin: 'default',
    });
    await r.run('user/group', 'add', { name: 'nothing' });
    assert.equal((await r.run('user/group', 'get', { number: 'nothing', 'value-name': 'policy' })).done!.ret, POLICIES.map((p) => '!' + p).join(','));
    await assert.rejects(r.run('user/group', 'add', { name: 'bad', policy: 'read,fly' }), { message: 'input does not match any value of policy' });
  } finally { r.close(); }
});

test('changing a group touches only the policies listed: policy=!write keeps the rest', async () => {
  const r = boot();
  try {
    await r.run('user/group', 'set', { numbers: 'write', policy: '!write' });
    assert.equal((await r.run('user/group', 'get', { number: 'write', 'value-name': 'policy' })).done!.ret, READ);
    await r.run('user/group', 'set', { numbers: 'write', policy: 'write,ftp,!sniff' });
    assert.equal((await r.run('user/group', 'get', { number: 'write', 'value-name': 'policy' })).done!.ret,
      'local,telnet,ssh,ftp,reboot,read,write,test,winbox,password,web,sensitive,api,romon,rest-api,!policy,!sniff');
    // A change of another field keeps the policies as they are.
    await r.run('user/group', 'set', { numbers: 'read', comment: 'readers' });
    assert.equal((await r.run('user/group', 'get', { number: 'read', 'value-name': 'policy' })).done!.ret, READ);
  } finally { r.close(); }
});

test('default groups cannot be removed, nor a group a user belongs to', async () => {
  const r = boot();
  try {
    for (const name of ['read', 'write', 'full']) {
      await assert.rejects(r.run('user/group', 'remove', { numbers: name }), { message: 'failure: can not remove default group' });
    }
    await r.run('user/group', 'add', { name: 'ops', policy: 'read,api,rest-api' });
    await r.run('user', 'add', { name: 'bob', group: 'ops', password: 'x' });
    await assert.rejects(r.run('user/group', 'remove', { numbers: 'ops' }), { message: 'failure: group is in use' });
    await r.run('user', 'remove', { numbers: 'bob' });
    await r.run('user/group', 'remove', { numbers: 'ops' });
    assert.equal((await r.print('user/group')).length, 3);
  } finally { r.close(); }
});

test('the default user admin is in group full, shows no password, and its empty password shows as expired', async () => {
  const r = boot();
  try {
    const records = await r.print('user');
    assert.deepEqual(records, [{
      '.id': '*1', address: '', comment: 'system default user', disabled: 'false', expired: 'true', group: 'full',
      'inactivity-policy': 'none', 'inactivity-timeout': '10m', name: 'admin',
    }]);
    assert.deepEqual(Object.keys(records[0]), ['.id', 'address', 'comment', 'disabled', 'expired', 'group', 'inactivity-policy', 'inactivity-timeout', 'name']);
    const stored = r.store.table('user').byKey.get('admin')!.values.password;
    assert.ok(verifyPassword('', stored));
    assert.ok(!verifyPassword('admin', stored));
  } finally { r.close(); }
});

test('a password is stored as a salted hash and never printed', async () => {
  const r = boot();
  try {
    await r.run('user', 'add', { name: 'alice', group: 'read', password: 's3cret', address: '192.168.88.0/24' });
    const rec = (await r.run('user', 'get', { number: 'alice' })).done!;
    assert.equal(rec.password, undefined);
    assert.equal(rec.address, '192.168.88.0/24');
    assert.equal((await r.run('user', 'get', { number: 'alice', 'value-name': 'password' })).done!.ret, '');
    r.close();

    // What reached the disk.
    const again = Store.open(r.dir);
    try {
      const stored = again.table('user').rows.find((u) => u.values.name === 'alice')!.values.password;
      assert.match(stored, /^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
      assert.ok(!stored.includes('s3cret'));
      assert.ok(verifyPassword('s3cret', stored));
      assert.ok(!verifyPassword('s3cret!', stored));
    } finally { again.close(); }
  } catch (e) { r.close(); throw e; }
});

test('changing other fields keeps the password; setting it hashes the new one', async () => {
  const r = boot();
  try {
    await r.run('user', 'add', { name: 'carol', group: 'write', password: 'one' });
    const hash = () => r.store.table('user').byKey.get('carol')!.values.password;
    const first = hash();
    await r.run('user', 'set', { numbers: 'carol', comment: 'ops', 'inactivity-timeout': '1h' });
    assert.equal(hash(), first);
    await r.run('user', 'set', { numbers: 'carol', password: 'two' });
    assert.ok(verifyPassword('two', hash()));
    assert.ok(!verifyPassword('one', hash()));
    // The same password hashes differently each time: the salt is random.
    assert.notEqual(hashPassword('two'), hashPassword('two'));
    await r.run('user', 'expire-password', { numbers: 'carol' });
    assert.equal((await r.run('user', 'get', { number: 'carol', 'value-name': 'expired' })).done!.ret, 'true');
    await r.run('user', 'set', { numbers: 'carol', password: 'three' });
    assert.equal((await r.run('user', 'get', { number: 'carol', 'value-name': 'expired' })).done!.ret, 'false');
  } finally { r.close(); }
});

test('user names are unique and the group must exist', async () => {
  const r = boot();
  try {
    await assert.rejects(r.run('user', 'add', { name: 'admin', group: 'read' }), { message: 'failure: user with the same name already exists' });
    await assert.rejects(r.run('user', 'add', { name: 'dave', group: 'nope' }), { message: 'input does not match any value of group' });
    await assert.rejects(r.run('user', 'add', { name: 'dave' }), { message: 'missing =group=' });
    await assert.rejects(r.run('user', 'add', { name: 'dave', group: 'read', 'inactivity-timeout': '30s' }), { message: 'value of inactivity-timeout is out of range (00:01:00 .. 1d00:00:00)' });
    // A renamed group follows through.
    await r.run('user', 'add', { name: 'dave', group: 'read' });
    await r.run('user/group', 'set', { numbers: 'read', name: 'viewers' });
    assert.equal((await r.run('user', 'get', { number: 'dave', 'value-name': 'group' })).done!.ret, 'viewers');
  } finally { r.close(); }
});

test('the last user of group full can be neither removed nor moved out of full', async () => {
  const r = boot();
  try {
    await assert.rejects(r.run('user', 'remove', { numbers: 'admin' }), { message: 'failure: can not remove last full user' });
    await assert.rejects(r.run('user', 'set', { numbers: 'admin', group: 'read' }), { message: 'failure: can not change group of last full user' });
    await r.run('user', 'add', { name: 'root', group: 'full', password: 'pw' });
    await r.run('user', 'set', { numbers: 'admin', group: 'read' });
    await assert.rejects(r.run('user', 'remove', { numbers: 'root' }), { message: 'failure: can not remove last full user' });
    await r.run('user', 'set', { numbers: 'admin', group: 'full' });
    await r.run('user', 'remove', { numbers: 'admin' });
    assert.deepEqual((await r.print('user')).map((u) => u.name), ['root']);
  } finally { r.close(); }
});

test('user menus need the policy policy to change', async () => {
  const r = boot();
  try {
    const writer = { user: 'w', via: 'test', policies: new Set(POLICIES.filter((p) => p !== 'policy')) };
    await assert.rejects(r.engine.run({ path: ['user'], command: 'add', args: { name: 'x', group: 'read' } }, writer), { message: 'not enough permissions (9)' });
    await assert.rejects(r.engine.run({ path: ['user', 'group'], command: 'set', args: { numbers: 'read', policy: 'write' } }, writer), { message: 'not enough permissions (9)' });
    assert.equal((await r.engine.run({ path: ['user'], command: 'print', args: {} }, writer)).records.length, 1);
  } finally { r.close(); }
});
