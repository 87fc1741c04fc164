// Free loopback ports for servers a test must name by number: a vrouter process given
// --www-port, a port moved in /ip/service, two routers whose exports are compared (a router
// writes the ports it is given into /ip/service). A server that can bind port 0 and report
// the port it got (Router.bound, a lab's lab.json) needs none of this.
//
// Binding port 0, releasing it and starting a server on it later races every other test
// running at the same time: each of their port-0 binds lands in Linux's ephemeral range
// (32768-60999) and can take the port in between. These ports are taken below that range,
// checked free, and never handed out twice by one test process.

import net from 'node:net';

export type ServicePorts = Record<'www' | 'www-ssl' | 'api' | 'api-ssl' | 'ssh' | 'telnet' | 'snmp' | 'dns' | 'ntp', number>;

const LOW = 20000;
const EPHEMERAL = 32768;
const given = new Set<number>();

/** A port nothing listens on now, below the ephemeral range. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = LOW + Math.floor(Math.random() * (EPHEMERAL - LOW));
    if (given.has(port)) continue;
    given.add(port);
    if (await bindable(port)) return port;
  }
}

/** Free ports for each of a router's services. */
export async function freePorts(): Promise<ServicePorts> {
  return { www: await freePort(), 'www-ssl': await freePort(), api: await freePort(), 'api-ssl': await freePort(), ssh: await freePort(), telnet: await freePort(), snmp: await freePort(), dns: await freePort(), ntp: await freePort() };
}

/** Whether nothing listens on 127.0.0.1:port now. */
function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}
