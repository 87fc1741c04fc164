// /system/resource: what the board is and how it is doing. Nothing here is configuration:
// every figure is read from the running device (env.services.device) at print time.

import type { CommandContext, Environment, FieldDecl, MenuDecl, Reply } from '../../core/schema.js';
import type { Row } from '../../core/store.js';
import { bytes, duration, durationToMs, formatDuration, int, megahertz, percent, str, withDesc } from '../../core/values.js';
import { BUILD_TIME, Device } from '../../device/board.js';

/** RouterOS itself takes this much of the flash (the 7.x arm64 package, about 13.5 MiB). */
const SYSTEM_FLASH_USE = 14_155_776;

// A router started without a device (a bare engine in a test) still answers.
let fallback: Device | undefined;
function deviceOf(env: Environment): Device {
  const device = env.services.device as Device | undefined;
  return device ?? (fallback ??= new Device());
}

const live = (read: (device: Device, env: Environment) => string | number, type = str()): FieldDecl => ({
  type, readOnly: true, derive: (_row: Row, env: Environment) => String(read(deviceOf(env), env)),
});
const count = int({ min: 0 });

/** Waits `ms`, or less when the command is stopped. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => { clearTimeout(timer); signal.removeEventListener('abort', done); resolve(); };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}

/** `monitor`: CPU load and free memory, once or every `interval` until stopped or `duration` ends. */
async function* monitor(ctx: CommandContext): AsyncGenerator<Reply, void> {
  const { env, args, signal } = ctx;
  const device = deviceOf(env);
  const interval = args.interval === undefined ? 1000 : durationToMs(args.interval);
  const end = args.duration === undefined ? Infinity : Date.now() + durationToMs(args.duration);
  for (;;) {
    yield { 'cpu-used': String(device.cpuLoad()), 'free-memory': String(device.freeMemory()) };
    if ('once' in args || signal.aborted || Date.now() + interval > end) return;
    await pause(interval, signal);
    if (signal.aborted) return;
  }
}

const flagArg = { type: str(), flag: true };

export const resource: MenuDecl = {
  path: 'system/resource',
  kind: 'settings',
  commands: {
    monitor: {
      policy: ['read'],
      args: {
        once: flagArg, 'as-value': flagArg, 'without-paging': flagArg, append: flagArg,
        interval: { type: withDesc(duration({ min: 20, max: 5000 }), '00:00:00.020..00:00:05    (time interval)') },
        duration: { type: duration() },
        'freeze-frame-interval': { type: withDesc(duration({ min: 20, max: 30_000 }), '00:00:00.020..00:00:30    (time interval)') },
        proplist: { type: str() }, do: { type: str() }, file: { type: str() },
      },
      run: monitor,
    },
  },
  fields: {
    uptime: live((d) => formatDuration(Math.floor(d.uptimeMs() / 1000) * 1000)),
    version: live((d) => d.version),
    'build-time': live(() => BUILD_TIME),
    'free-memory': live((d) => d.freeMemory(), bytes),
    'total-memory': live((d) => d.board.totalMemory, bytes),
    cpu: live((d) => d.board.cpu),
    'cpu-count': live((d) => d.board.cpuCount, count),
    'cpu-frequency': live((d) => d.board.cpuFrequency, megahertz),
    'cpu-load': live((d) => d.cpuLoad(), percent),
    'free-hdd-space': live((d) => d.freeHdd(SYSTEM_FLASH_USE), bytes),
    'total-hdd-space': live((d) => d.board.totalHdd, bytes),
    // The configuration lives on the host's disk, not on emulated flash: no sectors are written.
    'write-sect-since-reboot': live(() => 0, count),
    'write-sect-total': live(() => 0, count),
    // NAND flash boards report their bad blocks; a fresh one has none.
    'bad-blocks': live(() => 0, percent),
    'architecture-name': live((d) => d.board.architecture),
    'board-name': live((d) => d.board.name),
    platform: live(() => 'MikroTik'),
  },
};
