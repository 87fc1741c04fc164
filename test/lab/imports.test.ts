// The lab reads each router through its model (src/lab/model.ts) and nothing else: only the
// model's builder (src/lab/model*.ts) may import from src/menus/, the router's own reading of
// its configuration. Every other lab file reaches a router through the model, what
// src/router.ts exposes and the device layer (DESIGN.md, "Layout" and "The lab").

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../src');
const LAB = path.join(SRC, 'lab');
const MENUS = path.join(SRC, 'menus');

/** Every .ts file under a directory. */
function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? files(p) : e.name.endsWith('.ts') ? [p] : [];
  });
}

/** The modules a file imports or re-exports (`import ... from 'x'`, `export ... from 'x'`, `import('x')`), resolved to source paths. */
function imports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]/gms), ...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]);
  return specs.filter((s) => s.startsWith('.')).map((s) => path.resolve(path.dirname(file), s));
}

const isBuilder = (file: string) => path.dirname(file) === LAB && /^model[^/]*\.ts$/.test(path.basename(file));

test('only the model builder (src/lab/model*.ts) imports from src/menus/', () => {
  const lab = files(LAB);
  assert.ok(lab.some(isBuilder) && lab.some((f) => !isBuilder(f)), 'the lab has builder and other files');
  const offenders = lab.filter((f) => !isBuilder(f)).flatMap((f) =>
    imports(f).filter((m) => m === MENUS || m.startsWith(MENUS + path.sep)).map((m) => `${path.relative(SRC, f)} imports ${path.relative(SRC, m)}`));
  assert.deepEqual(offenders, []);
});

test('the import reader sees every form of import a lab file could use', () => {
  // The check above is only as good as this reader: each of these names a module.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vrouter-imports-'));
  try {
    const file = path.join(dir, 'probe.ts');
    fs.writeFileSync(file, [
      "import type { Row } from '../core/store.js';",
      "import {\n  isRunning,\n} from '../menus/interface/interface.js';",
      "export { writeLog } from '../menus/log.js';",
      "const m = await import('../menus/console.js');",
      "import fs from 'node:fs';",
    ].join('\n'));
    assert.deepEqual(imports(file), ['core/store.js', 'menus/interface/interface.js', 'menus/log.js', 'menus/console.js'].map((m) => path.resolve(dir, '..', m)));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
