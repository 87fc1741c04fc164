// The files a boot writes beside the store (board.json, release.json, a new secret.key),
// written in the thread pool once the boot has read what it reads. The router waits for them
// before it answers, so a start that cannot write them fails as it did when each was written
// on the spot. On a busy disk each new file takes milliseconds of the event loop, which a lab
// spends booting its other nodes meanwhile; and written only after the boot's reads, none of
// those reads waits on the folder while a file is being made in it.

import fs from 'node:fs';

interface Write { file: string; data: string | Buffer; options: { mode?: number; flag?: string } }

export class BootFiles {
  private readonly writes: Write[] = [];

  /** Writes `file` when the boot is done reading (`flag: 'wx'`: only where there is none). */
  write(file: string, data: string | Buffer, options: Write['options'] = {}) {
    this.writes.push({ file, data, options });
  }

  /** Writes everything asked, at once; the first failure, if any. */
  async done(): Promise<void> {
    const writes = this.writes.splice(0);
    await Promise.all(writes.map(({ file, data, options }) => fs.promises.writeFile(file, data, options).catch((e: NodeJS.ErrnoException) => {
      throw new Error(`${file} cannot be written: ${e.code ?? e.message}`);
    })));
  }
}
