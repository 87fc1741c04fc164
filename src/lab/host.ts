// A Linux host of the lab at run time: its model (./model-host.ts) kept up to date with the
// carrier of its ports and its DHCP leases, the counters of its interfaces, and the commands
// `vrouter lab exec` runs on it (./host-commands.ts).

import { Traffic } from '../device/traffic.js';
import type { HostAddress, HostConfig, HostRoute } from './host-exec.js';

/** What a host's DHCP client was given (./dhcp.ts). */
export interface HostLease { dev: string; ip: string; prefix: number; gateway?: string }
import { buildHostModel } from './model-host.js';
import type { RouterModel } from './model.js';

export class LabHost {
  /** What the network counts on the host's interfaces (by the model's interface ids). */
  readonly device = { traffic: new Traffic() };
  private carrier = new Map<string, boolean>();
  private kept?: RouterModel;

  constructor(readonly name: string, readonly index: number, private configured: HostConfig) {}

  /** The host's interfaces, addresses, routes and DHCP clients as its commands left them. */
  get config(): HostConfig { return this.configured; }

  /** A command changed the host (`vrouter lab exec HOST -- ip ...`). */
  reconfigure(config: HostConfig) {
    this.configured = config;
    this.kept = undefined;
  }

  /** The host as the network reads it now. */
  get model(): RouterModel {
    this.kept ??= buildHostModel(this.name, this.config, (port) => this.carrier.get(port) ?? false);
    return this.kept;
  }

  /** Carrier on the host's ports, by name (eth0, the management port, always has it). */
  setCarrier(carrier: ReadonlyMap<string, boolean>) {
    const same = carrier.size === this.carrier.size && [...carrier].every(([k, v]) => this.carrier.get(k) === v);
    if (same) return;
    this.carrier = new Map(carrier);
    this.kept = undefined;
  }

  /** What SLAAC makes of the advertisements the host hears now (./host-slaac.ts): its addresses and default routes. */
  autoconfigured(got: { addresses: HostAddress[]; routes: HostRoute[] }) {
    const c = this.configured;
    const key = (x: unknown[]) => JSON.stringify(x);
    if (key(c.addresses.filter((a) => a.slaac)) === key(got.addresses) && key(c.routes.filter((r) => r.slaac)) === key(got.routes)) return;
    this.reconfigure({ ...c, addresses: [...c.addresses.filter((a) => !a.slaac), ...got.addresses], routes: [...c.routes.filter((r) => !r.slaac), ...got.routes] });
  }

  /** The DHCP client running on `dev`. */
  dhcpClient(dev: string) {
    return this.configured.dhcp.find((d) => d.dev === dev);
  }

  /**
   * What a DHCP client on `dev` was given, or its lease gone: its client script sets the
   * address and the default route via the lease's router (busybox's default.script, Debian's
   * dhclient-script), which then are the host's as any command's are; a lease gone takes them.
   */
  leased(dev: string, lease: HostLease | undefined) {
    const c = this.configured;
    const addresses = c.addresses.filter((a) => !(a.dhcp && a.dev === dev));
    const routes = c.routes.filter((r) => !(r.dhcp && r.dev === dev));
    if (lease) {
      addresses.push({ family: 4, ip: lease.ip, prefix: lease.prefix, dev, dhcp: true });
      if (lease.gateway) routes.push({ family: 4, dst: '0.0.0.0', prefix: 0, via: lease.gateway, dev, metric: 0, dhcp: true });
    }
    this.reconfigure({ ...c, addresses, routes });
  }
}
