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

import { formatId } from '../../core/store.js';
import { ipToInt } from '../../core/values.js';
import { VRRP_STATE_TABLE, type Interface, type RouterModel, type VrrpState } from '../model.js';
import type { Published, RoutingContext, Stage } from './context.js';

/** One VRRP interface that takes part in an election. */
interface Member {
  node: number;
  row: Interface;
  priority: number;
  /** The primary address of the parent (the advertisements' source), as a number. */
  primary: number;
  preempt: boolean;
}

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
    const interfaces: { node: number; row: Interface; authority: Interface; failed: boolean }[] = [];
    for (const n of ctx.nodes) {
      const model = n.model;
      const ifs = model.interfaces;
      const own = ifs.list.filter((r) => r.vrrp);
      // A group (group-authority) fails as one when any enabled member's parent does not run.
      const authorities = new Map(own.map((row) => [row, (row.vrrp!.authority !== undefined && ifs.byId.get(row.vrrp!.authority)) || row]));
      const failedGroups = new Set<Interface>();
      for (const [row, authority] of authorities) {
        if (row.enabled && !parentRuns(model, row)) failedGroups.add(authority);
      }
      const size = new Map<Interface, number>();
      for (const authority of authorities.values()) size.set(authority, (size.get(authority) ?? 0) + 1);
      for (const [row, authority] of authorities) {
        // A member fails with its group; an interface of no group fails on its own parent.
        const failed = failedGroups.has(authority) && (size.get(authority)! > 1 || !parentRuns(model, row));
        interfaces.push({ node: n.index, row, authority, failed });
      }
      for (const row of own) {
        // Only a group's authority (or an interface of no group) takes part in elections.
        if (!row.enabled || authorities.get(row) !== row || failedGroups.has(row)) continue;
        const parent = ifs.byId.get(row.vrrp!.parent!)!;
        const segment = fabric.domainOf(n.index, parent.actual);
        const key = [segment, ...agreement(model, row)].join('|');
        const list = groups.get(key) ?? [];
        list.push({
          node: n.index, row,
          priority: row.vrrp!.priority,
          primary: primaryAddress(model, parent),
          preempt: row.vrrp!.preempt,
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
      if (row.enabled) {
        // A group member is master exactly when its authority is.
        const master = !failed && authority.enabled && masters.has(`${node}:${authority.id}`);
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
      // The state as the router now shows it: its model again, after the election's records.
      const state: VrrpState = ctx.nodes[node].model.interfaces.byId.get(row.id)?.vrrp?.state ?? 'disabled';
      const before = this.states.get(id);
      this.states.set(id, state);
      if (state === before) continue;
      changed = true;
      if (state === 'master') {
        // A backup becomes master when its master-down timer runs out: its master is gone,
        // or (preemption) it discards the advertisements of a lower priority (RFC 5798 6.4.2).
        ctx.log(node, `${this.topics},info`, `${row.name} now MASTER, master down timer`);
        runScript(ctx, node, row, 'on-master');
      } else if (state === 'backup') {
        ctx.log(node, `${this.topics},info`, `${row.name} now BACKUP`);
        runScript(ctx, node, row, 'on-backup');
      } else if (state === 'failure' && before !== undefined && before !== 'disabled') {
        runScript(ctx, node, row, 'on-fail');
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
function agreement(model: RouterModel, row: Interface): string[] {
  const v = row.vrrp!;
  const auth = v.version === '2' ? [v.authentication, v.authentication === 'none' ? '' : v.password] : [];
  return [String(v.vrid), v.version, v.family, v.interval, ...auth, virtualAddresses(model, row).join(',')];
}

/** The addresses of a VRRP interface (the virtual router's), sorted. */
function virtualAddresses(model: RouterModel, row: Interface): string[] {
  return model.addresses[row.vrrp!.family === 'ipv6' ? 6 : 4]
    .filter((a) => a.enabled && (a.interfaceRef === row.ref || a.interfaceRef === row.name))
    .map((a) => a.ip)
    .sort();
}

function parentRuns(model: RouterModel, row: Interface): boolean {
  const parent = row.vrrp!.parent;
  return parent !== undefined && !!model.interfaces.byId.get(parent)?.running;
}

/** The parent's first IPv4 address: the source of the advertisements, the tie-breaker. */
function primaryAddress(model: RouterModel, parent: Interface): number {
  const a = model.addresses[4].find((x) => x.enabled && (x.interface === parent.id || x.interface === parent.actual));
  return a ? ipToInt(a.ip) : 0;
}

/** Runs a VRRP interface's script of a transition in the background, as the router does. */
function runScript(ctx: RoutingContext, node: number, row: Interface, field: 'on-master' | 'on-backup' | 'on-fail') {
  const source = row.vrrp!.scripts[field];
  if (source) ctx.script(node, source, 'vrrp');
}
