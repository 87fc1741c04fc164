// A node's boot in the lab, as containerlab keeps a node in its lab directory: what the node's
// own directory holds wins over the topology, and the topology's startup-config is applied
// only at the node's first boot (containerlab nodes/default_node.go GenerateConfig: "If the
// config file is already present in the node dir we do not regenerate the config unless
// EnforceStartupConfig is explicitly set"; manual/conf-artifacts.md: a lab deployed again
// reuses the configuration saved there).
//
// A first boot is marked in the node's directory before the router writes anything there,
// and the mark goes only once the first boot has finished (identity, MAC addresses,
// certificate, startup-config). A directory still marked is a half-made node (its first boot
// failed, or the lab was stopped or killed meanwhile): the next start removes it and boots the
// node afresh, so a corrected startup-config is applied.

import fs from 'node:fs';
import path from 'node:path';
import type { Environment } from '../core/schema.js';
import { STORE_FILE } from '../core/store.js';
import type { FileStore } from '../device/files.js';
import type { Router } from '../router.js';
import type { LabNode } from './topology.js';
import type { Pair } from './tls.js';

const MARK = 'first-boot';
const MARK_TEXT = 'This node\'s first boot in the lab has not finished: the next start of the lab removes this directory and boots the node afresh.\n';

/**
 * How a node boots from its directory: `first` (nothing configured there: the directory is
 * marked and the first boot follows), or `again` (its configuration is kept). `afresh` (the
 * lab's --reconfigure, the node's enforce-startup-config) removes what the directory holds.
 * In the thread pool: on a busy disk a new directory, its mark and its database take
 * milliseconds, which the event loop spends booting other nodes meanwhile.
 */
export async function readyNodeDir(dir: string, afresh: boolean, blank: string): Promise<'first' | 'again'> {
  if (afresh || fs.existsSync(path.join(dir, MARK))) await fs.promises.rm(dir, { recursive: true, force: true });
  if (fs.existsSync(path.join(dir, STORE_FILE))) return 'again';
  await fs.promises.mkdir(dir, { recursive: true });
  await fs.promises.writeFile(path.join(dir, MARK), MARK_TEXT);
  // Under the mark: the node's store begins as a copy of the lab's blank one (Store.blank).
  await fs.promises.copyFile(blank, path.join(dir, STORE_FILE));
  return 'first';
}

/** The first boot has finished: the node is configured. */
export async function firstBootDone(dir: string) {
  await fs.promises.rm(path.join(dir, MARK), { force: true });
}

/** What a first boot needs besides the node: its place in the lab and its certificate. */
export interface FirstBoot {
  index: number;
  /** The node's certificate and key for www-ssl and api-ssl (none: the router's own defaults). */
  tls?: Pair;
  /** Stops a startup-config under way (the lab is being stopped). */
  signal?: AbortSignal;
}

/**
 * A node's first boot in the lab: the node's name as its identity, its own MAC addresses (a
 * lab's routers must not share one), its certificate in use by www-ssl and api-ssl, then its
 * startup-config, run as an import (after the certificate, so that it may change the services).
 */
export async function firstBoot(router: Router, node: LabNode, o: FirstBoot) {
  const env = router.engine as unknown as Environment;
  const changes = [];
  const hi = ((o.index + 1) >> 8) & 255, lo = (o.index + 1) & 255;
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(2, '0');
  for (const row of env.store.table('interface').rows) {
    const mac = row.values['orig-mac-address'];
    if (!mac?.startsWith('D4:01:C3:00:00:')) continue;
    changes.push({ op: 'update' as const, table: 'interface', id: row.id, values: { ...row.values, 'orig-mac-address': `D4:01:C3:${hex(hi)}:${hex(lo)}:${mac.slice(-2)}` } });
  }
  const identity = env.store.table('system/identity').rows[0];
  if (identity) changes.push({ op: 'update' as const, table: 'system/identity', id: identity.id, values: { ...identity.values, name: node.name } });
  else changes.push({ op: 'insert' as const, table: 'system/identity', row: env.store.newRow('system/identity', { name: node.name }, false) });
  env.store.commit(changes);
  /** A script run as the router's own at its console; its failure told in one line after `what`. */
  const run = async (source: string, what: string) => {
    try {
      await router.runScript(source, 'console', false, o.signal);
    } catch (e) {
      throw new Error(`${what}: ${(e as Error).message.split('\n')[0]}`);
    }
  };
  if (o.tls) {
    // As a user installs a certificate: a file, its import (the router names what it imports
    // after the file: NODE.pem_0), the services set to it. The CA stays out: a server sends its
    // own certificate, and the client trusts the CA.
    const file = `${node.name}.pem`;
    (env.services.files as FileStore).write(file, o.tls.cert + o.tls.key);
    await run([
      `/certificate import file-name=${JSON.stringify(file)} passphrase=""`,
      `/ip service set www-ssl,api-ssl certificate=${JSON.stringify(`${file}_0`)} disabled=no`,
      `/file remove ${JSON.stringify(file)}`,
    ].join('\n'), `node ${node.name}: certificate`);
  }
  if (node.startupConfig) await run(fs.readFileSync(node.startupConfig, 'utf8'), `node ${node.name}: startup-config ${path.basename(node.startupConfig)}`);
}
