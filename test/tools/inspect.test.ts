// /console/inspect over REST, answered from the menu declarations, and a check of every
// declared menu, command and argument name against the real router's 7.24 command tree.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Engine, Node } from '../../src/core/engine.js';
import { argsOf, tree, type TreeDir } from '../../src/tree/tree.js';
import { POLICIES, type Session } from '../../src/core/schema.js';
import { client, error, startRouter, type TestRouter } from '../helpers/router.js';
import { hardwareMenus } from '../../src/menus/hardware.js';

let r: TestRouter;
let c: ReturnType<typeof client>;
before(async () => { r = await startRouter(); c = client(r.port); });
after(() => r.stop());

const ADMIN: Session = { user: 'admin', policies: new Set(POLICIES), via: 'test' };

async function inspect(engine: Engine, args: Record<string, string>) {
  return (await engine.run({ path: ['console'], command: 'inspect', args }, ADMIN)).records;
}

// Shapes as real 7.2x routers answer (docs/routeros-facts.md, "console/inspect").
describe('/console/inspect', () => {
  const post = async (body: Record<string, string>) => {
    const res = await c.post('/rest/console/inspect', body);
    assert.equal(res.status, 200, res.text);
    return res.json as Record<string, string>[];
  };

  test('request=child of a menu: a self row, then its sub-menus and commands', async () => {
    const rows = await post({ request: 'child', path: 'ip,address' });
    assert.deepEqual(rows[0], { name: 'address', 'node-type': 'dir', type: 'self' });
    assert.deepEqual(rows.find((x) => x.name === 'add'), { name: 'add', 'node-type': 'cmd', type: 'child' });
    const names = rows.slice(1).map((x) => x.name);
    assert.deepEqual(names, ['add', 'comment', 'disable', 'edit', 'enable', 'export', 'find', 'get', 'print', 'remove', 'reset', 'set']);
    // /certificate/settings is a menu under /certificate, not a certificate's name.
    assert.deepEqual((await post({ request: 'child', path: 'certificate' })).find((x) => x.name === 'settings'), { name: 'settings', 'node-type': 'dir', type: 'child' });
  });

  test('request=child of the root, a path node and a command: path, dir, cmd and arg nodes', async () => {
    const root = await post({ request: 'child', path: '' });
    assert.deepEqual(root[0], { name: '', 'node-type': 'dir', type: 'self' });
    assert.deepEqual(root.find((x) => x.name === 'ip'), { name: 'ip', 'node-type': 'path', type: 'child' });
    assert.deepEqual(root.find((x) => x.name === 'certificate'), { name: 'certificate', 'node-type': 'dir', type: 'child' });
    assert.deepEqual(root.find((x) => x.name === 'put'), { name: 'put', 'node-type': 'cmd', type: 'child' });
    const fetch = await post({ request: 'child', path: 'tool,fetch' });
    assert.deepEqual(fetch[0], { name: 'fetch', 'node-type': 'cmd', type: 'self' });
    assert.deepEqual(fetch.find((x) => x.name === 'url'), { name: 'url', 'node-type': 'arg', type: 'child' });
    // An argument's list is its own self row.
    assert.deepEqual(await post({ request: 'child', path: 'ip,address,add,address' }), [{ name: 'address', 'node-type': 'arg', type: 'self' }]);
  });

  test('request=syntax: an argument is one definition row; a command a collection row, then one explanation per argument', async () => {
    // The symbol is the argument's name capitalised, as 7.23 defines `address` and `check-gateway`.
    assert.deepEqual(await post({ request: 'syntax', path: 'ip,address,add,address' }), [
      { nested: '0', nonorm: 'false', symbol: 'Address', 'symbol-type': 'definition', text: 'A.B.C.D    (IP address)', type: 'syntax' },
    ]);
    assert.equal((await post({ request: 'syntax', path: 'ip,route,add,check-gateway' }))[0].symbol, 'CheckGateway');
    assert.equal((await post({ request: 'syntax', path: 'ip,dhcp-server,add,lease-time' }))[0].text, '1s..7101w3d6h28m15s    (time interval)');
    const cmd = await post({ request: 'syntax', path: 'system,identity,set' });
    assert.deepEqual(cmd, [
      { nested: '0', nonorm: 'true', symbol: '', 'symbol-type': 'collection', text: '', type: 'syntax' },
      { nested: '1', nonorm: 'false', symbol: 'name', 'symbol-type': 'explanation', text: 'string value', type: 'syntax' },
    ]);
  });

  test("request=syntax of a command explains each argument with the router's own sentence where the reference has one", async () => {
    const rows = await post({ request: 'syntax', path: 'ip,address,add' });
    const text = Object.fromEntries(rows.slice(1).map((x) => [x.symbol, x.text]));
    // 7.22.3's explanations of /ip/address's properties.
    assert.equal(text.address, 'Local IP address');
    assert.equal(text.interface, 'Interface name');
    assert.equal(text.network, 'Network prefix');
    assert.equal(text.comment, 'Short description of the item');
    assert.equal(text.disabled, 'Defines whether item is ignored or used');
    // An argument the router explains nowhere in the reference keeps its type note.
    assert.equal(text['copy-from'], '');
    const route = Object.fromEntries((await post({ request: 'syntax', path: 'ip,route,set' })).slice(1).map((x) => [x.symbol, x.text]));
    assert.equal(route.distance, 'Administrative distance of the route');
    // Completion of an argument name carries the same sentence.
    const offered = await post({ request: 'completion', path: 'ip,address,add', input: 'addr' });
    assert.deepEqual(offered, [{ completion: 'address', offset: '0', preference: '96', show: 'true', style: 'arg', text: 'Local IP address', type: 'completion' }]);
  });

  test('request=completion completes the word being typed, and offers an argument\'s values', async () => {
    assert.deepEqual(await post({ request: 'completion', path: 'ip', input: 'ad' }), [
      { completion: 'address', offset: '0', preference: '96', show: 'true', style: 'dir', text: '', type: 'completion' },
    ]);
    const values = await post({ request: 'completion', path: 'ip,settings,set', input: 'rp-filter=' });
    assert.deepEqual(values.map((v) => v.completion), ['loose', 'no', 'strict']);
    assert.equal(values[0].offset, '10');
  });

  test('a path that names nothing, or is written with slashes, answers []; a bad request is refused; .proplist narrows', async () => {
    assert.deepEqual(await post({ request: 'child', path: 'ip,nosuch' }), []);
    assert.deepEqual(await post({ request: 'child', path: '/ip/address' }), []);
    assert.deepEqual(await post({ request: 'syntax', path: 'ip,address,add,nosuch' }), []);
    assert.deepEqual((await c.post('/rest/console/inspect', { request: 'bogus', path: 'ip' })).json, error(400, 'Bad Request', 'input does not match any value of request'));
    const narrow = await post({ request: 'child', path: 'system,identity', '.proplist': 'name' });
    assert.ok(narrow.length > 1 && narrow.every((x) => Object.keys(x).join() === 'name'));
  });

  test("every declared menu of the board's, command and argument is reachable through request=child", async () => {
    const engine = r.router.engine;
    let seen = 0;
    const walk = async (node: Node, words: string[]) => {
      const kids = await inspect(engine, { request: 'child', path: words.join(',') });
      assert.equal(kids[0].type, 'self');
      // A name may be a directory and a command at once (/interface/wireless/snooper).
      const shown = new Set(kids.slice(1).map((k) => `${k['node-type'] === 'path' ? 'dir' : k['node-type']} ${k.name}`));
      for (const [w, child] of node.children) {
        // A menu of hardware this board lacks (/lcd on a board without a screen) is not its router's.
        if (child.present && !child.present(engine)) { assert.ok(!shown.has(`dir ${w}`), `/${[...words, w].join('/')}`); continue; }
        assert.ok(shown.has(`dir ${w}`), `/${[...words, w].join('/')}`);
        await walk(child, [...words, w]);
      }
      for (const [name, cmd] of node.commands) {
        assert.ok(shown.has(`cmd ${name}`), `/${[...words, name].join('/')}`);
        // The path of a name that is also a directory leads to the directory.
        if (node.children.has(name)) continue;
        const args = (await inspect(engine, { request: 'child', path: [...words, name].join(',') })).slice(1);
        const argNames = new Set(args.map((a) => a.name));
        for (const arg of Object.keys(cmd.args ?? {})) assert.ok(argNames.has(arg), `/${[...words, name].join('/')} ${arg}`);
        assert.ok(args.every((a) => a['node-type'] === 'arg'));
        seen += args.length + 1;
      }
    };
    await walk(engine.root, []);
    assert.ok(seen > 20000, String(seen));
  });
});

describe('declared names against the real 7.24 command tree', () => {
  const REFERENCE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'shared', 'reference', 'routeros-7.24-inspect.json');

  /**
   * Names the tree does not list but that vrouter has on purpose, each with its reason:
   * - `/ping`: the REST manual's POST /rest/ping; the tree has it as /tool/ping only.
   * - print `oid` and the settings menus' print options: REST spec 4.5 lists print `oid`
   *   and `count-only`, which the generic print takes in every menu.
   * - `find` with field names: the API's find matches fields given as arguments; the
   *   console's `where` form is the console language's.
   */
  function deliberate(kind: string, where: string, name?: string): boolean {
    if (kind === 'cmd' && where === '/ping') return true;
    if (kind === 'arg' && where.endsWith('/print') && ['oid', 'count-only', 'detail', 'terse', 'brief', 'from', 'show-ids', 'value-list'].includes(name!)) return true;
    if (kind === 'arg' && where.endsWith('/find')) return true;
    return false;
  }

  test('the derived tree holds every directory, command and argument of the 7.24 capture', () => {
    const ref = JSON.parse(fs.readFileSync(REFERENCE, 'utf8'));
    const missing: string[] = [];
    const walk = (refNode: Record<string, any>, dir: TreeDir | undefined, words: string[]) => {
      for (const [name, v] of Object.entries(refNode)) {
        if (name.startsWith('_') || typeof v !== 'object') continue;
        const at = `/${[...words, name].join('/')}`;
        if (v._type === 'cmd') {
          const args = argsOf(dir, name);
          if (!args) { missing.push(`command ${at}`); continue; }
          for (const a of Object.keys(v)) if (!a.startsWith('_') && !(a in args)) missing.push(`argument ${at} ${a}`);
        } else if (v._type === 'dir' || v._type === 'path') {
          if (!dir?.d?.[name]) missing.push(`menu ${at}`);
          walk(v, dir?.d?.[name], [...words, name]);
        }
      }
    };
    walk(ref, tree().root, []);
    assert.deepEqual(missing, []);
  });

  // The tree as vrouter holds it: the 7.24 capture, and the menus of packages and hardware
  // the capture lacks (tree/packages.json, with their sources in docs/routeros-facts.md 12).
  test('every declared menu, command and argument name is one the tree has', () => {
    const unknown: string[] = [];
    // Menus of hardware the CHR capture and tree/packages.json lack, named from the manual
    // (src/menus/hardware.ts, docs/routeros-facts.md 30.4): /lcd, /system/swos, PoE, switch chip tables.
    const hardware = new Set(hardwareMenus.map((d) => `/${d.path}`));
    // and the directories holding them only (/interface/ethernet/switch/qos above qos/port).
    const holding = new Set(hardwareMenus.flatMap((d) => {
      const words = d.path.split('/');
      return words.slice(1).map((_, i) => `/${words.slice(0, i + 1).join('/')}`);
    }));
    const walk = (node: Node, dir: TreeDir | undefined, words: string[]) => {
      for (const [w, child] of node.children) {
        const at = `/${[...words, w].join('/')}`;
        if (hardware.has(at)) continue;
        if (!dir?.d?.[w] && !holding.has(at)) unknown.push(`menu ${at}`);
        walk(child, dir?.d?.[w], [...words, w]);
      }
      for (const [name, cmd] of node.commands) {
        const at = `/${[...words, name].join('/')}`;
        const args = argsOf(dir, name);
        if (!args) {
          if (!deliberate('cmd', at)) unknown.push(`command ${at}`);
          continue;
        }
        for (const arg of Object.keys(cmd.args ?? {})) {
          if (!(arg in args) && !deliberate('arg', at, arg)) unknown.push(`argument ${at} ${arg}`);
        }
      }
    };
    walk(r.router.engine.root, tree().root, []);
    assert.deepEqual(unknown, [], `names the tree does not have:\n${unknown.join('\n')}`);
  });
});
