// The API face as real clients meet it, over plain TCP (api) and TLS (api-ssl, trusting only
// the router's exported CA): node-routeros (Node, the project's devDependency) against a
// router that reports 7.17, as its users test it (1.6.9 cannot read 7.18's `!empty`), and
// librouteros (Python, Debian's python3-librouteros, run by /usr/bin/python3) against 7.24.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { RouterOSAPI } from 'node-routeros';
import { client, startRouter, type TestRouter } from '../helpers/router.js';
import { routerFile, run, waitFor } from '../services/helpers.js';
import { ApiClient } from './client.js';
import fs from 'node:fs';
import path from 'node:path';
import type tls from 'node:tls';

let modern: TestRouter;
let legacy: TestRouter;
const cas = new Map<TestRouter, string>();

/** A CA and a certificate for 127.0.0.1 made on the router, and api-ssl on with it. */
async function secure(r: TestRouter) {
  const c = client(r.port);
  const signed = async (name: string, fields: Record<string, string>, ca?: string) => {
    assert.equal((await c.put('/rest/certificate', { name, 'key-size': 'prime256v1', ...fields })).status, 201);
    assert.deepEqual((await c.post('/rest/certificate/sign', { number: name, ...(ca ? { ca } : {}) })).json, []);
    await waitFor(async () => ((await c.get(`/rest/certificate/${name}`)).json['private-key'] === 'true' ? true : undefined), 15_000, `${name} signed`);
  };
  await signed('root', { 'common-name': 'api test CA', 'key-usage': 'key-cert-sign,crl-sign' });
  await signed('api', { 'common-name': 'router.lan', 'subject-alt-name': 'IP:127.0.0.1' }, 'root');
  assert.deepEqual((await c.post('/rest/certificate/export-certificate', { '.id': 'root' })).json, []);
  cas.set(r, routerFile(r.dir, 'cert_export_root.crt').toString('utf8'));
  assert.equal((await c.patch('/rest/ip/service/api-ssl', { certificate: 'api', disabled: 'no' })).status, 200);
  await r.router.services!.settled();
}

before(async () => {
  [modern, legacy] = await Promise.all([startRouter(), startRouter({ rosVersion: '7.17' })]);
  await Promise.all([secure(modern), secure(legacy)]);
});
after(async () => { await Promise.all([modern.stop(), legacy.stop()]); });

for (const secured of [false, true]) {
  const way = secured ? 'api-ssl (TLS)' : 'api';
  describe(`node-routeros 1.6.9 over ${way}`, () => {
    let api: RouterOSAPI;
    const list = secured ? 'node-tls' : 'node';
    before(async () => {
      const port = legacy.router.bound[secured ? 'api-ssl' : 'api']!;
      api = new RouterOSAPI({ host: '127.0.0.1', port, user: 'admin', password: '', timeout: 10, ...(secured ? { tls: { ca: cas.get(legacy) } } : {}) });
      await api.connect();
    });
    after(async () => { await api.close(); });

    test('logs in; add, set by .id, print with a query and .proplist, remove', async () => {
      const [added] = await api.write('/ip/firewall/address-list/add', [`=list=${list}`, '=address=10.6.0.1', '=comment=first']);
      assert.match(added.ret, /^\*[0-9A-F]+$/);
      assert.deepEqual(await api.write('/ip/firewall/address-list/set', [`=.id=${added.ret}`, '=comment=changed', '=disabled=yes']), []);
      assert.deepEqual(await api.write('/ip/firewall/address-list/print', [`?list=${list}`, '=.proplist=.id,address,comment,disabled']),
        [{ '.id': added.ret, address: '10.6.0.1', comment: 'changed', disabled: 'true' }]);
      assert.deepEqual(await api.write('/ip/firewall/address-list/print', ['=count-only=', `?list=${list}`]), [{ ret: '1' }]);
      assert.deepEqual(await api.write('/ip/firewall/address-list/remove', [`=.id=${added.ret}`]), []);
      assert.deepEqual(await api.write('/ip/firewall/address-list/print', [`?list=${list}`]), []);
    });

    test('a trap rejects with the router\'s message and the connection goes on', async () => {
      await assert.rejects(api.write('/ip/address/add', ['=address=10.6.1.1/24', '=interface=asdf']),
        { message: 'input does not match any value of interface' });
      assert.deepEqual(await api.write('/system/identity/print'), [{ name: 'MikroTik' }]);
    });

    test('tagged commands run at once: a listen sees an add made beside it, and stops with /cancel', async () => {
      const seen: Record<string, string>[] = [];
      const stream = api.stream(['/ip/firewall/address-list/listen'], (err: Error | null, packet?: Record<string, string>) => {
        if (!err && packet) seen.push(packet);
      });
      await new Promise((ok) => setTimeout(ok, 50));
      const [added] = await api.write('/ip/firewall/address-list/add', [`=list=${list}-watched`, '=address=10.6.2.1']);
      await waitFor(() => (seen.length ? true : undefined), 5000, 'listen record');
      assert.equal(seen[0]['.id'], added.ret);
      assert.equal(seen[0].list, `${list}-watched`);
      await api.write('/ip/firewall/address-list/remove', [`=.id=${added.ret}`]);
      await waitFor(() => (seen.length > 1 ? true : undefined), 5000, 'removal');
      assert.deepEqual(seen[1], { '.id': added.ret, '.dead': 'true' });
      await stream.stop();
      assert.deepEqual(await api.write('/system/identity/print'), [{ name: 'MikroTik' }]);
    });

    test('ping streams its replies as they come', async () => {
      const times: number[] = [];
      const start = Date.now();
      await new Promise<void>((resolve, reject) => {
        api.stream(['/ping', '=address=127.0.0.1', '=count=3', '=interval=200ms'], (err: Error | null, packet?: Record<string, string>) => {
          if (err) return reject(err);
          if (packet) times.push(Date.now() - start);
          if (times.length === 3) resolve();
        });
      });
      assert.equal(times.length, 3);
      assert.ok(times[2] - times[0] >= 300, `replies at ${times.join(', ')} ms`);
    });
  });
}

// librouteros 3.1 (Debian): its own login, paths, queries, traps and ping; values come back
// typed (true/false as booleans, numbers as ints) as the library reads them. It skips
// `!empty`, so it works against 7.24.
const PYTHON = String.raw`
import json, ssl, sys, time
from librouteros import connect
from librouteros.query import Key
from librouteros.exceptions import TrapError
port, secured, ca = int(sys.argv[1]), sys.argv[2] == 'tls', sys.argv[3]
kw = {}
if secured:
    ctx = ssl.create_default_context(cafile=ca)
    kw['ssl_wrapper'] = lambda s: ctx.wrap_socket(s, server_hostname='127.0.0.1')
out = {}
try:
    connect(host='127.0.0.1', username='admin', password='wrong', port=port, **kw)
except TrapError as e:
    out['bad_login'] = str(e)
api = connect(host='127.0.0.1', username='admin', password='', port=port, **kw)
lst = 'py-tls' if secured else 'py'
addr = api.path('ip', 'firewall', 'address-list')
first = addr.add(list=lst, address='10.8.0.1', comment='first')
second = addr.add(list=lst, address='10.8.0.2', disabled=True)
addr.update(**{'.id': first, 'comment': 'changed'})
out['ids'] = [first, second]
out['rows'] = [dict(r) for r in addr.select(Key('.id'), Key('address'), Key('comment'), Key('disabled')).where(Key('list') == lst)]
out['or'] = [r['address'] for r in addr.select(Key('address')).where(Key('list') == lst, Key('disabled') == True)]
out['empty'] = list(addr.select(Key('address')).where(Key('list') == 'none-such'))
try:
    addr.add(list=lst, address='not an address')
except TrapError as e:
    out['trap'] = [e.message, e.category]
addr.remove(first, second)
out['after'] = list(addr.select(Key('address')).where(Key('list') == lst))
start = time.time()
out['ping'] = [[r['host'], r['seq'], round(time.time() - start, 2)] for r in api('/ping', address='127.0.0.1', count=3, interval='200ms')]
api.close()
print(json.dumps(out))
`;

for (const secured of [false, true]) {
  describe(`librouteros (python3-librouteros) over ${secured ? 'api-ssl (TLS)' : 'api'}`, () => {
    test('login, CRUD by .id, queries, a trap, an empty print (!empty) and ping', async () => {
      const caFile = path.join(modern.dir, 'ca.pem');
      fs.writeFileSync(caFile, cas.get(modern)!);
      const port = modern.router.bound[secured ? 'api-ssl' : 'api']!;
      const result = await run('/usr/bin/python3', ['-c', PYTHON, String(port), secured ? 'tls' : 'plain', caFile]);
      assert.equal(result.code, 0, result.stderr);
      const out = JSON.parse(result.stdout);
      assert.equal(out.bad_login, 'invalid user name or password (6)');
      const [first, second] = out.ids;
      assert.match(first, /^\*[0-9A-F]+$/);
      assert.deepEqual(out.rows, [
        { '.id': first, address: '10.8.0.1', comment: 'changed', disabled: false },
        { '.id': second, address: '10.8.0.2', disabled: true },
      ]);
      assert.deepEqual(out.or, ['10.8.0.2']);
      assert.deepEqual(out.empty, []);
      assert.deepEqual(out.trap, ['invalid value for argument address', 1]);
      assert.deepEqual(out.after, []);
      assert.deepEqual(out.ping.map((p: [string, number, number]) => p.slice(0, 2)), [['127.0.0.1', 0], ['127.0.0.1', 1], ['127.0.0.1', 2]]);
      // librouteros reads a whole reply before it hands out records, so only the total shows the pace.
      assert.ok(out.ping[2][2] >= 0.35, JSON.stringify(out.ping));
    });
  });
}

describe('api-ssl follows /ip/service live', () => {
  test('a new certificate applies to the next connection; a session under way keeps going', async () => {
    const c = client(modern.port);
    const ca = cas.get(modern)!;
    const connect = () => ApiClient.connect(modern.router.bound['api-ssl']!, { tls: { ca } });
    const before = await connect();
    await before.login();
    assert.equal((before.socket as tls.TLSSocket).getPeerCertificate().subject.CN, 'router.lan');
    assert.equal((await c.put('/rest/certificate', { name: 'api2', 'common-name': 'second.lan', 'subject-alt-name': 'IP:127.0.0.1', 'key-size': 'prime256v1' })).status, 201);
    assert.deepEqual((await c.post('/rest/certificate/sign', { number: 'api2', ca: 'root' })).json, []);
    await waitFor(async () => ((await c.get('/rest/certificate/api2')).json['private-key'] === 'true' ? true : undefined), 15_000, 'api2 signed');
    assert.equal((await c.patch('/rest/ip/service/api-ssl', { certificate: 'api2' })).status, 200);
    await modern.router.services!.settled();
    const after = await connect();
    await after.login();
    assert.equal((after.socket as tls.TLSSocket).getPeerCertificate().subject.CN, 'second.lan');
    assert.deepEqual(await after.call('/system/identity/print'), [['!re', '=name=MikroTik'], ['!done']]);
    assert.deepEqual(await before.call('/system/identity/print'), [['!re', '=name=MikroTik'], ['!done']]);
    before.close();
    after.close();
  });
});
