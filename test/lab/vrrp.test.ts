// A VRRP pair in a lab (test/lab/vrrp.clab.yml): r1 (priority 200) and r2 (100) share the
// virtual address 192.168.10.1 (vrid 1) on the LAN of client c, whose default route is that
// address; server s (172.16.0.1) is behind both on a second segment. vrid 2 (192.168.10.254)
// has equal priorities; vrrp3 (10.0.0.1, the server's gateway) follows vrrp1 as a member of its
// group (group-authority). What is checked is what the routers show (routeros-facts.md 26.7):
// master and backup flags, `running` only on the master, the virtual MAC, the virtual address
// unused on the backup, traffic through the master, failover, preemption, the log lines.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiClient } from '../api/client.js';
import { startLab, until, type TestLab } from './lab.js';

type Rec = Record<string, string>;

let t: TestLab;
before(async () => { t = await startLab('vrrp.clab.yml'); });
after(() => t.stop());

/** The state fields of a VRRP interface: only those the router shows. */
async function vrrp(node: string, name: string): Promise<Rec> {
  const [row] = (await t.rest(node).get(`/rest/interface/vrrp?name=${name}`)).json as Rec[];
  const out: Rec = {};
  for (const f of ['running', 'master', 'backup', 'failure']) if (row[f] !== undefined) out[f] = row[f];
  return out;
}

const MASTER = { running: 'true', master: 'true' };
const BACKUP = { running: 'false', backup: 'true' };

const messages = async (node: string, topics: string) =>
  ((await t.rest(node).get('/rest/log')).json as Rec[]).filter((l) => l.topics === topics).map((l) => l.message);

const forwarded = async (node: string) =>
  Number(((await t.rest(node).get('/rest/ip/firewall/filter?comment=from-lan')).json as Rec[])[0].packets);

async function ping(count: number): Promise<string> {
  const replies = (await t.rest('c').post('/rest/ping', { address: '172.16.0.1', count: String(count) })).json as Rec[];
  return replies[replies.length - 1].received;
}

/** Sets fields of a VRRP interface or a port and waits until vrrp1 of r1 and r2 show `want`. */
async function settle(want: [Rec, Rec], name = 'vrrp1') {
  const both = () => Promise.all([vrrp('r1', name), vrrp('r2', name)]);
  assert.deepEqual(await until(both, (v) => JSON.stringify(v) === JSON.stringify(want)), want);
}

describe('a VRRP pair', () => {
  test('the API face shows the same: master and running on r1, backup on r2', async () => {
    await settle([MASTER, BACKUP]);
    for (const [node, state] of [['r1', ['=master=true', '=running=true']], ['r2', ['=backup=true', '=running=false']]] as const) {
      const api = await ApiClient.connect(t.port(node, 'api'));
      try {
        await api.login();
        const reply = await api.call('/interface/vrrp/print', '?name=vrrp1', '=.proplist=name,master,backup,running');
        assert.deepEqual(reply.map((s) => [s[0], ...s.slice(1).sort()]), [['!re', ...[...state, '=name=vrrp1'].sort()], ['!done']], node);
      } finally {
        api.socket.destroy();
      }
    }
  });

  test('the higher priority is master and runs; the backup does not run; the virtual MAC is 00:00:5E:00:01:<vrid>', async () => {
    await settle([MASTER, BACKUP]);
    // Read once before the checks below, as a poller would (a view kept too long would show).
    await t.rest('r2').get('/rest/ip/address');
    for (const [node, running] of [['r1', 'true'], ['r2', 'false']]) {
      const iface = (await t.rest(node).get('/rest/interface/vrrp1')).json as Rec;
      assert.deepEqual([iface.type, iface.running, iface['mac-address']], ['vrrp', running, '00:00:5E:00:01:01'], node);
      const vip = ((await t.rest(node).get('/rest/ip/address?address=192.168.10.1/32')).json as Rec[])[0];
      assert.equal(vip.invalid, running === 'true' ? 'false' : 'true', node);
    }
    assert.equal(((await t.rest('r2').get('/rest/interface/vrrp?name=vrrp2')).json as Rec[])[0]['mac-address'], '00:00:5E:00:01:02');
  });

  test('a group member (group-authority) follows its authority', async () => {
    await settle([MASTER, BACKUP], 'vrrp3');
    const flags = async (node: string, name: string) => {
      const row = ((await t.rest(node).get(`/rest/interface/vrrp?name=${name}`)).json as Rec[])[0];
      return [row['grp-authority'], row['grp-member']];
    };
    assert.deepEqual(await flags('r1', 'vrrp1'), ['true', undefined]);
    assert.deepEqual(await flags('r1', 'vrrp3'), [undefined, 'true']);
    assert.deepEqual(await flags('r1', 'vrrp2'), [undefined, undefined]);
  });

  test('the console marks the master R and M, the backup B', async () => {
    await settle([MASTER, BACKUP]);
    const print = async (node: string) => ((await t.rest(node).post('/rest/execute', { script: '/interface vrrp print', 'as-string': '' })).json.ret as string).split('\r\n');
    const r1 = await print('r1');
    // r1: vrrp1 master, vrrp2 backup.
    assert.equal(r1[0], 'Flags: G - GRP-AUTHORITY, g - GRP-MEMBER; R - RUNNING; M - MASTER, B - BACKUP');
    // vrrp1 leads the group and is master, vrrp2 is backup, vrrp3 follows vrrp1.
    assert.deepEqual(r1.filter((l) => /^\d/.test(l)).map((l) => l.slice(0, 6)), ['0 GRM ', '1   B ', '2 gRM ']);
  });

  test('equal priorities: the higher primary address is master', async () => {
    await settle([BACKUP, MASTER], 'vrrp2');
  });

  test('the log says each state', async () => {
    assert.ok((await messages('r1', 'vrrp,info')).includes('vrrp1 now MASTER, master down timer'));
    assert.ok((await messages('r1', 'vrrp,info')).includes('vrrp2 now BACKUP'));
    assert.ok((await messages('r2', 'vrrp,info')).includes('vrrp1 now BACKUP'));
    assert.ok((await messages('r2', 'vrrp,info')).includes('vrrp2 now MASTER, master down timer'));
  });

  test('the client reaches the server through the master, which answers ARP with the virtual MAC', async () => {
    await settle([MASTER, BACKUP]);
    const [r1, r2] = [await forwarded('r1'), await forwarded('r2')];
    assert.equal(await ping(3), '3');
    assert.deepEqual([await forwarded('r1') - r1, await forwarded('r2') - r2], [3, 0]);
    const arp = ((await t.rest('c').get('/rest/ip/arp')).json as Rec[]).find((a) => a.address === '192.168.10.1');
    assert.equal(arp?.['mac-address'], '00:00:5E:00:01:01');
  });

  test('the master loses its LAN port and runs on-fail: the backup takes the address over, runs on-master, the client still reaches the server; back, the master preempts', async () => {
    await settle([MASTER, BACKUP]);
    await t.rest('r1').patch('/rest/interface/ether2', { disabled: 'true' });
    try {
      await settle([{ running: 'false', failure: 'true' }, MASTER]);
      // Its group fails with it: the server's gateway (vrrp3) moves to r2 too.
      await settle([{ running: 'false', failure: 'true' }, MASTER], 'vrrp3');
      // r2's virtual address is in use now (its own configuration did not change).
      assert.equal(((await t.rest('r2').get('/rest/ip/address?address=192.168.10.1/32')).json as Rec[])[0].invalid, 'false');
      const r2 = await forwarded('r2');
      assert.equal(await ping(2), '2');
      assert.equal(await forwarded('r2') - r2, 2);
      assert.ok((await until(() => messages('r2', 'script,info'), (m) => m.includes('r2 took over'))).includes('r2 took over'));
      // r1 runs its on-fail script.
      assert.ok((await until(() => messages('r1', 'script,info'), (m) => m.includes('r1 failed'))).includes('r1 failed'));
    } finally {
      await t.rest('r1').patch('/rest/interface/ether2', { disabled: 'false' });
    }
    await settle([MASTER, BACKUP]);
    await settle([MASTER, BACKUP], 'vrrp3');
    assert.ok((await until(() => messages('r2', 'script,info'), (m) => m.includes('r2 stands by'))).includes('r2 stands by'));
    assert.equal(await ping(1), '1');
  });

  test('the master disables its VRRP interface: the backup takes over', async () => {
    await settle([MASTER, BACKUP]);
    await t.rest('r1').patch('/rest/interface/vrrp/vrrp1', { disabled: 'true' });
    try {
      await settle([{ running: 'false' }, MASTER]);
      assert.equal(await ping(1), '1');
    } finally {
      await t.rest('r1').patch('/rest/interface/vrrp/vrrp1', { disabled: 'false' });
    }
    await settle([MASTER, BACKUP]);
  });

  test('preemption-mode=no: the higher priority coming back stays backup until preemption is allowed', async () => {
    await settle([MASTER, BACKUP]);
    await t.rest('r1').patch('/rest/interface/vrrp/vrrp1', { 'preemption-mode': 'no' });
    try {
      await t.rest('r1').patch('/rest/interface/vrrp/vrrp1', { disabled: 'true' });
      await settle([{ running: 'false' }, MASTER]);
      await t.rest('r1').patch('/rest/interface/vrrp/vrrp1', { disabled: 'false' });
      await settle([BACKUP, MASTER]);
      // Still so a while later: nothing takes the running master's place.
      await new Promise((r) => setTimeout(r, 100));
      await settle([BACKUP, MASTER]);
    } finally {
      await t.rest('r1').patch('/rest/interface/vrrp/vrrp1', { 'preemption-mode': 'yes', disabled: 'false' });
    }
    await settle([MASTER, BACKUP]);
  });

  for (const [what, r2, r1] of [
    ['interval', { interval: '2s' }, {}],
    ['version', { version: '2' }, {}],
    ['version 2 password', { version: '2', authentication: 'simple', password: 'one' }, { version: '2', authentication: 'simple', password: 'two' }],
  ] as [string, Rec, Rec][]) {
    test(`settings that disagree (${what}) make both masters; agreeing again, the lower priority goes back to backup`, async () => {
      await settle([MASTER, BACKUP]);
      if (Object.keys(r1).length) await t.rest('r1').patch('/rest/interface/vrrp/vrrp1', r1);
      await t.rest('r2').patch('/rest/interface/vrrp/vrrp1', r2);
      try {
        await settle([MASTER, MASTER]);
      } finally {
        const back = { interval: '1s', version: '3', authentication: 'none', password: '' };
        await t.rest('r1').patch('/rest/interface/vrrp/vrrp1', back);
        await t.rest('r2').patch('/rest/interface/vrrp/vrrp1', back);
      }
      await settle([MASTER, BACKUP]);
    });
  }

  test('version 2 with the same password: they hear each other', async () => {
    const same = { version: '2', authentication: 'simple', password: 'same' };
    await t.rest('r2').patch('/rest/interface/vrrp/vrrp1', same);
    try {
      await settle([MASTER, MASTER]);
      await t.rest('r1').patch('/rest/interface/vrrp/vrrp1', same);
      await settle([MASTER, BACKUP]);
    } finally {
      const back = { version: '3', authentication: 'none', password: '' };
      await t.rest('r1').patch('/rest/interface/vrrp/vrrp1', back);
      await t.rest('r2').patch('/rest/interface/vrrp/vrrp1', back);
    }
    await settle([MASTER, BACKUP]);
  });

  test('the backup lists no connected route for its virtual address; the master does (routeros-facts.md 26.9)', async () => {
    await settle([MASTER, BACKUP]);
    const routes = async (node: string) => ((await t.rest(node).get('/rest/ip/route?dst-address=192.168.10.1/32')).json as Rec[])
      .map((r) => [r.gateway, r.connect, r.active]);
    assert.deepEqual(await routes('r1'), [['vrrp1', 'true', 'true']]);
    assert.deepEqual(await routes('r2'), []);
  });

  test('a ping from the backup to the virtual address is answered by the master, found by ARP (routeros-facts.md 26.9)', async () => {
    await settle([MASTER, BACKUP]);
    const replies = (await t.rest('r2').post('/rest/ping', { address: '192.168.10.1', count: '1' })).json as Rec[];
    assert.deepEqual([replies[0].host, replies[replies.length - 1].received], ['192.168.10.1', '1']);
    const arp = ((await t.rest('r2').get('/rest/ip/arp')).json as Rec[]).find((a) => a.address === '192.168.10.1');
    assert.deepEqual([arp?.['mac-address'], arp?.interface], ['00:00:5E:00:01:01', 'ether2']);
  });

  test('traceroute through the master: its hop is the master\'s own address on the way back, not the virtual one (routeros-facts.md 26.9)', async () => {
    await settle([MASTER, BACKUP]);
    const res = await t.rest('c').post('/rest/tool/traceroute', { address: '172.16.0.1', count: '1' });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.json.map((h: Rec) => [h.address, h.loss]), [['192.168.10.2', '0'], ['172.16.0.1', '0']]);
  });
});
