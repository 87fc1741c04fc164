// Binding a face's listening socket: every face (www, api, ssh, telnet) listens the same way.

import type net from 'node:net';

/** Listens on `host:port` (port 0: a free one); the port bound, or the bind's error (EADDRINUSE ...). */
export function listenOn(server: net.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as net.AddressInfo).port);
    });
  });
}
