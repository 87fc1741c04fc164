// Records which lines of the corpus vrouter refuses today, with why, into
// test/corpus/refused.json, which the corpus test holds vrouter to:
//   npx tsc -b && node dist/test/corpus/record.js
// Run it after a change that makes vrouter take more of the corpus, and read the diff.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CORPUS, blankRouter, manifest, refusals, releaseOf, stop, why, type Refusal } from './corpus.js';

const out: Record<string, Refusal[]> = {};
let lines = 0;
for (const e of manifest()) {
  const text = fs.readFileSync(path.join(CORPUS, e.file), 'utf8');
  const router = await blankRouter(e, text);
  try {
    const list = await refusals(router, text);
    if (list.length) out[e.file] = list.map((r, i) => ({ ...r, why: why(r, list.slice(0, i), e.ros, releaseOf(e)) }));
    lines += list.length;
  } finally {
    await stop(router);
  }
}
const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'test', 'corpus', 'refused.json');
fs.writeFileSync(file, JSON.stringify(out, null, 1) + '\n');
console.log(`${path.relative(process.cwd(), file)}: ${lines} refused lines in ${Object.keys(out).length} files`);
