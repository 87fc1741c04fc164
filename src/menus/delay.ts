// /delay (the console's `:delay`): waits, doing nothing, for `delay-time` (default 1s). It
// ends early when its request is stopped, e.g. at the request limit. Tests use it as a
// command that takes a known time.

import type { CommandContext, MenuDecl } from '../core/schema.js';
import { duration, durationToMs, withDesc } from '../core/values.js';

// The real range, 2^32-1 ms, and its inspect note as the 7.24 command tree gives it.
const delayTime = withDesc(duration({ min: 0, max: 2 ** 32 - 1 }), '0s..7w17h2m47s    (time interval)');

async function delay(ctx: CommandContext): Promise<void> {
  const ms = ctx.args['delay-time'] === undefined ? 1000 : durationToMs(ctx.args['delay-time']);
  const { signal } = ctx;
  if (signal.aborted || ms === 0) return;
  await new Promise<void>((resolve) => {
    // setTimeout waits at most 2^31-1 ms; longer delays wait in steps.
    let timer: NodeJS.Timeout;
    const deadline = Date.now() + ms;
    const step = () => {
      const left = deadline - Date.now();
      if (left <= 0) { signal.removeEventListener('abort', stop); resolve(); return; }
      timer = setTimeout(step, Math.min(left, 0x7fffffff));
    };
    const stop = () => { clearTimeout(timer); resolve(); };
    signal.addEventListener('abort', stop, { once: true });
    step();
  });
}

export const delayCommand: MenuDecl = {
  path: '',
  kind: 'dir',
  commands: {
    delay: { policy: ['read'], args: { 'delay-time': { type: delayTime } }, unnamed: 'delay-time', run: delay },
  },
};
