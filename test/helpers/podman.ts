// The image under Debian's podman, with no image registry reachable: the base image is made
// here from Debian packages in the shape of node:20-bookworm-slim (Debian bookworm minbase,
// node and npm in /usr/local, a `node` user of uid 1000), imported into podman, and the
// Containerfile is built on it with --build-arg BASE. The base is made once and kept under the
// OS's temp directory, keyed by what goes into it, so a second run reuses it.
//
// Debian's nodejs is 18 (bookworm), older than package.json's engines (>=20): the base takes
// this machine's own node and npm, the ones that built node_modules' native modules.

import { execFile, type ExecFileOptions } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * podman's settings in this sandbox, written once here. The runtime is runc: crun refuses the
 * sandbox's cgroups ("cgroups in hybrid mode not supported"). The default ulimits are lowered:
 * podman as root asks for nofile 1048576 and nproc 4194304, and the sandbox has no
 * CAP_SYS_RESOURCE to raise its own limits (nofile 20000) that far, so runc fails with
 * "error setting rlimits for ready process: operation not permitted".
 */
const CONTAINERS_CONF = `[containers]
default_ulimits = ["nofile=4096:4096", "nproc=4096:4096"]

[engine]
runtime = "runc"
`;

let confFile: string | undefined;
function podmanEnv(): NodeJS.ProcessEnv {
  if (!confFile) {
    confFile = path.join(os.tmpdir(), `vrouter-containers-${crypto.createHash('sha256').update(CONTAINERS_CONF).digest('hex').slice(0, 12)}.conf`);
    if (!fs.existsSync(confFile)) fs.writeFileSync(confFile, CONTAINERS_CONF);
  }
  return { ...process.env, CONTAINERS_CONF: confFile };
}

/** Runs podman; its stdout, trimmed. Fails with podman's stderr. */
export async function podman(args: readonly string[], options: ExecFileOptions = {}): Promise<string> {
  try {
    const { stdout } = await run('podman', args, { env: podmanEnv(), maxBuffer: 64 << 20, ...options });
    return String(stdout).trim();
  } catch (e) {
    const err = e as { stderr?: string; message: string };
    throw new Error(`podman ${args.join(' ')}: ${String(err.stderr ?? err.message).trim()}`);
  }
}

/** A container's log: what its process wrote on stdout and on stderr (podman logs keeps them apart). */
export async function logs(name: string): Promise<{ stdout: string; stderr: string }> {
  const { stdout, stderr } = await run('podman', ['logs', name], { env: podmanEnv(), maxBuffer: 64 << 20 });
  return { stdout: String(stdout), stderr: String(stderr) };
}

/** Why the container tests cannot run here, or undefined when they can. */
export async function missing(): Promise<string | undefined> {
  for (const [program, pkg] of [['podman', 'podman'], ['runc', 'runc'], ['mmdebstrap', 'mmdebstrap'], ['ip', 'iproute2'], ['nsenter', 'util-linux']]) {
    try {
      await run('sh', ['-c', `command -v ${program}`]);
    } catch {
      return `${program} is not installed (apt-get install -y ${pkg})`;
    }
  }
  if (process.getuid?.() !== 0) return 'moving veth interfaces into a container and podman\'s rootful networking need root';
  return undefined;
}

/** The host's npm, whose directory is copied into the base as the official image has it. */
function npmDir(): string {
  for (const dir of ['/usr/lib/node_modules/npm', '/usr/local/lib/node_modules/npm', path.join(path.dirname(process.execPath), '../lib/node_modules/npm')]) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return fs.realpathSync(dir);
  }
  throw new Error('no npm next to this node');
}

/** mmdebstrap's arguments for the base; its key is a hash of these and of node's and npm's versions. */
function baseArgs(npm: string): string[] {
  return [
    '--variant=minbase', '--format=tar', '--quiet',
    // As Debian's slim images: no manuals, documentation or translations.
    '--dpkgopt=path-exclude=/usr/share/man/*', '--dpkgopt=path-exclude=/usr/share/doc/*',
    '--dpkgopt=path-include=/usr/share/doc/*/copyright', '--dpkgopt=path-exclude=/usr/share/locale/*',
    '--dpkgopt=path-exclude=/usr/share/info/*',
    '--customize-hook=mkdir -p "$1/usr/local/lib/node_modules" "$1/usr/local/bin"',
    `--customize-hook=copy-in ${process.execPath} /usr/local/bin`,
    `--customize-hook=copy-in ${npm} /usr/local/lib/node_modules`,
    '--customize-hook=ln -s ../lib/node_modules/npm/bin/npm-cli.js "$1/usr/local/bin/npm"',
    '--customize-hook=chroot "$1" sh -c "groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node"',
    '--customize-hook=rm -rf "$1/var/lib/apt/lists"/* "$1/var/cache/apt"/*',
    'bookworm',
  ];
}

/** The base image's name in podman (made and imported if it is not there yet). */
export async function baseImage(): Promise<string> {
  const npm = npmDir();
  const npmVersion = JSON.parse(fs.readFileSync(path.join(npm, 'package.json'), 'utf8')).version;
  const key = crypto.createHash('sha256').update(JSON.stringify([process.version, npmVersion, baseArgs(npm)])).digest('hex').slice(0, 16);
  const name = `localhost/vrouter-test-base:${key}`;
  if (await podman(['image', 'exists', name]).then(() => true, () => false)) return name;
  const tar = path.join(os.tmpdir(), `vrouter-test-base-${key}.tar`);
  if (!fs.existsSync(tar)) {
    const partial = `${tar}.${process.pid}.part`;
    try {
      await run('mmdebstrap', [...baseArgs(npm), partial], { maxBuffer: 64 << 20 });
    } catch (e) {
      fs.rmSync(partial, { force: true });
      throw new Error(`mmdebstrap: ${String((e as { stderr?: string }).stderr ?? e).trim().split('\n').slice(-3).join(' / ')}`);
    }
    fs.renameSync(partial, tar);
  }
  await podman(['import', '--quiet', '--change', 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', '--change', 'CMD ["node"]', tar, name]);
  return name;
}

/** The repository's root, the image's build context. */
export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');

/** Builds the Containerfile on `base`; the image's name. */
export async function buildImage(base: string, name: string): Promise<string> {
  await podman(['build', '--quiet', '--format', 'docker', '--build-arg', `BASE=${base}`, '-t', name, '-f', path.join(ROOT, 'Containerfile'), ROOT]);
  return name;
}
