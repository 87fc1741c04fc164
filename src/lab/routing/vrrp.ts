// VRRP between the routers of a lab (RFC 5798, RFC 3768 for version 2), computed as the
// routers converge rather than with packets. The VRRP interfaces of one layer-2 segment
// (their parents' domain in the fabric) with one VRID form a virtual router when they hear
// each other: same version, address family, interval, the same virtual addresses, and for
// version 2 the same authentication and password (the router discards any other
// advertisement: routeros-facts.md 26.7); routers that disagree each elect their own master.
// The master is the highest priority, then the highest primary address; a backup with
// preemption-mode=no leaves a running master alone. The result is each router's record of
// each VRRP interface's state (dynamic rows of its VRRP_STATE_TABLE), which is what `running`,
// the virtual address (ARP in the fabric, forwarding, `invalid`) and the connected route read; transitions write the router's log line and run the
// interface's on-master / on-backup script. VRRP interfaces grouped by `group-authority`
// follow their authority, and fail together when any one's parent does not run (manual).

import type { Environment } from '../../core/schema.js';
import { formatId, type Row } from '../../core/store.js';
import { ipToInt } from '../../core/values.js';
import { consoleOf } from '../../menus/console.js';
import { INTERFACE_TABLE, VRRP_STATE_TABLE, isRunning } from '../../menus/interface/interface.js';
import { groupAuthorityOf, vrrpState, type VrrpState } from '../../menus/interface/vrrp.js';
import { grantedPolicies } from '../../menus/user/user.js';
import { actualInterface, interfaceRow } from '../fabric.js';
import type { Published, RoutingContext, Stage } from './context.js';

/** One VRRP interface that takes part in an election. */
interface Member {
  node: number;
  row: Row;
  priority: number;
  /** The primary address of the parent (the advertisements' source), as a number. */
  primary: number;
  preempt: boolean;
}

/** What a VRRP script runs with: every policy (the router's own scripts are not a user's). */
const SCRIPT_POLICIES = 'local,telnet,ssh,ftp,reboot,read,write,policy,test,winbox,password,web,sniff,sensitive,api,romon,rest-api';

/**
 * The priority of the address owner: it is master whenever it runs, preemption or not
 * (RFC 5798). RouterOS takes 1..254 and cannot be the owner; kept for the rule's sake.
 */
const OWNER = 255;

export class Vrrp implements Stage {
  readonly name = 'vrrp';
  readonly topics = 'vrrp';
  // The VRRP interfaces live in the interface table; their virtual addresses decide who hears whom.
  readonly inputs = ['interface', 'ip/address', 'ipv6/address'];
  /** Each VRRP interface's state after the last run, by `node:id`. */
  private readonly states = new Map<string, VrrpState>();

  run(ctx: RoutingContext): void {
    const fabric = ctx.fabric();
    const groups = new Map<string, Member[]>();
    const interfaces: { node: number; row: Row; authority: Row; failed: boolean }[] = [];
    for (const n of ctx.nodes) {
      const env = n.env;
      const own = env.store.table(INTERFACE_TABLE).rows.filter((r) => r.values.type === 'vrrp');
      // A group (group-authority) fails as one when any enabled member's parent does not run.
      const authorities = new Map(own.map((row) => [row, groupAuthorityOf(env, row) ?? row]));
      const failedGroups = new Set<Row>();
      for (const [row, authority] of authorities) {
        if (row.values.disabled !== 'true' && !parentRuns(env, row)) failedGroups.add(authority);
      }
      const size = new Map<Row, number>();
      for (const authority of authorities.values()) size.set(authority, (size.get(authority) ?? 0) + 1);
      for (const [row, authority] of authorities) {
        // A member fails with its group; an interface of no group fails on its own parent.
        const failed = failedGroups.has(authority) && (size.get(authority)! > 1 || !parentRuns(env, row));
        interfaces.push({ node: n.index, row, authority, failed });
      }
      for (const row of own) {
        // Only a group's authority (or an interface of no group) takes part in elections.
        if (row.values.disabled === 'true' || authorities.get(row) !== row || failedGroups.has(row)) continue;
        const parent = interfaceRow(env, row.values.interface)!;
        const segment = fabric.domainOf(n.index, actualInterface(env, parent).id);
        const key = [segment, ...agreement(env, row)].join('|');
        const list = groups.get(key) ?? [];
        list.push({
          node: n.index, row,
          priority: Number(row.values.priority ?? 100),
          primary: primaryAddress(env, parent),
          preempt: row.values['preemption-mode'] !== 'false',
        });
        groups.set(key, list);
      }
    }
    const masters = new Set<string>();
    for (const members of groups.values()) {
      const m = this.elect(members);
      masters.add(`${m.node}:${m.row.id}`);
    }
    const seen = new Set<string>();
    const elected = ctx.nodes.map((): Published => new Map());
    for (const { node, row, authority, failed } of interfaces) {
      const id = `${node}:${row.id}`;
      seen.add(id);
      if (row.values.disabled !== 'true') {
        // A group member is master exactly when its authority is.
        const master = !failed && authority.values.disabled !== 'true' && masters.has(`${node}:${authority.id}`);
        const ref = formatId(row.id);
        elected[node].set(ref, { interface: ref, state: failed ? 'failure' : master ? 'master' : 'backup' });
      }
    }
    // The router's own record of the election: what `running`, the virtual address and the
    // fabric read (src/menus/interface/interface.ts).
    for (const n of ctx.nodes) ctx.publish(n.index, VRRP_STATE_TABLE, this.name, elected[n.index]);
    let changed = false;
    for (const { node, row } of interfaces) {
      const id = `${node}:${row.id}`;
      const n = ctx.nodes[node];
      const state = vrrpState(n.env, row);
      const before = this.states.get(id);
      this.states.set(id, state);
      if (state === before) continue;
      changed = true;
      if (state === 'master') {
        // A backup becomes master when its master-down timer runs out: its master is gone,
        // or (preemption) it discards the advertisements of a lower priority (RFC 5798 6.4.2).
        ctx.log(node, `${this.topics},info`, `${row.values.name} now MASTER, master down timer`);
        runScript(n.env, row, 'on-master');
      } else if (state === 'backup') {
        ctx.log(node, `${this.topics},info`, `${row.values.name} now BACKUP`);
        runScript(n.env, row, 'on-backup');
      } else if (state === 'failure' && before !== undefined && before !== 'disabled') {
        runScript(n.env, row, 'on-fail');
      }
    }
    for (const id of [...this.states.keys()]) if (!seen.has(id)) this.states.delete(id);
    if (changed) ctx.invalidateFabric();
  }

  /**
   * The master of one virtual router. A master that still runs stays master unless a better
   * priority preempts it (preemption-mode=yes, or the address owner); without a running master,
   * the best member's master-down timer runs out first (skew time: higher priority sooner).
   * Masters that meet (settings made to agree) keep the better one (RFC 5798 6.4.3).
   */
  private elect(members: Member[]): Member {
    const better = (a: Member, b: Member) => a.priority > b.priority || (a.priority === b.priority && a.primary > b.primary);
    const best = (list: Member[]) => list.reduce((a, b) => (better(b, a) ? b : a));
    const running = members.filter((m) => this.states.get(`${m.node}:${m.row.id}`) === 'master');
    if (!running.length) return best(members);
    const current = best(running);
    // A backup preempts only a lower priority: an equal one resets its timer (RFC 5798 6.4.2).
    const preempting = members.filter((m) => (m.preempt || m.priority === OWNER) && m.priority > current.priority);
    return preempting.length ? best(preempting) : current;
  }
}

/**
 * What two VRRP interfaces of one segment must share to hear each other: the VRID, the
 * version and address family, the interval, the virtual addresses, and for version 2 the
 * authentication with its password (RFC 3768 7.1; VRRPv3 has no authentication, RFC 5798).
 */
function agreement(env: Environment, row: Row): string[] {
  const v = row.values;
  const version = v.version ?? '3';
  const family = version === '3' ? v['v3-protocol'] ?? 'ipv4' : 'ipv4';
  const auth = version === '2' ? [v.authentication ?? 'none', (v.authentication ?? 'none') === 'none' ? '' : v.password ?? ''] : [];
  return [v.vrid ?? '1', version, family, v.interval ?? '1s', ...auth, virtualAddresses(env, row, family).join(',')];
}

/** The addresses of a VRRP interface (the virtual router's), sorted. */
function virtualAddresses(env: Environment, row: Row, family: string): string[] {
  const ref = `*${row.id.toString(16).toUpperCase()}`;
  const table = family === 'ipv6' ? 'ipv6/address' : 'ip/address';
  return env.store.table(table).rows
    .filter((a) => a.values.disabled !== 'true' && (a.values.interface === ref || a.values.interface === row.values.name))
    .map((a) => (a.values.address ?? '').split('/')[0])
    .sort();
}

function parentRuns(env: Environment, row: Row): boolean {
  const parent = interfaceRow(env, row.values.interface);
  return parent !== undefined && isRunning(env, parent);
}

/** The parent's first IPv4 address: the source of the advertisements, the tie-breaker. */
function primaryAddress(env: Environment, parent: Row): number {
  const actual = actualInterface(env, parent);
  for (const a of env.store.table('ip/address').rows) {
    if (a.values.disabled === 'true' || !a.values.address) continue;
    const iface = interfaceRow(env, a.values.interface);
    if (iface && (iface === parent || iface === actual)) return ipToInt(a.values.address.split('/')[0]);
  }
  return 0;
}

/** Runs a VRRP interface's script of a transition in the background, as the router does. */
function runScript(env: Environment, row: Row, field: 'on-master' | 'on-backup' | 'on-fail') {
  const source = row.values[field];
  if (!source) return;
  const rt = consoleOf(env);
  const session = { user: 'admin', via: 'vrrp', policies: grantedPolicies(SCRIPT_POLICIES) };
  try {
    rt.background(source, { session, type: 'script' });
  } catch (e) {
    rt.reportError(undefined, e);
  }
}
