// /system/leds as a board comes (docs/routeros-facts.md 30.6), and /console/inspect telling
// only the menus of the board's own hardware (30.7): a hAP has no /lcd, no /system/swos.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { client, startRouter } from '../helpers/router.js';

const LEDS = '/rest/system/leds?.proplist=interface,leds,type,disabled';

describe('/system/leds', () => {
  test("the SFP cage's LED shows that port's traffic, user-led has no record; exports' lines load and export writes add", async () => {
    const s = await startRouter({ board: 'rb5009' });
    try {
      assert.deepEqual((await client(s.port).get(LEDS)).json,
        [{ disabled: 'false', interface: 'sfp-sfpplus1', leds: 'sfp-sfpplus1-led', type: 'interface-activity' }]);
    } finally { await s.stop(); }
    const h = await startRouter({ board: 'hap-ax2' });
    try {
      assert.deepEqual((await client(h.port).get(LEDS)).json, []);
    } finally { await h.stop(); }
    const r = await startRouter({ board: 'rb3011' });
    try {
      const c = client(r.port);
      assert.deepEqual((await c.get(LEDS)).json, [{ disabled: 'false', interface: 'sfp1', leds: 'sfp-led', type: 'interface-activity' }]);
      // As real exports write them: a record of the user's, `set 0` on the board's first one, the settings.
      const script = '/system leds add leds=user-led type=on\n/system leds set 0 type=interface-status\n/system leds settings set all-leds-off=immediate';
      assert.deepEqual((await c.post('/rest/execute', { script, 'as-string': '' })).json, { ret: '' });
      assert.deepEqual((await c.get(LEDS)).json, [
        { disabled: 'false', interface: 'sfp1', leds: 'sfp-led', type: 'interface-status' },
        { disabled: 'false', leds: 'user-led', type: 'on' },
      ]);
      assert.deepEqual((await c.get('/rest/system/leds/settings')).json, { 'all-leds-off': 'immediate' });
      const out = (await c.post('/rest/execute', { script: '/system leds export', 'as-string': '' })).json as { ret: string };
      assert.match(out.ret, /\/system leds\r?\nadd interface=sfp1 leds=sfp-led type=interface-status\r?\nadd leds=user-led type=on/);
    } finally { await r.stop(); }
  });
});

describe('/console/inspect on a board', () => {
  const names = async (c: ReturnType<typeof client>, body: Record<string, string>) =>
    ((await c.post('/rest/console/inspect', body)).json as Record<string, string>[]).filter((x) => x.type !== 'self').map((x) => x.name ?? x.completion);

  test('a hAP ax² has no /lcd and no /system/swos (child, completion, the path itself); an RB3011 has /lcd, a CRS305 /system/swos', async () => {
    const h = await startRouter({ board: 'hap-ax2' });
    try {
      const c = client(h.port);
      const system = await names(c, { request: 'child', path: 'system' });
      assert.ok(system.includes('leds') && system.includes('routerboard'), system.join());
      assert.ok(!system.includes('swos'), system.join());
      const root = await names(c, { request: 'child', path: '' });
      assert.ok(root.includes('interface') && !root.includes('lcd'), root.join());
      assert.deepEqual(await names(c, { request: 'completion', input: '/lc', path: '' }), []);
      assert.deepEqual((await c.post('/rest/console/inspect', { request: 'child', path: 'lcd' })).json, []);
      assert.deepEqual((await c.post('/rest/console/inspect', { request: 'child', path: 'system,swos' })).json, []);
    } finally { await h.stop(); }
    const r = await startRouter({ board: 'rb3011' });
    try {
      const c = client(r.port);
      assert.ok((await names(c, { request: 'child', path: '' })).includes('lcd'));
      assert.deepEqual(await names(c, { request: 'completion', input: '/lc', path: '' }), ['lcd']);
      assert.ok((await names(c, { request: 'child', path: 'lcd' })).includes('pin'));
      assert.ok(!(await names(c, { request: 'child', path: 'system' })).includes('swos'));
    } finally { await r.stop(); }
    const s = await startRouter({ board: 'crs305' });
    try {
      assert.ok((await names(client(s.port), { request: 'child', path: 'system' })).includes('swos'));
    } finally { await s.stop(); }
  });
});
