// Reset: a test harness that keeps one router and resets it between tests, instead of
// spawning a fresh one for each. Measured from the REST request of
// `/system/reset-configuration` (as given: plain, `no-defaults=yes`, `keep-users=yes`) to the
// first answer that shows the first-boot configuration again, against the spawn of a fresh
// router to its first answer in the same run (what the harness would do otherwise).

import { json, median, ms, progress, ratio, removeDir, startRouter, tempDir, type Section } from './lib.js';

export interface ResetConfig {
  /** Resets measured of each kind; the median counts. */
  repeats: number;
}

interface Kind {
  what: string;
  args: Record<string, string>;
  /** Whether the router answers with the configuration this kind of reset leaves. */
  done: (port: number) => Promise<boolean>;
}

const addresses = async (port: number) => ((await json(port, 'GET', '/rest/ip/address')) as { address: string }[]).map((a) => a.address);
const users = async (port: number) => ((await json(port, 'GET', '/rest/user')) as { name: string }[]).map((u) => u.name);

const KINDS: Kind[] = [
  // The default configuration again: the hAP ax^2's defconf address on the bridge.
  { what: 'reset-configuration', args: {}, done: async (p) => (await addresses(p)).join() === '192.168.88.1/24' },
  { what: 'reset-configuration no-defaults=yes', args: { 'no-defaults': 'yes' }, done: async (p) => (await addresses(p)).length === 0 },
  // The harness's own user stays; the rest is a new router's.
  { what: 'reset-configuration keep-users=yes', args: { 'keep-users': 'yes' }, done: async (p) => (await users(p)).includes('harness') && (await addresses(p)).join() === '192.168.88.1/24' },
];

/** Changes a test would leave behind: an address, a bridge of its own, a user. */
async function dirty(port: number) {
  await json(port, 'PUT', '/rest/ip/address', { address: '10.9.9.1/24', interface: 'ether1' });
  await json(port, 'PUT', '/rest/interface/bridge', { name: 'left-over' });
  if (!(await users(port)).includes('harness')) await json(port, 'PUT', '/rest/user', { name: 'harness', group: 'full', password: 'harness-pw' });
}

export async function resetBench(cfg: ResetConfig): Promise<Section> {
  const spawns: number[] = [];
  const times = new Map<Kind, number[]>(KINDS.map((k) => [k, []]));
  const dir = tempDir('reset');
  const router = await startRouter(dir);
  try {
    for (let i = 0; i < cfg.repeats; i++) {
      for (const k of KINDS) {
        await dirty(router.port);
        const t0 = performance.now();
        await json(router.port, 'POST', '/rest/system/reset-configuration', { 'skip-backup': 'yes', ...k.args });
        // Asked until it shows the new state (a reset that never gets there ends the bench).
        for (;;) {
          try { if (await k.done(router.port)) break; } catch { /* rebooting */ }
          if (performance.now() - t0 > 10_000) throw new Error(`${k.what}: no first-boot configuration after 10 s`);
          await new Promise((r) => setTimeout(r, 1));
        }
        times.get(k)!.push(performance.now() - t0);
      }
      const fresh = tempDir('reset-fresh');
      try {
        const other = await startRouter(fresh);
        spawns.push(other.firstAnswerMs);
        await other.stop();
      } finally {
        removeDir(fresh);
      }
      progress(`reset ${i + 1}/${cfg.repeats}: ${KINDS.map((k) => ms(times.get(k)![i])).join(', ')}; fresh spawn ${ms(spawns[i])}`);
    }
  } finally {
    await router.stop();
    removeDir(dir);
  }
  const spawn = median(spawns);
  return {
    title: 'Reset (one router reset between tests, against a fresh one spawned)',
    rows: KINDS.map((k) => {
      const t = median(times.get(k)!);
      return { what: `${k.what}: request -> the first-boot configuration answered (median)`, value: ms(t), baseline: `${ms(spawn)} (a fresh router spawned)`, ratio: ratio(t / spawn), target: '< 100 ms', met: t < 100 };
    }),
    notes: [
      `${cfg.repeats} resets of each kind on one router (\`POST /rest/system/reset-configuration\` with \`skip-backup=yes\`), each after a test's leftovers (an address, a bridge, a user); timed until REST shows what that reset leaves (defconf's 192.168.88.1/24 on the bridge, no address with no-defaults, the kept user with keep-users).`,
      'Baseline: a fresh router on a new data directory spawned to its first answer (bench/lib.ts startRouter), as a harness without reset would start one per test.',
    ],
  };
}
