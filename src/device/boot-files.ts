// The files a boot writes beside the store (board.json, release.json, a new secret.key, the
// files/ folder), written in the thread pool while the boot goes on. The router waits for
// them before it answers, so a start that cannot write them fails as it did when each was
// written on the spot. On a busy disk each new file takes milliseconds of the event loop,
// which a lab spends booting its other nodes meanwhile.

import fs from 'node:fs';

export class BootFiles {
  private readonly writing: Promise<void>[] = [];

  /** Writes `file` (`flag: 'wx'`: only where there is none). */
  write(file: string, data: string | Buffer, options: { mode?: number; flag?: string } = {}) {
    const written = fs.promises.writeFile(file, data, options).catch((e: NodeJS.ErrnoException) => {
      throw new Error(`${file} cannot be written: ${e.code ?? e.message}`);
    });
    // Told by done(); a boot that failed before asking must not end the process over it.
    written.catch(() => {});
    this.writing.push(written);
  }

  /** Everything written; the first failure, if any. */
  async done(): Promise<void> {
    await Promise.all(this.writing);
  }
}
