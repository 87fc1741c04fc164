// Every menu an export can write is one the console can address again (issue 27, point 6):
// an export is a list of `/menu words` lines each followed by that menu's commands, so a
// menu the console cannot enter is a configuration that does not import. A word that names
// both a command and a menu (`/interface wireless snooper`: the snooper tool and its
// settings) is the menu when a word of that menu follows it, or when nothing does.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Node } from '../../src/core/engine.js';
import type { Environment } from '../../src/core/schema.js';
import { client, startRouter } from '../helpers/router.js';

/** The paths of every menu that has `export`, below `node`, of the hardware this router has. */
function exportedMenus(node: Node, env: Environment, out: string[] = []): string[] {
  if (node.present && !node.present(env)) return out;
  if (node.path && node.commands.has('export')) out.push(node.path);
  for (const child of node.children.values()) exportedMenus(child, env, out);
  return out;
}

// One board of each radio package and the LTE one, so that every package's menus are walked.
for (const board of ['hap-ax2', 'hap-ac2', 'chateau-lte12', 'chr']) {
  test(`console: every menu ${board} can export is entered by its export header and runs that menu's export`, async () => {
    const t = await startRouter({ board });
    try {
      const c = client(t.port);
      const menus = exportedMenus(t.router.engine.nodeAt('')!, t.router.engine);
      assert.ok(menus.length > 100, `${menus.length} menus`);
      const refused: string[] = [];
      for (const path of menus) {
        const words = `/${path.split('/').join(' ')}`;
        const run = async (script: string) => String((await c.post('/rest/execute', { script, 'as-string': '' })).json?.ret);
        // The menu's words and its command on one line, and the two lines an export writes:
        // the menu's header, then a command of that menu. Both export that menu (the first
        // line of an export is its time, which may tick between the two).
        const oneLine = await run(`${words} export`);
        const twoLines = await run(`${words}\nexport`);
        const body = (s: string) => s.slice(s.indexOf('\n'));
        if (!oneLine.startsWith('# ') || !twoLines.startsWith('# ') || body(oneLine) !== body(twoLines)) {
          refused.push(`${path}: ${JSON.stringify(oneLine.slice(0, 80))} / ${JSON.stringify(twoLines.slice(0, 80))}`);
        }
      }
      assert.deepEqual(refused, []);
    } finally { await t.stop(); }
  });
}

test('console: /interface wireless snooper is the settings menu before set and print', async () => {
  const t = await startRouter({ board: 'hap-ac2' });
  try {
    const c = client(t.port);
    const run = async (script: string) => (await c.post('/rest/execute', { script, 'as-string': '' })).json;
    assert.deepEqual(await run('/interface wireless snooper set channel-time=2s'), { ret: '' });
    assert.deepEqual(await run('/interface wireless snooper\nset receive-errors=yes'), { ret: '' });
    assert.deepEqual(await run('/interface wireless snooper { set multiple-channels=no }'), { ret: '' });
    assert.deepEqual(await run(':put [/interface/wireless/snooper/get receive-errors]'), { ret: 'true' });
    const got = await c.get('/rest/interface/wireless/snooper');
    assert.equal(got.json['channel-time'], '2s');
    assert.equal(got.json['multiple-channels'], 'false');
    // 7.24's capture with the wireless package has snooper only as a menu: its tools are the
    // menu's own `snoop` and `flat-snoop` (../shared/reference/versions/7.24/extra-inspect.json).
    assert.match((await run('/interface wireless snooper numbers=wlan1 duration=1s')).ret, /expected end of command/);

    // The export writes the changed settings; the console of another router reads them back.
    const exported = (await run('/interface wireless snooper export')).ret as string;
    assert.match(exported, /\n\/interface wireless snooper\nset channel-time=2s multiple-channels=no receive-errors=yes$/);
    const other = await startRouter({ board: 'hap-ac2' });
    try {
      const o = client(other.port);
      assert.deepEqual((await o.post('/rest/execute', { script: exported, 'as-string': '' })).json, { ret: '' });
      const back = await o.get('/rest/interface/wireless/snooper');
      assert.deepEqual(back.json, got.json);
    } finally { await other.stop(); }
  } finally { await t.stop(); }
});
