// Writes docs/boards.md, the list of boards, from the catalogue (src/device/boards/):
// `npx tsc -b && node scripts/boards.mjs`. test/tools/board.test.ts holds the page to the catalogue.
import fs from 'node:fs';
import { boardsPage } from '../dist/src/device/boards/table.js';

const file = new URL('../docs/boards.md', import.meta.url);
fs.writeFileSync(file, boardsPage());
process.stdout.write(`wrote ${file.pathname}\n`);
