// The API protocol over a real socket, byte for byte: framing, login, replies, traps, tags,
// listen and /cancel, queries, streaming and the version quirks. The router's answers are
// read by a client of the tests' own (./client.ts); REST is used only to look at the router.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { client, startRouter, type TestRouter } from '../helpers/router.js';
import { freePort } from '../services/helpers.js';
import { ApiClient, encode, encodeLength, records } from './client.js';

let r: TestRouter;
let legacy: TestRouter;
const apiPort = () => r.router.bound.api!;
const rest = () => client(r.port);

async function session(router = r): Promise<ApiClient> {
  const c = await ApiClient.connect(router.router.bound.api!);
  await c.login();
  return c;
}

before(async () => {
  [r, legacy] = await Promise.all([startRouter(), startRouter({ rosVersion: '7.17' })]);
});
after(async () => { await Promise.all([r.stop(), legacy.stop()]); });

describe('framing', () => {
  test('a reply sentence comes as one whole write: the login\'s !done is exactly its bytes', async () => {
    const c = await ApiClient.connect(apiPort());
    c.send('/login', '=name=admin', '=password=');
    assert.deepEqual(await c.read(), ['!done']);
    assert.deepEqual(Buffer.concat(c.chunks), Buffer.from([0x05, ...Buffer.from('!done'), 0x00]));
    c.close();
  });

  test('words of every length form (1, 2, 3 and 4 bytes) are read and written', async () => {
    const c = await session();
    const lengths: number[] = [];
    for (const size of [100, 200, 20_000, 0x200000]) {
      const comment = 'c'.repeat(size);
      const [added] = await c.call('/ip/firewall/address-list/add', '=list=long', `=address=10.9.0.${size % 250}`, `=comment=${comment}`);
      assert.equal(added[0], '!done');
      const id = added[1].slice(5);
      c.chunks.length = 0;
      const reply = await c.call('/ip/firewall/address-list/print', `?.id=${id}`, '=.proplist=comment');
      assert.deepEqual(records(reply), [{ comment }]);
      const word = `=comment=${comment}`;
      const expected = Buffer.concat([encodeLength(word.length), Buffer.from(word)]);
      assert.ok(Buffer.concat(c.chunks).includes(expected), `length form of ${word.length}`);
      lengths.push(encodeLength(word.length).length);
    }
    assert.deepEqual(lengths, [1, 2, 3, 4]);
    c.close();
  });

  test('a word\'s length counts the bytes of its UTF-8, not its characters; .tag ends the reply', async () => {
    const c = await session();
    const comment = 'Küche — 東京 ☕'.repeat(9);
    const [added] = await c.call('/ip/firewall/address-list/add', '=list=utf', '=address=10.9.1.1', `=comment=${comment}`);
    const id = added[1].slice(5);
    c.chunks.length = 0;
    c.send('/ip/firewall/address-list/print', `?.id=${id}`, '=.proplist=comment', '.tag=t7');
    const reply = [await c.read(), await c.read()];
    assert.deepEqual(reply, [['!re', `=comment=${comment}`, '.tag=t7'], ['!done', '.tag=t7']]);
    const word = Buffer.from(`=comment=${comment}`);
    assert.ok(word.length > 0x80 && word.length !== `=comment=${comment}`.length);
    const expected = Buffer.concat([encode(['!re', `=comment=${comment}`, '.tag=t7']), encode(['!done', '.tag=t7'])]);
    assert.deepEqual(Buffer.concat(c.chunks), expected);
    c.close();
  });

  test('a sentence split across many writes, and several in one write, are read alike', async () => {
    const c = await ApiClient.connect(apiPort());
    const bytes = Buffer.concat([encode(['/login', '=name=admin', '=password=']), encode(['/system/identity/print', '.tag=i'])]);
    for (const b of bytes) c.socket.write(Buffer.from([b]));
    assert.deepEqual(await c.read(), ['!done']);
    assert.deepEqual(await c.read(), ['!re', '=name=MikroTik', '.tag=i']);
    assert.deepEqual(await c.read(), ['!done', '.tag=i']);
    c.close();
  });

  test('a control byte where a length should be ends the session with !fatal; the router goes on', async () => {
    const c = await ApiClient.connect(apiPort());
    c.socket.write(Buffer.from([0xf8, 0, 0]));
    const fatal = await c.read();
    assert.equal(fatal[0], '!fatal');
    assert.ok(await c.closedByRouter());
    const d = await session();
    assert.equal((await d.call('/system/identity/print'))[0][0], '!re');
    d.close();
  });
});

describe('login', () => {
  test('a bare /login gets the old challenge (32 hex digits) and a =response= is refused', async () => {
    const c = await ApiClient.connect(apiPort());
    const [challenge] = await c.call('/login');
    assert.equal(challenge[0], '!done');
    assert.match(challenge[1], /^=ret=[0-9a-f]{32}$/);
    assert.deepEqual(await c.call('/login', '=name=admin', '=response=00112233445566778899aabbccddeeff00'),
      [['!trap', '=message=invalid user name or password (6)'], ['!done']]);
    c.close();
  });

  test('a wrong password or an unknown user is refused with the router\'s words; the connection stays', async () => {
    const c = await ApiClient.connect(apiPort());
    const refused = [['!trap', '=message=invalid user name or password (6)'], ['!done']];
    assert.deepEqual(await c.call('/login', '=name=admin', '=password=wrong'), refused);
    assert.deepEqual(await c.call('/login', '=name=nobody', '=password='), refused);
    assert.deepEqual(await c.call('/system/identity/print'), [['!trap', '=message=not logged in'], ['!done']]);
    await c.login();
    assert.deepEqual(await c.call('/system/identity/print'), [['!re', '=name=MikroTik'], ['!done']]);
    c.close();
  });

  test('a user whose group lacks `api` is refused; the session shows in /user/active and the log', async () => {
    assert.equal((await rest().put('/rest/user/group', { name: 'noapi', policy: 'read,rest-api' })).status, 201);
    assert.equal((await rest().put('/rest/user', { name: 'kim', group: 'noapi', password: 'pw' })).status, 201);
    const c = await ApiClient.connect(apiPort());
    assert.equal((await c.call('/login', '=name=kim', '=password=pw'))[0][0], '!trap');
    await c.login();
    const active = records(await c.call('/user/active/print', '?via=api', '=.proplist=name,address,via'));
    assert.ok(active.some((a) => a.name === 'admin' && a.address === '127.0.0.1' && a.via === 'api'), JSON.stringify(active));
    const log = (await rest().get('/rest/log')).json.map((l: { message: string }) => l.message);
    assert.ok(log.includes('login failure for user kim from 127.0.0.1 via api'));
    assert.ok(log.includes('user admin logged in from 127.0.0.1 via api'));
    const before = active.length;
    c.close();
    // The connection closed: its login ends with it.
    const d = await session();
    for (let i = 0; i < 100; i++) {
      const now = records(await d.call('/user/active/print', '?via=api'));
      if (now.length === before) break; // d's own login replaces c's
      await new Promise((ok) => setTimeout(ok, 20));
    }
    assert.equal(records(await d.call('/user/active/print', '?via=api')).length, before);
    assert.ok((await rest().get('/rest/log')).json.some((l: { message: string }) => l.message === 'user admin logged out from 127.0.0.1 via api'));
    d.close();
  });
});

describe('replies', () => {
  test('add answers =ret=*ID, print one !re per record, count-only a number, and empty values are left out', async () => {
    const c = await session();
    const [added] = await c.call('/ip/firewall/address-list/add', '=list=reply', '=address=10.1.0.1');
    assert.match(added.join(' '), /^!done =ret=\*[0-9A-F]+$/);
    const id = added[1].slice(5);
    const printed = records(await c.call('/ip/firewall/address-list/print', '?list=reply'));
    assert.deepEqual(printed.map((p) => [p['.id'], p.address, p.list, 'comment' in p]), [[id, '10.1.0.1', 'reply', false]]);
    assert.deepEqual(await c.call('/ip/firewall/address-list/print', '=count-only=', '?list=reply'), [['!done', '=ret=1']]);
    c.close();
  });

  test('a print or getall that matches nothing answers !empty then !done (7.18 and later); 7.17 answers !done', async () => {
    const c = await session();
    assert.deepEqual(await c.call('/ip/firewall/address-list/print', '?list=none-such'), [['!empty'], ['!done']]);
    assert.deepEqual(await c.call('/ip/firewall/address-list/getall', '?list=none-such'), [['!empty'], ['!done']]);
    c.send('/ip/firewall/address-list/print', '?list=none-such', '.tag=e');
    assert.deepEqual(await c.until('e'), [['!empty', '.tag=e'], ['!done', '.tag=e']]);
    c.close();
    const old = await session(legacy);
    assert.deepEqual(await old.call('/ip/firewall/address-list/print', '?list=none-such'), [['!done']]);
    assert.equal(records(await old.call('/system/resource/print'))[0].version, '7.17 (stable)');
    old.close();
  });

  test('a failure is !trap with =category= and =message=, then !done; the connection goes on', async () => {
    const c = await session();
    assert.deepEqual(await c.call('/ip/address/add', '=address=10.2.0.1/24', '=interface=asdf'),
      [['!trap', '=category=1', '=message=input does not match any value of interface'], ['!done']]);
    assert.deepEqual(await c.call('/ip/nothing/print'), [['!trap', '=category=0', '=message=no such command or directory (nothing)'], ['!done']]);
    assert.deepEqual(await c.call('/ip/address/set', '=.id=*999', '=comment=x'), [['!trap', '=category=0', '=message=no such item'], ['!done']]);
    assert.deepEqual(await c.call('/system/identity/print'), [['!re', '=name=MikroTik'], ['!done']]);
    c.close();
  });

  test('/quit answers !fatal "session terminated on request" and the router closes', async () => {
    const c = await session();
    assert.deepEqual(await c.call('/quit'), [['!fatal', 'session terminated on request']]);
    assert.ok(await c.closedByRouter());
  });

  test('a client that half-closes has its session closed; an idle one is kept', async () => {
    const idle = await session();
    const c = await session();
    c.socket.end();
    assert.ok(await c.closedByRouter());
    await new Promise((ok) => setTimeout(ok, 300));
    assert.equal(idle.closed, false);
    assert.deepEqual(await idle.call('/system/identity/print'), [['!re', '=name=MikroTik'], ['!done']]);
    idle.close();
  });
});

describe('tags', () => {
  test('.tag is echoed on every reply of its command; an untagged command\'s replies have none', async () => {
    const c = await session();
    c.send('/ip/address/print', '=.proplist=address', '.tag=7');
    assert.deepEqual(await c.until('7'), [['!re', '=address=192.168.88.1/24', '.tag=7'], ['!done', '.tag=7']]);
    assert.deepEqual(await c.call('/ip/address/print', '=.proplist=address'), [['!re', '=address=192.168.88.1/24'], ['!done']]);
    c.close();
  });

  test('an unknown command, such as a client\'s `#` keep-alive, gets a tagged !trap and !done', async () => {
    const c = await session();
    c.send('#', '.tag=k');
    assert.deepEqual(await c.until('k'), [['!trap', '=category=0', '=message=no such command prefix', '.tag=k'], ['!done', '.tag=k']]);
    assert.deepEqual(await c.call('/system/identity/print'), [['!re', '=name=MikroTik'], ['!done']]);
    c.close();
  });

  test('listen runs beside other tagged commands; /cancel ends it: !trap interrupted, the cancel\'s !done, its !done', async () => {
    const c = await session();
    c.send('/ip/firewall/address-list/listen', '.tag=L');
    c.send('/ip/firewall/address-list/add', '=list=watched', '=address=10.3.0.1', '.tag=A');
    const seen: string[][] = [];
    let id = '';
    while (seen.filter((s) => s.includes('.tag=L')).length < 1 || !id) {
      const s = await c.read();
      seen.push(s);
      if (s.includes('.tag=A') && s[0] === '!done') id = s[1].slice(5);
    }
    const change = seen.find((s) => s.includes('.tag=L'))!;
    assert.equal(change[0], '!re');
    assert.ok(change.includes(`=.id=${id}`) && change.includes('=list=watched') && change.includes('=address=10.3.0.1'), change.join(' '));
    c.send('/ip/firewall/address-list/remove', `=.id=${id}`, '.tag=R');
    const afterRemove = [await c.read(), await c.read()];
    assert.deepEqual(afterRemove.find((s) => s.includes('.tag=R')), ['!done', '.tag=R']);
    assert.deepEqual(afterRemove.find((s) => s.includes('.tag=L')), ['!re', `=.id=${id}`, '=.dead=true', '.tag=L']);
    c.send('/cancel', '=tag=L', '.tag=C');
    assert.deepEqual([await c.read(), await c.read(), await c.read()], [
      ['!trap', '=category=2', '=message=interrupted', '.tag=L'], ['!done', '.tag=C'], ['!done', '.tag=L'],
    ]);
    c.close();
  });

  test('a listen sees only its own menu\'s records where menus share a table (/interface/vlan within /interface)', async () => {
    const c = await session();
    c.send('/interface/vlan/listen', '=.proplist=name,vlan-id', '.tag=V');
    assert.deepEqual(await c.call('/interface/set', '=.id=ether2', '=comment=not a vlan'), [['!done']]);
    c.send('/interface/vlan/add', '=name=v7', '=vlan-id=7', '=interface=ether2');
    const got = [await c.read(), await c.read()];
    assert.equal(got.find((x) => !x.includes('.tag=V'))?.[0], '!done');
    // The first thing the listen tells is the new VLAN: nothing about ether2.
    assert.deepEqual(got.find((x) => x.includes('.tag=V')), ['!re', '=name=v7', '=vlan-id=7', '.tag=V']);
    c.send('/cancel', '=tag=V');
    assert.deepEqual((await c.until('V')).map((x) => x[0]), ['!trap', '!done', '!done']);
    c.close();
  });

  test('ping streams its records as they happen, and /cancel stops it', async () => {
    const c = await session();
    const start = Date.now();
    c.send('/ping', '=address=127.0.0.1', '=count=3', '=interval=300ms', '.tag=p');
    const first = await c.read();
    const firstAt = Date.now() - start;
    const rest = await c.until('p');
    const all = [first, ...rest];
    assert.deepEqual(all.map((s) => s[0]), ['!re', '!re', '!re', '!done']);
    assert.ok(all.slice(0, 3).every((s) => s.includes('=host=127.0.0.1') && s.includes('.tag=p')));
    assert.ok(firstAt < 250 && Date.now() - start >= 550, `first after ${firstAt} ms, all after ${Date.now() - start} ms`);
    c.send('/ping', '=address=127.0.0.1', '=interval=200ms', '.tag=q');
    assert.equal((await c.read())[0], '!re');
    c.send('/cancel', '=tag=q');
    const ended = await c.until('q');
    assert.deepEqual(ended.slice(-3), [['!trap', '=category=2', '=message=interrupted', '.tag=q'], ['!done'], ['!done', '.tag=q']]);
    c.close();
  });
});

describe('queries and records', () => {
  let c: ApiClient;
  const ids: Record<string, string> = {};
  before(async () => {
    c = await session();
    for (const [address, comment, disabled] of [['10.5.0.1', 'a', 'no'], ['10.5.0.2', '', 'yes'], ['10.5.0.3', 'c', 'no']] as const) {
      const words = ['/ip/firewall/address-list/add', '=list=q', `=address=${address}`, `=disabled=${disabled}`];
      if (comment) words.push(`=comment=${comment}`);
      ids[address] = (await c.call(...words))[0][1].slice(5);
    }
  });
  after(() => c.close());
  const addresses = async (...query: string[]) =>
    records(await c.call('/ip/firewall/address-list/print', '?list=q', ...query, '=.proplist=address')).map((x) => x.address);

  test('?name=value, ?=name=value, ?name, ?-name, ?< and ?>', async () => {
    assert.deepEqual(await addresses('?address=10.5.0.2'), ['10.5.0.2']);
    assert.deepEqual(await addresses('?=address=10.5.0.3'), ['10.5.0.3']);
    assert.deepEqual(await addresses('?comment'), ['10.5.0.1', '10.5.0.3']);
    assert.deepEqual(await addresses('?-comment'), ['10.5.0.2']);
    assert.deepEqual(await addresses('?<address=10.5.0.2'), ['10.5.0.1']);
    assert.deepEqual(await addresses('?>address=10.5.0.1'), ['10.5.0.2', '10.5.0.3']);
  });

  test('?#| ?#& ?#! work on the stack and what remains is ANDed; booleans read yes/no and come back true/false', async () => {
    assert.deepEqual(await addresses('?address=10.5.0.1', '?address=10.5.0.3', '?#|'), ['10.5.0.1', '10.5.0.3']);
    assert.deepEqual(await addresses('?comment', '?disabled=no', '?#&'), ['10.5.0.1', '10.5.0.3']);
    assert.deepEqual(await addresses('?comment', '?#!'), ['10.5.0.2']);
    assert.deepEqual(await addresses('?address=10.5.0.1', '?address=10.5.0.2', '?#|', '?disabled=yes'), ['10.5.0.2']);
    const shown = records(await c.call('/ip/firewall/address-list/print', '?list=q', '=.proplist=disabled'));
    assert.deepEqual(shown.map((x) => x.disabled), ['false', 'true', 'false']);
  });

  test('=.proplist= narrows records; =.id=*A,*B and =numbers= choose records for set and remove', async () => {
    const one = records(await c.call('/ip/firewall/address-list/print', `?.id=${ids['10.5.0.1']}`, '=.proplist=.id,list'));
    assert.deepEqual(one, [{ '.id': ids['10.5.0.1'], list: 'q' }]);
    assert.deepEqual(await c.call('/ip/firewall/address-list/set', `=.id=${ids['10.5.0.1']},${ids['10.5.0.2']}`, '=comment=both'), [['!done']]);
    assert.deepEqual(records(await c.call('/ip/firewall/address-list/print', '?comment=both', '=.proplist=address')).map((x) => x.address), ['10.5.0.1', '10.5.0.2']);
    assert.deepEqual(await c.call('/ip/firewall/address-list/set', `=numbers=${ids['10.5.0.3']}`, '=disabled=yes'), [['!done']]);
    assert.deepEqual(await addresses('?disabled=true'), ['10.5.0.2', '10.5.0.3']);
    assert.deepEqual(await c.call('/ip/firewall/address-list/remove', `=.id=${ids['10.5.0.1']},${ids['10.5.0.3']}`), [['!done']]);
    assert.deepEqual(await addresses(), ['10.5.0.2']);
  });
});

describe('users, limits and the service', () => {
  test('a user without `write` gets the router\'s refusal for add; reading works', async () => {
    assert.equal((await rest().put('/rest/user', { name: 'reader', group: 'read', password: 'pw' })).status, 201);
    const c = await ApiClient.connect(apiPort());
    await c.login('reader', 'pw');
    assert.deepEqual(await c.call('/ip/firewall/address-list/add', '=list=x', '=address=10.4.0.1'), [['!trap', '=message=not enough permissions (9)'], ['!done']]);
    assert.deepEqual(await c.call('/system/identity/print'), [['!re', '=name=MikroTik'], ['!done']]);
    c.close();
  });

  test('a listen on /user/active shows another API login as it happens, and its end as .dead', async () => {
    const c = await session();
    c.send('/user/active/listen', '.tag=u');
    const other = await ApiClient.connect(apiPort());
    await other.login();
    const shown = await c.read();
    assert.equal(shown[0], '!re');
    assert.ok(shown.includes('=via=api') && shown.includes('=address=127.0.0.1') && shown.includes('.tag=u'), shown.join(' '));
    const id = shown.find((w) => w.startsWith('=.id='))!;
    other.close();
    assert.deepEqual(await c.read(), ['!re', id, '=.dead=true', '.tag=u']);
    c.close();
  });

  test('tagged commands run side by side: a streaming /ping holds back no print sent after it, of the same user or another (issue 27)', async () => {
    assert.equal((await rest().put('/rest/user', { name: 'other', group: 'full', password: 'pw' })).status, 201);
    const c = await session();
    const d = await ApiClient.connect(apiPort());
    await d.login('other', 'pw');
    const start = Date.now();
    c.send('/ping', '=address=127.0.0.1', '=count=3', '=interval=300ms', '.tag=slow');
    c.send('/system/identity/print', '.tag=quick');
    d.send('/system/identity/print', '.tag=beside');
    assert.deepEqual(await d.until('beside'), [['!re', '=name=MikroTik', '.tag=beside'], ['!done', '.tag=beside']]);
    const quick = await c.until('quick');
    const quickAt = Date.now() - start;
    assert.deepEqual(quick.filter((s) => s.includes('.tag=quick')), [['!re', '=name=MikroTik', '.tag=quick'], ['!done', '.tag=quick']]);
    const slow = [...quick, ...await c.until('slow')].filter((s) => s.includes('.tag=slow'));
    const slowAt = Date.now() - start;
    assert.deepEqual(slow.map((s) => s[0]), ['!re', '!re', '!re', '!done']);
    // Before: the print waited for the whole ping (about 600 ms).
    assert.ok(quickAt < 250 && slowAt >= 550, `print after ${quickAt} ms, ping done after ${slowAt} ms`);
    c.close();
    d.close();
  });

  test('the request limit ends a command that runs too long with a trap; the session goes on', async () => {
    const short = await startRouter({ requestLimitMs: 300 });
    try {
      const c = await session(short);
      const start = Date.now();
      const reply = await c.call('/ping', '=address=127.0.0.1', '=interval=100ms');
      assert.deepEqual(reply.slice(-2), [['!trap', '=category=2', '=message=Session closed'], ['!done']]);
      assert.ok(reply.slice(0, -2).every((s) => s[0] === '!re') && reply.length >= 4, JSON.stringify(reply));
      assert.ok(Date.now() - start < 1500);
      assert.deepEqual(await c.call('/system/identity/print'), [['!re', '=name=MikroTik'], ['!done']]);
      c.close();
    } finally {
      await short.stop();
    }
  });

  test('available-from of /ip/service api resets other clients; a port change is followed', async () => {
    const id = (await rest().get('/rest/ip/service/api')).json['.id'];
    assert.equal((await rest().patch(`/rest/ip/service/${id}`, { 'available-from': '127.0.0.2' })).status, 200);
    await r.router.services!.settled();
    // Reset before a word is read: the connect itself may already see it.
    const outcome = await ApiClient.connect(apiPort()).then(async (refused) => {
      refused.send('/login', '=name=admin', '=password=');
      const closed = await refused.closedByRouter();
      return closed && !refused.chunks.length ? 'reset' : 'served';
    }, (e: NodeJS.ErrnoException) => (e.code === 'ECONNRESET' ? 'reset' : e.code));
    assert.equal(outcome, 'reset');
    const allowed = await ApiClient.connect(apiPort(), { localAddress: '127.0.0.2' });
    await allowed.login();
    allowed.close();
    const moved = await freePort();
    const reply = await rest().patch(`/rest/ip/service/${id}`, { 'available-from': '', port: String(moved) });
    assert.equal(reply.status, 200, reply.text);
    await r.router.services!.settled();
    assert.equal(apiPort(), moved);
    const c = await session();
    assert.deepEqual(await c.call('/system/identity/print'), [['!re', '=name=MikroTik'], ['!done']]);
    c.close();
  });
});
