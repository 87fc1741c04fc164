// Every real export of ../shared/corpus/real-exports on a router like the one it came from
// (`vrouter --like FILE.rsc`: its model, release, serial number and packages), made blank
// (`/system reset-configuration no-defaults=yes`): the lines vrouter refuses are exactly those
// recorded, with why, in refused.json (regenerate with `node dist/test/corpus/record.js`);
// everything else loads with /import as one file; and the router's export of it, compact and
// verbose, loads into another blank router that then exports byte for byte the same.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CORPUS, blankRouter, exported, freePorts, importText, manifest, refusals, stop, without, type Refusal } from './corpus.js';

const RECORDED: Record<string, Refusal[]> = JSON.parse(fs.readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'test', 'corpus', 'refused.json'), 'utf8'));

describe('the real exports of the corpus', () => {
  for (const e of manifest()) {
    test(`${e.file} (${e.model ?? 'CHR'}, ${e.ros})`, async () => {
      const text = fs.readFileSync(path.join(CORPUS, e.file), 'utf8');
      const ports = await freePorts();
      const recorded = RECORDED[e.file] ?? [];

      const lineByLine = await blankRouter(e, text, ports);
      try {
        const refused = await refusals(lineByLine, text);
        assert.deepEqual(refused.map((r) => [r.line, r.error]), recorded.map((r) => [r.line, r.error]), 'refused lines differ from refused.json');
      } finally { await stop(lineByLine); }

      const loaded = await blankRouter(e, text, ports);
      let compact: string, verbose: string;
      try {
        await importText(loaded, without(text, new Set(recorded.map((r) => r.line))));
        compact = await exported(loaded);
        verbose = await exported(loaded, true);
      } finally { await stop(loaded); }

      for (const [form, script] of [['compact', compact], ['verbose', verbose]] as const) {
        const again = await blankRouter(e, text, ports);
        try {
          await importText(again, script, `export-${form}.rsc`);
          assert.equal(await exported(again), compact, `the ${form} export, imported into a blank router, exports differently`);
        } finally { await stop(again); }
      }
    });
  }
});
