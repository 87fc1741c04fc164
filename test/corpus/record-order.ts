// Records the pairs of menus vrouter writes in another order than a real export, with no
// export of a newer release to show vrouter's order, into test/corpus/order-differences.json
// (export-order.test.ts holds vrouter to it):
//   npx tsc -b && node dist/test/corpus/record-order.js
// Each group needs a why; read the diff.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CORPUS, blankRouter, exported, importText, manifest, stop, without, type Refusal } from './corpus.js';
import { HAND_EDITED, menusOf, unexplainedPairs } from './order.js';

const SOURCE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'test', 'corpus');
const refused: Record<string, Refusal[]> = JSON.parse(fs.readFileSync(path.join(SOURCE, 'refused.json'), 'utf8'));

/** Why a pair differs: what vrouter's menus do not know, or what the corpus does not show. */
function why(pair: string): string {
  if (/routing ospf instance/.test(pair)) return 'the router writes an OSPF instance after the /routing id its router-id names; vrouter\'s generated menu does not know router-id names a /routing id record';
  if (/caps-man configuration/.test(pair)) return 'the router writes a CAPsMAN configuration after the datapath, rates and security it names; vrouter\'s generated menu does not know those names';
  return 'no export of this release or a newer one has both menus: the order table places them from their neighbours in newer exports';
}

const all = manifest().filter((e) => !HAND_EDITED.test(e.file));
const orders = new Map(all.map((e) => [e.file, menusOf(fs.readFileSync(path.join(CORPUS, e.file), 'utf8'))]));
const out: Record<string, { pairs: string[]; why: string }[]> = {};
for (const e of all) {
  const text = fs.readFileSync(path.join(CORPUS, e.file), 'utf8');
  const router = await blankRouter(e, text);
  try {
    await importText(router, without(text, new Set((refused[e.file] ?? []).map((r) => r.line))));
    const pairs = unexplainedPairs(e.file, e.ros, menusOf(await exported(router)), orders, all);
    const groups: { pairs: string[]; why: string }[] = [];
    for (const p of pairs) {
      const w = why(p);
      const last = groups[groups.length - 1];
      if (last?.why === w) last.pairs.push(p); else groups.push({ pairs: [p], why: w });
    }
    if (groups.length) out[e.file] = groups;
  } finally { await stop(router); }
}
fs.writeFileSync(path.join(SOURCE, 'order-differences.json'), JSON.stringify(out, null, 1) + '\n');
console.log(`order-differences.json: ${Object.values(out).flat().reduce((n, g) => n + g.pairs.length, 0)} pairs in ${Object.keys(out).length} files`);
