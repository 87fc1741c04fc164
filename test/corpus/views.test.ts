// Menus that keep their records' views (Menu.keepsViews, src/core/views.ts) may do so only
// if every derived field they show follows from the configuration alone (FieldDecl.stable).
// Checked on the largest real configurations of the corpus: each such record is shown once
// through an environment that lets derived fields read the rows and the declarations and
// refuses anything else (the clock, the device, the services), and must come out exactly as
// the router shows it (a derived field that looks up state by the environment's identity
// would differ).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { CORPUS, blankRouter, importText, manifest, stop, without, type Refusal } from './corpus.js';
import { menuRows, view } from '../../src/core/records.js';
import { POLICIES, type Environment } from '../../src/core/schema.js';
import { fileURLToPath } from 'node:url';

const RECORDED: Record<string, Refusal[]> = JSON.parse(fs.readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'test', 'corpus', 'refused.json'), 'utf8'));
const ADMIN = { user: 'admin', via: 'test', policies: new Set(POLICIES) };
const CONFIGURATION = new Set<PropertyKey>(['store', 'menu', 'nameOf']);

/** The environment as a stable derived field may see it: anything else read throws. */
function configurationOnly(env: Environment, where: () => string): Environment {
  return new Proxy(env, {
    get(target, key) {
      if (!CONFIGURATION.has(key)) throw new Error(`${where()} reads ${String(key)} of the environment`);
      const value = Reflect.get(target, key);
      // menu() and nameOf() read the declarations and the rows: they run on the environment itself.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

const largest = manifest()
  .map((e) => ({ e, size: fs.statSync(path.join(CORPUS, e.file)).size }))
  .sort((a, b) => b.size - a.size)
  .slice(0, 3)
  .map((x) => x.e);

for (const e of largest) {
  test(`kept views read only the configuration: ${e.file}`, async () => {
    const text = fs.readFileSync(path.join(CORPUS, e.file), 'utf8');
    const router = await blankRouter(e, text);
    try {
      await importText(router, without(text, new Set((RECORDED[e.file] ?? []).map((r) => r.line))));
      const engine = router.engine;
      let where = '';
      const strict = configurationOnly(engine, () => where);
      let checked = 0;
      for (const menu of engine.allMenus()) {
        if (!menu.keepsViews || menu.decl.kind !== 'table') continue;
        for (const row of menuRows(engine, menu, ADMIN)) {
          where = `/${menu.path} ${row.id}`;
          assert.deepEqual(view(strict, menu, row, ADMIN), view(engine, menu, row, ADMIN), where);
          checked++;
        }
      }
      // The check saw the configuration: a real export has hundreds of such records.
      assert.ok(checked > 100, `only ${checked} records checked`);
    } finally { await stop(router); }
  });
}
