// Every release and its packages, over REST as Ansible and Terraform meet them: a router of
// --ros-version V has V's menus and arguments, and the menus of the packages it has
// (docs/routeros-facts.md, "Releases and packages").

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { client, error, startRouter, tempDir } from '../helpers/router.js';
import type { RouterOptions } from '../../src/router.js';

const noSuch = (word: string) => error(400, 'Bad Request', `no such command or directory (${word})`);

async function withRouter(options: Partial<RouterOptions>, fn: (c: ReturnType<typeof client>) => Promise<void>) {
  const r = await startRouter(options);
  try { await fn(client(r.port)); } finally { await r.stop(); }
}

describe('wireless menus by release (Ansible community.routeros paths)', () => {
  test('7.12 on an 802.11ax board: /interface/wifiwave2 (its package), no /interface/wifi, and the wireless menus wifiwave2 disables are gone', async () => {
    await withRouter({ rosVersion: '7.12' }, async (c) => {
      // The board's radios, wifi1 and wifi2, are wifiwave2's interfaces (of type wifi) there.
      assert.deepEqual((await c.get('/rest/interface/wifiwave2?.proplist=name')).json, [{ name: 'wifi1' }, { name: 'wifi2' }]);
      // defconf's access point is set on them there (routeros-facts.md 31.2).
      assert.deepEqual((await c.get('/rest/interface/wifiwave2?.proplist=configuration.mode,configuration.ssid,disabled')).json,
        [1, 2].map(() => ({ 'configuration.mode': 'ap', 'configuration.ssid': 'MikroTik-000002', disabled: 'false' })));
      const put = await c.put('/rest/interface/wifiwave2/security', { name: 'sec1', 'authentication-types': 'wpa2-psk', passphrase: '12345678' });
      assert.equal(put.status, 201, put.text);
      assert.deepEqual((await c.get('/rest/interface/wifi/security')).json, noSuch('wifi'));
      assert.deepEqual((await c.get('/rest/caps-man/manager')).json, noSuch('caps-man'));
      // /interface is a table: a word that is no menu is looked up as an interface name.
      assert.equal((await c.get('/rest/interface/wifi')).status, 404);
    });
  });

  test('from 7.13: /interface/wifi, and no /interface/wifiwave2 (renamed wifi-qcom, its menu is the base system\'s /interface/wifi)', async () => {
    for (const rosVersion of ['7.13', '7.20.4', '7.24']) {
      await withRouter({ rosVersion }, async (c) => {
        assert.equal((await c.get('/rest/interface/wifi/security')).status, 200, rosVersion);
        assert.deepEqual((await c.get('/rest/interface/wifi?.proplist=name')).json, [{ name: 'wifi1' }, { name: 'wifi2' }], rosVersion);
        assert.deepEqual((await c.get('/rest/interface/wifiwave2/security')).json, noSuch('wifiwave2'), rosVersion);
      });
    }
  });

  test('7.12 on an 802.11ac board: the wireless menus are part of the routeros bundle; from 7.13 they are the wireless package\'s', async () => {
    await withRouter({ rosVersion: '7.12', board: 'hap-ac-lite' }, async (c) => {
      assert.equal((await c.get('/rest/caps-man/manager')).status, 200);
      assert.deepEqual((await c.get('/rest/system/package?.proplist=name')).json, [{ name: 'routeros' }]);
    });
    await withRouter({ rosVersion: '7.13', board: 'chr' }, async (c) => {
      assert.deepEqual((await c.get('/rest/caps-man/manager')).json, noSuch('caps-man'));
    });
    await withRouter({ rosVersion: '7.13', board: 'chr', packages: ['wireless'] }, async (c) => {
      assert.equal((await c.get('/rest/caps-man/manager')).status, 200);
    });
  });
});

describe('arguments by release (Terraform and real exports of older routers)', () => {
  test('vrrp mtu: taken up to 7.19, unknown from 7.20', async () => {
    await withRouter({ rosVersion: '7.19' }, async (c) => {
      const put = await c.put('/rest/interface/vrrp', { name: 'v1', interface: 'ether2', mtu: '1400' });
      assert.equal(put.status, 201, put.text);
      assert.equal(put.json.mtu, '1400');
    });
    await withRouter({ rosVersion: '7.20' }, async (c) => {
      assert.deepEqual((await c.put('/rest/interface/vrrp', { name: 'v1', interface: 'ether2', mtu: '1400' })).json, error(400, 'Bad Request', 'unknown parameter mtu'));
    });
  });

  test('bgp connection address-families up to 7.18; ssh always-allow-password-login up to 7.20; logging bsd-syslog up to 7.17', async () => {
    await withRouter({ rosVersion: '7.18.2' }, async (c) => {
      const put = await c.put('/rest/routing/bgp/connection', { name: 'p1', 'remote.address': '10.0.0.1', 'local.role': 'ebgp', as: '65001', 'address-families': 'ip' });
      assert.equal(put.status, 201, put.text);
    });
    await withRouter({ rosVersion: '7.19' }, async (c) => {
      assert.deepEqual((await c.put('/rest/routing/bgp/connection', { name: 'p1', 'remote.address': '10.0.0.1', 'local.role': 'ebgp', as: '65001', 'address-families': 'ip' })).json,
        error(400, 'Bad Request', 'unknown parameter address-families'));
    });
    await withRouter({ rosVersion: '7.20' }, async (c) => {
      assert.equal((await c.post('/rest/ip/ssh/set', { 'always-allow-password-login': 'yes' })).status, 200);
    });
    await withRouter({ rosVersion: '7.21' }, async (c) => {
      assert.deepEqual((await c.post('/rest/ip/ssh/set', { 'always-allow-password-login': 'yes' })).json, error(400, 'Bad Request', 'unknown parameter always-allow-password-login'));
    });
    await withRouter({ rosVersion: '7.17' }, async (c) => {
      const put = await c.put('/rest/system/logging/action', { name: 'rsys', target: 'remote', remote: '10.0.0.9', 'bsd-syslog': 'yes' });
      assert.equal(put.status, 201, put.text);
    });
  });

  test('OpenVPN servers: one settings object up to 7.16, a list from 7.17 (a set without a server names none)', async () => {
    await withRouter({ rosVersion: '7.16.2' }, async (c) => {
      assert.deepEqual((await c.post('/rest/interface/ovpn-server/server/set', { port: '1195', enabled: 'yes' })).json, []);
      assert.deepEqual((await c.get('/rest/interface/ovpn-server/server?.proplist=enabled,port')).json, { enabled: 'true', port: '1195' });
    });
    await withRouter({ rosVersion: '7.17' }, async (c) => {
      assert.deepEqual((await c.post('/rest/interface/ovpn-server/server/set', { port: '1195' })).json, error(400, 'Bad Request', 'missing =numbers='));
      assert.equal((await c.put('/rest/interface/ovpn-server/server', { name: 'ovpn-server1', port: '1195' })).status, 201);
    });
  });

  test('Terraform\'s /ip/ipsec/key is a list up to 7.19; from 7.20 a directory of /ip/ipsec/key/rsa (and psk) with no print of its own', async () => {
    await withRouter({ rosVersion: '7.19' }, async (c) => assert.deepEqual((await c.get('/rest/ip/ipsec/key')).json, []));
    await withRouter({ rosVersion: '7.20' }, async (c) => {
      assert.deepEqual((await c.get('/rest/ip/ipsec/key')).json, error(400, 'Bad Request', 'no such command'));
      assert.deepEqual((await c.get('/rest/ip/ipsec/key/rsa')).json, []);
    });
  });
});

describe('the router says which release it is', () => {
  test('a patch release reports itself in /system/resource, /system/package and /system/package/update, and runs its minor\'s tree', async () => {
    await withRouter({ rosVersion: '7.12.1' }, async (c) => {
      assert.equal((await c.get('/rest/system/resource')).json.version, '7.12.1 (stable)');
      assert.deepEqual((await c.get('/rest/system/package?.proplist=name,version')).json,
        [{ name: 'routeros', version: '7.12.1' }, { name: 'wifiwave2', version: '7.12.1' }]);
      assert.equal((await c.get('/rest/system/package/update')).json['installed-version'], '7.12.1');
      // An export names the release in its first line, as `# 2026-06-02 10:15:31 by RouterOS 7.12.1`.
      const exported = (await c.post('/rest/execute', { script: '/export', 'as-string': '' })).json.ret as string;
      assert.match(exported.split('\n')[0], /^# \d{4}-\d\d-\d\d \d\d:\d\d:\d\d by RouterOS 7\.12\.1$/);
    });
  });

  test('/console/inspect describes the release\'s tree and packages', async () => {
    const inspect = (c: ReturnType<typeof client>, path: string) => c.post('/rest/console/inspect', { path, request: 'self' });
    await withRouter({ rosVersion: '7.12' }, async (c) => {
      assert.deepEqual((await inspect(c, 'interface,wifiwave2')).json, [{ name: 'wifiwave2', 'node-type': 'dir', type: 'self' }]);
      assert.deepEqual((await inspect(c, 'interface,wifi')).json, []);
    });
    await withRouter({ rosVersion: '7.24' }, async (c) => {
      assert.deepEqual((await inspect(c, 'interface,wifiwave2')).json, []);
      assert.deepEqual((await inspect(c, 'container')).json, []);
    });
    await withRouter({ rosVersion: '7.24', packages: ['container'] }, async (c) => {
      assert.deepEqual((await inspect(c, 'container')).json, [{ name: 'container', 'node-type': 'dir', type: 'self' }]);
    });
  });
});

describe('packages', () => {
  test('a CHR has routeros only; --packages adds extra packages, listed after routeros by name, with their menus', async () => {
    await withRouter({ board: 'chr' }, async (c) => {
      assert.deepEqual((await c.get('/rest/system/package?.proplist=name')).json, [{ name: 'routeros' }]);
      assert.deepEqual((await c.get('/rest/container')).json, noSuch('container'));
      assert.deepEqual((await c.get('/rest/iot/lora')).json, noSuch('iot'));
      assert.deepEqual((await c.post('/rest/container/print', {})).json, noSuch('container'));
      // The console's words for a menu it does not have.
      assert.deepEqual((await c.post('/rest/execute', { script: '/container print', 'as-string': '' })).json, { ret: 'bad command name container (line 1 column 2)' });
    });
    await withRouter({ board: 'chr', packages: ['iot', 'container'] }, async (c) => {
      assert.deepEqual((await c.get('/rest/system/package?.proplist=name,disabled')).json, [
        { disabled: 'false', name: 'routeros' }, { disabled: 'false', name: 'container' }, { disabled: 'false', name: 'iot' },
      ]);
      assert.deepEqual((await c.get('/rest/container')).json, []);
      assert.equal((await c.get('/rest/iot/lora')).status, 200);
    });
  });

  test('disable takes effect at the next reboot: scheduled until then, then disabled and its menus gone; enable brings them back at the reboot after', async () => {
    const r = await startRouter({ board: 'chr', packages: ['container'] });
    try {
      let c = client(r.port);
      assert.equal((await c.post('/rest/system/package/disable', { numbers: 'container' })).status, 200);
      assert.deepEqual((await c.get('/rest/system/package/container?.proplist=disabled,scheduled')).json, { disabled: 'false', scheduled: 'scheduled for disable' });
      assert.deepEqual((await c.get('/rest/container')).json, []);
      await r.router.restart();
      c = client(r.router.bound.www!);
      assert.deepEqual((await c.get('/rest/system/package/container?.proplist=disabled,scheduled')).json, { disabled: 'true', scheduled: '' });
      assert.deepEqual((await c.get('/rest/container')).json, noSuch('container'));
      assert.equal((await c.post('/rest/system/package/enable', { numbers: 'container' })).status, 200);
      assert.deepEqual((await c.get('/rest/system/package/container?.proplist=disabled,scheduled')).json, { disabled: 'true', scheduled: 'scheduled for enable' });
      await r.router.restart();
      c = client(r.router.bound.www!);
      assert.deepEqual((await c.get('/rest/system/package/container?.proplist=disabled,scheduled')).json, { disabled: 'false', scheduled: '' });
      assert.deepEqual((await c.get('/rest/container')).json, []);
    } finally { await r.stop(); }
  });
});

describe('upgrades and downgrades', () => {
  test('a data directory started on another release keeps what the release has, drops the rest with one log line each, and logs the upgrade or downgrade', async () => {
    const dir = tempDir();
    const notes = (log: { topics: string; message: string }[]) => log.filter((l) => /grade|dropped/.test(l.message)).map((l) => `${l.topics} ${l.message}`);
    await withRouter({ dataDir: dir, rosVersion: '7.19.4' }, async (c) => {
      assert.equal((await c.put('/rest/interface/vrrp', { name: 'v1', interface: 'ether2', mtu: '1400', priority: '200' })).status, 201);
    });
    await withRouter({ dataDir: dir, rosVersion: '7.24' }, async (c) => {
      assert.deepEqual(notes((await c.get('/rest/log')).json), [
        'system,warning /interface vrrp v1: mtu=1400 dropped, RouterOS 7.24 has no such property',
        'system,info upgraded from 7.19.4 to 7.24',
      ]);
      // The stored 1400 is gone: 7.24 shows the parent's MTU, read-only (routeros-facts.md 26.7).
      assert.deepEqual((await c.get('/rest/interface/vrrp?.proplist=name,priority,mtu')).json, [{ name: 'v1', priority: '200', mtu: '1500' }]);
    });
    await withRouter({ dataDir: dir, rosVersion: '7.12' }, async (c) => {
      assert.deepEqual(notes((await c.get('/rest/log')).json), ['system,info downgraded from 7.24 to 7.12']);
      assert.deepEqual((await c.get('/rest/interface/vrrp?.proplist=name,priority')).json, [{ name: 'v1', priority: '200' }]);
    });
    // The same release again: nothing to log.
    await withRouter({ dataDir: dir, rosVersion: '7.12' }, async (c) => {
      assert.deepEqual(notes((await c.get('/rest/log')).json), []);
    });
  });

  test('the records of a menu the new release no longer has go, one log line per value; a renamed menu (wifiwave2 -> wifi, 7.13) keeps its records both ways', async () => {
    const dir = tempDir();
    const notes = (log: { topics: string; message: string }[]) => log.filter((l) => /grade|dropped/.test(l.message)).map((l) => `${l.topics} ${l.message}`);
    await withRouter({ dataDir: dir, rosVersion: '7.12' }, async (c) => {
      assert.equal((await c.put('/rest/interface/wifiwave2/security', { name: 'sec1', 'authentication-types': 'wpa2-psk', passphrase: '12345678' })).status, 201);
      assert.equal((await c.put('/rest/system/upgrade/upgrade-package-source', { address: '10.0.0.5', user: 'admin' })).status, 201);
    });
    // /system/upgrade/upgrade-package-source is gone in 7.17.
    await withRouter({ dataDir: dir, rosVersion: '7.17' }, async (c) => {
      assert.deepEqual(notes((await c.get('/rest/log')).json), [
        'system,warning /system upgrade upgrade-package-source *1: address=10.0.0.5 dropped, RouterOS 7.17 has no such menu',
        'system,warning /system upgrade upgrade-package-source *1: user=admin dropped, RouterOS 7.17 has no such menu',
        'system,info upgraded from 7.12 to 7.17',
      ]);
      assert.deepEqual((await c.get('/rest/interface/wifi/security?.proplist=name,authentication-types')).json, [{ name: 'sec1', 'authentication-types': 'wpa2-psk' }]);
    });
    await withRouter({ dataDir: dir, rosVersion: '7.12' }, async (c) => {
      assert.deepEqual((await c.get('/rest/interface/wifiwave2/security?.proplist=name')).json, [{ name: 'sec1' }]);
      assert.deepEqual((await c.get('/rest/system/upgrade/upgrade-package-source')).json, []);
    });
  });
});
