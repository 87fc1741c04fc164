// /console/inspect over REST, answered from the menu declarations, and a check of every
// declared menu, command and argument name against the real router's 7.24 command tree.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Engine, Node } from '../../src/core/engine.js';
import { POLICIES, type Session } from '../../src/core/schema.js';
import { client, error, startRouter, type TestRouter } from '../helpers/router.js';

let r: TestRouter;
let c: ReturnType<typeof client>;
before(async () => { r = await startRouter(); c = client(r.port); });
after(() => r.stop());

const ADMIN: Session = { user: 'admin', policies: new Set(POLICIES), via: 'test' };

async function inspect(engine: Engine, args: Record<string, string>) {
  return (await engine.run({ path: ['console'], command: 'inspect', args }, ADMIN)).records;
}

describe('/console/inspect', () => {
  test('request=child of a menu: its commands, with name node-type type', async () => {
    const res = await c.post('/rest/console/inspect', { request: 'child', path: 'ip,address' });
    assert.equal(res.status, 200, res.text);
    const names = res.json.map((x: Record<string, string>) => x.name);
    for (const cmd of ['add', 'print', 'remove', 'set']) assert.ok(names.includes(cmd), cmd);
    assert.deepEqual(res.json.find((x: Record<string, string>) => x.name === 'add'), { name: 'add', 'node-type': 'cmd', type: 'child' });
  });

  test('request=child of the root and of a command: directories, commands, arguments', async () => {
    const root = (await c.post('/rest/console/inspect', { request: 'child', path: '' })).json;
    assert.deepEqual(root.find((x: Record<string, string>) => x.name === 'ip'), { name: 'ip', 'node-type': 'dir', type: 'child' });
    assert.deepEqual(root.find((x: Record<string, string>) => x.name === 'ping'), { name: 'ping', 'node-type': 'cmd', type: 'child' });
    const args = (await c.post('/rest/console/inspect', { request: 'child', path: 'tool,fetch' })).json;
    assert.deepEqual(args.find((x: Record<string, string>) => x.name === 'url'), { name: 'url', 'node-type': 'arg', type: 'child' });
  });

  test('request=self and syntax: what a path is, and an argument\'s type note', async () => {
    assert.deepEqual((await c.post('/rest/console/inspect', { request: 'self', path: 'ip,address,add' })).json, [{ name: 'add', 'node-type': 'cmd', type: 'self' }]);
    assert.deepEqual((await c.post('/rest/console/inspect', { request: 'syntax', path: 'ip,address,add,address' })).json, [
      { nested: '0', nonfull: 'false', symbol: 'address', 'symbol-type': 'explanation', text: 'A.B.C.D/M    (IP prefix)', type: 'syntax' },
    ]);
    assert.equal((await c.post('/rest/console/inspect', { request: 'syntax', path: 'tool,ping,interval' })).json[0].text, '10ms..5s    (time interval)');
  });

  test('request=completion completes the word being typed', async () => {
    const res = (await c.post('/rest/console/inspect', { request: 'completion', path: 'ip', input: 'ad' })).json;
    assert.deepEqual(res, [{ completion: 'address', offset: '0', preference: '96', show: 'true', style: 'dir', text: '', type: 'completion' }]);
  });

  test('an unknown path word is refused; .proplist narrows the records', async () => {
    assert.deepEqual((await c.post('/rest/console/inspect', { request: 'child', path: 'ip,nosuch' })).json, error(400, 'Bad Request', 'no such command or directory (nosuch)'));
    assert.deepEqual((await c.post('/rest/console/inspect', { request: 'bogus', path: 'ip' })).json, error(400, 'Bad Request', 'input does not match any value of request'));
    const narrow = (await c.post('/rest/console/inspect', { request: 'child', path: 'system,identity', '.proplist': 'name' })).json;
    assert.ok(narrow.every((x: Record<string, string>) => Object.keys(x).join() === 'name'));
  });

  test('every declared menu, command and argument is reachable through request=child', async () => {
    const engine = r.router.engine;
    let seen = 0;
    const walk = async (node: Node, words: string[]) => {
      const kids = await inspect(engine, { request: 'child', path: words.join(',') });
      const byName = new Map(kids.map((k) => [k.name, k['node-type']]));
      for (const [w, child] of node.children) {
        assert.equal(byName.get(w), 'dir', `/${[...words, w].join('/')}`);
        await walk(child, [...words, w]);
      }
      for (const [name, cmd] of node.commands) {
        assert.equal(byName.get(name), 'cmd', `/${[...words, name].join('/')}`);
        const args = await inspect(engine, { request: 'child', path: [...words, name].join(',') });
        assert.deepEqual(args.map((a) => a.name).sort(), Object.keys(cmd.args ?? {}).sort(), `/${[...words, name].join('/')}`);
        assert.ok(args.every((a) => a['node-type'] === 'arg'));
        seen += args.length + 1;
      }
    };
    await walk(engine.root, []);
    assert.ok(seen > 500, String(seen));
  });
});

describe('declared names against the real 7.24 command tree', () => {
  const REFERENCE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'shared', 'reference', 'routeros-7.24-inspect.json');

  /**
   * Names the real tree does not list but that vrouter has on purpose, each with its reason:
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

  test('every declared menu, command and argument name is one the real router has', () => {
    const ref = JSON.parse(fs.readFileSync(REFERENCE, 'utf8'));
    const unknown: string[] = [];
    const walk = (node: Node, refNode: Record<string, any> | undefined, words: string[]) => {
      for (const [w, child] of node.children) {
        const at = `/${[...words, w].join('/')}`;
        if (!refNode?.[w]) unknown.push(`menu ${at}`);
        walk(child, refNode?.[w], [...words, w]);
      }
      for (const [name, cmd] of node.commands) {
        const at = `/${[...words, name].join('/')}`;
        const refCmd = refNode?.[name];
        if (!refCmd || refCmd._type !== 'cmd') {
          if (!deliberate('cmd', at)) unknown.push(`command ${at}`);
          continue;
        }
        for (const arg of Object.keys(cmd.args ?? {})) {
          if (!refCmd[arg] && !deliberate('arg', at, arg)) unknown.push(`argument ${at} ${arg}`);
        }
      }
    };
    walk(r.router.engine.root, ref, []);
    assert.deepEqual(unknown, [], `names the real router does not have:\n${unknown.join('\n')}`);
  });
});
