// The defaults of the Terraform provider's resource schemas (tree/defaults/terraform-routeros.json,
// derived by scripts/terraform-defaults.mjs from terraform-routeros/terraform-provider-routeros):
// each names a menu and an argument of the 7.24 tree and reads back as itself, and a record added
// over REST prints them where neither the manual, a 7.24 print nor community.routeros gives one.
// The provider sends each default on every create: a default the router did not print would be a
// difference that never settles. The expected values below are the provider's `Default:` values,
// written out (docs/routeros-facts.md section 23.3).

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { TERRAFORM_FILE, terraformDefaults } from '../../src/menus/defaults.js';
import { assertReadBack } from './defaults-file.js';
import { client, startRouter, type TestRouter } from '../helpers/router.js';
import { availablePackages } from '../../src/device/packages.js';
import { NEWEST_RELEASE } from '../../src/tree/tree.js';

const data = JSON.parse(fs.readFileSync(TERRAFORM_FILE, 'utf8'));

describe('the Terraform provider defaults file', () => {
  test('records its source and commit', () => {
    assert.match(data.source, /^terraform-routeros\/terraform-provider-routeros [0-9a-f]{40}, routeros\/resource_\*\.go/);
    assert.equal(data.derivedBy, 'scripts/terraform-defaults.mjs');
  });

  test('every default names an argument of the tree and reads back as itself', () => {
    const n = assertReadBack(terraformDefaults());
    assert.ok(n > 150, String(n));
  });

  test('a value refused says why', () => {
    // resource_routing_bgp_connection.go: `add_path_out` Default "none", an argument 7.24 no longer has.
    assert.equal(data.refused['routing/bgp/connection']['add-path-out'], 'none: no argument of add or set in 7.24');
  });
});

/**
 * The provider's resources whose schemas give defaults (routeros/resource_*.go at the commit the
 * file names), by their REST path: a router with every extra package answers each.
 * (/zerotier/controller, the provider's too, is no menu of 7.24.)
 */
const RESOURCE_PATHS: readonly string[] = [
  'caps-man/aaa', 'caps-man/access-list', 'caps-man/interface', 'caps-man/manager', 'caps-man/provisioning',
  'certificate', 'container', 'interface/6to4', 'interface/bonding', 'interface/bridge/settings',
  'interface/dot1x/client', 'interface/dot1x/server', 'interface/eoip', 'interface/ethernet/switch', 'interface/gre',
  'interface/gre6', 'interface/ipip', 'interface/l2tp-server/server', 'interface/macvlan',
  'interface/ovpn-server/server', 'interface/pppoe-client', 'interface/sstp-client', 'interface/sstp-server/server',
  'interface/wifi/access-list', 'interface/wifi/provisioning', 'interface/wireless/cap', 'ip/cloud',
  'ip/cloud/advanced', 'ip/dhcp-client', 'ip/dhcp-server/config', 'ip/dhcp-server/lease', 'ip/dhcp-server/network',
  'ip/firewall/mangle', 'ip/route', 'ip/service', 'ipv6/dhcp-client', 'ipv6/firewall/filter', 'ipv6/firewall/mangle',
  'ipv6/nd', 'ipv6/route', 'ppp/aaa', 'ppp/profile', 'ppp/secret', 'radius', 'radius/incoming',
  'routing/bgp/connection', 'routing/bgp/template', 'routing/ospf/area', 'routing/ospf/instance',
  'routing/ospf/interface-template', 'routing/table', 'snmp/community', 'system/logging', 'tool/sniffer',
  'user-manager', 'user-manager/advanced', 'user-manager/attribute', 'user-manager/limitation',
  'user-manager/profile', 'user-manager/profile-limitation', 'user-manager/router', 'user-manager/user', 'user/aaa',
  'user/group', 'user/settings', 'zerotier', 'zerotier/interface',
];

describe('the provider\'s resources answer', () => {
  test('GET of each resource path the provider\'s defaults come from answers 200 on a router with every package', async () => {
    const r = await startRouter({ packages: availablePackages(NEWEST_RELEASE) });
    try {
      const c = client(r.port);
      const failed: string[] = [];
      for (const p of RESOURCE_PATHS) {
        const res = await c.get(`/rest/${p}`);
        if (res.status !== 200) failed.push(`${p}: ${res.status} ${res.text.slice(0, 80)}`);
      }
      assert.deepEqual(failed, []);
      // The list is the file's: a resource the derivation adds or loses shows here.
      assert.deepEqual([...RESOURCE_PATHS].sort(), Object.keys({ ...data.defaults, ...Object.fromEntries(Object.entries(data.refused).filter(([, v]) => typeof v !== 'string')) }).sort());
    } finally { await r.stop(); }
  });
});

describe('records added over REST print the provider\'s defaults', () => {
  let r: TestRouter;
  let c: ReturnType<typeof client>;
  before(async () => { r = await startRouter(); c = client(r.port); });
  after(() => r.stop());

  test('/radius: resource_radius.go', async () => {
    const put = await c.put('/rest/radius', { address: '192.0.2.10', service: 'ppp' });
    assert.equal(put.status, 201, put.text);
    const got = (await c.get(`/rest/radius/${put.json['.id']}`)).json;
    // accounting_backup false, accounting_port 1813, authentication_port 1812, certificate "none",
    // protocol "udp", timeout "300ms".
    assert.equal(got['accounting-backup'], 'false');
    assert.equal(got['accounting-port'], '1813');
    assert.equal(got['authentication-port'], '1812');
    assert.equal(got.certificate, 'none');
    assert.equal(got.protocol, 'udp');
    assert.equal(got.timeout, '300ms');
  });

  test('/ppp/secret: resource_ppp_secret.go', async () => {
    const put = await c.put('/rest/ppp/secret', { name: 'tf-user', password: 'x' });
    assert.equal(put.status, 201, put.text);
    const got = (await c.get(`/rest/ppp/secret/${put.json['.id']}`)).json;
    // limit_bytes_in 0, limit_bytes_out 0, profile "default", service "any".
    assert.equal(got['limit-bytes-in'], '0');
    assert.equal(got['limit-bytes-out'], '0');
    assert.equal(got.profile, 'default');
    assert.equal(got.service, 'any');
  });

  test('/routing/bgp/connection: resource_routing_bgp_connection.go, its blocks\' fields too', async () => {
    const put = await c.put('/rest/routing/bgp/connection', { name: 'peer1', as: '65000', 'remote.address': '192.0.2.20', 'local.role': 'ebgp' });
    assert.equal(put.status, 201, put.text);
    const got = (await c.get(`/rest/routing/bgp/connection/${put.json['.id']}`)).json;
    // keepalive_time "3m"; local { port = 179 }, remote { port = 179 } (a 7.18.2 `export verbose`
    // writes the same: `keepalive-time=3m ... local.port=179 ... remote.address=... .port=179`).
    assert.equal(got['keepalive-time'], '3m');
    assert.equal(got['local.port'], '179');
    assert.equal(got['remote.port'], '179');
  });

  test('/interface/6to4 and /interface/ipip: PropDscpRw, Default "inherit"', async () => {
    const sit = await c.put('/rest/interface/6to4', { name: 'sit-tf', 'remote-address': '192.0.2.1' });
    assert.equal(sit.status, 201, sit.text);
    assert.equal((await c.get(`/rest/interface/6to4/${sit.json['.id']}`)).json.dscp, 'inherit');
    const ipip = await c.put('/rest/interface/ipip', { name: 'ipip-tf', 'remote-address': '192.0.2.2' });
    assert.equal(ipip.status, 201, ipip.text);
    assert.equal((await c.get(`/rest/interface/ipip/${ipip.json['.id']}`)).json.dscp, 'inherit');
  });
});

describe('a value form the provider\'s defaults showed missing', () => {
  test('/caps-man/access-list time: a time range and the days of the week (resource_capsman_access_list.go)', async () => {
    const r = await startRouter({ packages: ['wireless'] });
    try {
      const c = client(r.port);
      const put = await c.put('/rest/caps-man/access-list', { action: 'accept' });
      assert.equal(put.status, 201, put.text);
      const got = (await c.get(`/rest/caps-man/access-list/${put.json['.id']}`)).json;
      // allow_signal_out_of_range "10s", signal_range "-120..120", time "0s-1d,sun,mon,tue,wed,thu,fri,sat".
      assert.equal(got['allow-signal-out-of-range'], '10s');
      assert.equal(got['signal-range'], '-120..120');
      assert.equal(got.time, '0s-1d,sun,mon,tue,wed,thu,fri,sat');
      // The form the provider sends is taken back as itself.
      const patch = await c.patch(`/rest/caps-man/access-list/${put.json['.id']}`, { time: '8h-17h,mon,tue' });
      assert.equal(patch.status, 200, patch.text);
      assert.equal(patch.json.time, '8h-17h,mon,tue');
      const bad = await c.patch(`/rest/caps-man/access-list/${put.json['.id']}`, { time: '8h-17h,someday' });
      assert.equal(bad.status, 400, bad.text);
    } finally { await r.stop(); }
  });
});

describe('a value form the collection\'s defaults showed missing', () => {
  test('/interface/bonding down-delay and up-delay print 0ms (real `print detail`: `down-delay=0ms up-delay=0ms`)', async () => {
    const r = await startRouter();
    try {
      const c = client(r.port);
      const put = await c.put('/rest/interface/bonding', { name: 'bond1', slaves: 'ether4,ether5' });
      assert.equal(put.status, 201, put.text);
      const got = (await c.get(`/rest/interface/bonding/${put.json['.id']}`)).json;
      assert.equal(got['down-delay'], '0ms');
      assert.equal(got['up-delay'], '0ms');
      const patch = await c.patch(`/rest/interface/bonding/${put.json['.id']}`, { 'up-delay': '0', 'down-delay': '200ms' });
      assert.equal(patch.status, 200, patch.text);
      assert.equal(patch.json['up-delay'], '0ms');
      assert.equal(patch.json['down-delay'], '200ms');
    } finally { await r.stop(); }
  });
});
