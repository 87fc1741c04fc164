// Prints the README's list of boards from the catalogue (src/device/boards/): `npx tsc -b && node scripts/boards.mjs`.
import { boardsTable } from '../dist/src/device/boards/table.js';
process.stdout.write(boardsTable());
