// The order of menus in vrouter's export against the real exports: every export of
// ../shared/corpus/real-exports is loaded (without the lines refused.json lists) into a blank
// router of its board, and the menus of vrouter's /export come in the file's own order, for
// the menus both have. Where real exports of different releases disagree, vrouter follows
// the newer (src/menus/export-order.ts); a pair the other way round is accepted when an
// export of a release as new or newer shows vrouter's order, and otherwise only as recorded,
// with why, in order-differences.json (what the order table or vrouter's menus do not know).

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { EXPORT_ORDER } from '../../src/menus/export-order.js';
import { CORPUS, blankRouter, exported, importText, manifest, stop, without, type Refusal } from './corpus.js';
import { HAND_EDITED, menusOf, reversed, unexplainedPairs } from './order.js';

const SOURCE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'test', 'corpus');
const RECORDED: Record<string, Refusal[]> = JSON.parse(fs.readFileSync(path.join(SOURCE, 'refused.json'), 'utf8'));
/** Per file: pairs "a < b" the file has and vrouter reverses with no newer export to show it, and why. */
const DIFFERENCES: Record<string, { pairs: string[]; why: string }[]> = JSON.parse(fs.readFileSync(path.join(SOURCE, 'order-differences.json'), 'utf8'));

describe('vrouter exports menus in the real exports\' order', () => {
  const all = manifest().filter((e) => !HAND_EDITED.test(e.file));
  const orders = new Map(all.map((e) => [e.file, menusOf(fs.readFileSync(path.join(CORPUS, e.file), 'utf8'))]));

  test('the order table is what scripts/export-order.mjs derives from the corpus', async () => {
    const script = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'scripts', 'export-order.mjs');
    const { deriveExportOrder } = await import(pathToFileURL(script).href) as { deriveExportOrder: (corpus: string) => string[] };
    assert.deepEqual([...EXPORT_ORDER], deriveExportOrder(CORPUS));
  });

  test('the helpers read both export forms', () => {
    assert.deepEqual(menusOf('/interface bridge\nadd name=b\n/ip address add address=1.1.1.1/24 interface=b\n/interface bridge port\nadd bridge=b \\\n    interface=ether2\n/routing bgp template set default as=1\n'),
      ['/interface bridge', '/ip address', '/interface bridge port', '/routing bgp template']);
    assert.deepEqual(reversed(['/a', '/b', '/c', '/x'], ['/c', '/a', '/b']), [['/a', '/c'], ['/b', '/c']]);
  });

  for (const e of all) {
    test(`${e.file} (${e.ros})`, async () => {
      const text = fs.readFileSync(path.join(CORPUS, e.file), 'utf8');
      const router = await blankRouter(e, text);
      let ours: string[];
      try {
        await importText(router, without(text, new Set((RECORDED[e.file] ?? []).map((r) => r.line))));
        ours = menusOf(await exported(router));
      } finally { await stop(router); }
      const unexplained = unexplainedPairs(e.file, e.ros, ours, orders, all);
      assert.deepEqual(unexplained, (DIFFERENCES[e.file] ?? []).flatMap((d) => d.pairs), `menus in another order than ${e.file}`);
    });
  }
});
