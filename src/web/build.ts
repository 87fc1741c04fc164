// Build step (run after tsc): copies the page's own files (src/web/*.html, *.css, *.js) and
// the vendored chart library (uPlot, from node_modules) into dist/web, which www serves.
// The page loads nothing from elsewhere, so it works without the internet.

import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const source = path.join(root, 'src', 'web');
const target = path.join(root, 'dist', 'web');
const require = createRequire(import.meta.url);
const uplot = path.dirname(require.resolve('uplot/dist/uPlot.iife.min.js'));

fs.rmSync(target, { recursive: true, force: true });
fs.mkdirSync(target, { recursive: true });
for (const name of fs.readdirSync(source)) {
  if (/\.(html|css|js)$/.test(name)) fs.copyFileSync(path.join(source, name), path.join(target, name));
}
fs.copyFileSync(path.join(uplot, 'uPlot.iife.min.js'), path.join(target, 'uPlot.iife.min.js'));
fs.copyFileSync(path.join(uplot, 'uPlot.min.css'), path.join(target, 'uPlot.min.css'));
