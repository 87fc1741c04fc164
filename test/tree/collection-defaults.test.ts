// The defaults community.routeros records for each path (tree/defaults/community-routeros.json,
// derived by scripts/defaults.mjs from the collection's `_api_data.py`): each names a menu and an
// argument of the 7.24 tree, reads back as itself, and is what a blank router shows over REST
// unless the manual, a 7.24 print (src/menus/defaults.ts) or a hand declaration says otherwise.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import { COLLECTION_FILE, collectionDefaults } from '../../src/menus/defaults.js';
import { MANUAL_DEFAULTS } from './manual-defaults.js';
import { allMenus, handMenus } from '../../src/menus/index.js';
import { assertReadBack } from './defaults-file.js';
import { client, startRouter, type TestRouter } from '../helpers/router.js';

const data = JSON.parse(fs.readFileSync(COLLECTION_FILE, 'utf8'));

// The collection Debian's `ansible` installs (.ci/run), its data as JSON, read by Python itself (it is Python source).
const API_DATA = '/usr/lib/python3/dist-packages/ansible_collections/community/routeros/plugins/module_utils/_api_data.py';
const DUMP = `
import importlib.util, json, sys
spec = importlib.util.spec_from_file_location('api_data', sys.argv[1])
m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)
json.dump({'/'.join(k): {'fields': {n: {'default': f.default} for n, f in d.fields.items()}} for k, d in m.PATHS.items()}, sys.stdout)
`;
type Collection = Record<string, { fields: Record<string, { default: string | number | boolean | null }> }>;
let dumped: Collection | undefined;
const collection = (): Collection => (dumped ??= JSON.parse(execFileSync('/usr/bin/python3', ['-c', DUMP, API_DATA], { encoding: 'utf8', maxBuffer: 64 << 20 })));

describe('the collection defaults file', () => {
  test('records its source', () => {
    assert.match(data.source, /^community\.routeros [0-9.]+, plugins\/module_utils\/_api_data\.py/);
    assert.equal(data.derivedBy, 'scripts/defaults.mjs');
  });

  test('every default names an argument of the tree and reads back as itself', () => {
    const n = assertReadBack(collectionDefaults());
    // The collection 2.8.2 that Debian installs gives over 600 of them.
    assert.ok(n > 600, String(n));
  });

  test('a generated menu takes each default the collection\'s own data gives (read here from _api_data.py), unless the manual or a real print says otherwise', () => {
    // A menu declared by hand was written against real prints: the collection does not overrule it.
    const hand = new Set(handMenus.filter((m) => m.kind !== 'dir').map((m) => m.path));
    let n = 0;
    for (const [path, info] of Object.entries(collection())) {
      // What the derivation left out, each with its reason (a menu 7.24 lacks, a secret, a form the type refuses).
      const refused = data.refused[path];
      if (typeof refused === 'string' || hand.has(path)) continue;
      const menu = allMenus().find((m) => m.path === path && m.kind !== 'dir');
      assert.ok(menu, path);
      for (const [name, f] of Object.entries(info.fields)) {
        if (f.default === null || refused?.[name] !== undefined) continue;
        const printed = f.default === true ? 'true' : f.default === false ? 'false' : String(f.default);
        assert.equal(menu.fields?.[name]?.default, MANUAL_DEFAULTS[path]?.[name] ?? printed, `/${path} ${name}`);
        n++;
      }
    }
    // (447 of the collection 2.8.2 that Debian installs.)
    assert.ok(n > 400, String(n));
  });
});

describe('a blank router prints every field of a settings menu', () => {
  let r: TestRouter;
  let c: ReturnType<typeof client>;
  before(async () => { r = await startRouter(); c = client(r.port); });
  after(() => r.stop());

  // Issue 23: these answered `{}`. The values are those the 7.24.4 `export verbose` V
  // (docs/routeros-facts.md 18) writes, in REST's words.
  const expected: Record<string, Record<string, string>> = {
    'user/aaa': { accounting: 'true', 'default-group': 'read', 'exclude-groups': '', 'interim-update': '0s', 'use-radius': 'false' },
    'ip/cloud/advanced': { 'use-local-address': 'false' },
    'ppp/aaa': {
      accounting: 'true', 'enable-ipv6-accounting': 'false', 'interim-update': '0s', 'use-circuit-id-in-nas-port-id': 'false', 'use-radius': 'false',
    },
    'radius/incoming': { accept: 'false', port: '3799', vrf: 'main' },
    'system/clock/manual': { 'dst-delta': '+00:00', 'dst-end': '1970-01-01 00:00:00', 'dst-start': '1970-01-01 00:00:00', 'time-zone': '+00:00' },
    'ip/ipsec/settings': { accounting: 'true', 'ddos-cookie-threshold': '20', 'interim-update': '0s', 'xauth-use-radius': 'false' },
    'interface/pptp-server/server': {
      authentication: 'mschap1,mschap2', 'default-profile': 'default-encryption', enabled: 'false', 'keepalive-timeout': '30',
      'max-mru': '1450', 'max-mtu': '1450', mrru: 'disabled',
    },
    'user/settings': { 'minimum-categories': '0', 'minimum-password-length': '0' },
    'routing/settings': {
      'check-gateway-ping-count': '2', 'check-gateway-ping-interval': '10s', 'check-gateway-ping-timeout': '1s',
      'policy-rules': 'mangle,vrf-lookup,vrf-unreach,local,user,main', 'single-process': 'false',
    },
  };
  for (const [path, fields] of Object.entries(expected)) {
    test(`/${path}`, async () => {
      const got = (await c.get(`/rest/${path}`)).json;
      for (const [name, value] of Object.entries(fields)) assert.equal(got[name], value, name);
    });
  }

  test('the rest of those issue 23 named: every field the collection records', async () => {
    for (const path of ['ip/traffic-flow/ipfix', 'interface/sstp-server/server', 'tool/sms', 'tool/traffic-generator', 'interface/bridge/mlag']) {
      const got = (await c.get(`/rest/${path}`)).json;
      assert.notDeepEqual(got, {}, path);
      for (const [name, f] of Object.entries(collection()[path]?.fields ?? {})) {
        if (f.default === null || data.refused[path]?.[name] !== undefined) continue;
        const printed = f.default === true ? 'true' : f.default === false ? 'false' : String(f.default);
        assert.equal(got[name], MANUAL_DEFAULTS[path]?.[name] ?? printed, `${path} ${name}`);
      }
    }
    // Two as V writes them: every ipfix element on but nat-events; the traffic generator measures no reordering.
    const ipfix = (await c.get('/rest/ip/traffic-flow/ipfix')).json;
    assert.equal(ipfix['nat-events'], 'false');
    assert.equal(ipfix.bytes, 'true');
    assert.equal((await c.get('/rest/tool/traffic-generator')).json['measure-out-of-order'], 'false');
  });

  test('over the API, /user/aaa answers one record with its words (librouteros keeps it)', async () => {
    const got = (await c.post('/rest/user/aaa/print', {})).json;
    assert.equal(got.length, 1);
    assert.equal(got[0]['default-group'], 'read');
  });

  test('records get the defaults too: socks, proxy, snmp as 7.24.4 prints them', async () => {
    const socks = (await c.get('/rest/ip/socks')).json;
    assert.equal(socks['auth-method'], 'none');
    assert.equal(socks.version, '4');
    assert.equal((await c.get('/rest/ip/proxy')).json.enabled, 'false');
    const snmp = (await c.get('/rest/snmp')).json;
    assert.equal(snmp['trap-generators'], 'temp-exception');
  });
});
