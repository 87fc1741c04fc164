// The router's real ports, which the image's faces listen on (Containerfile EXPOSE lists the
// same), and the rest of the container's defaults.

import type { OwnFaceName, ServiceName } from '../services/services.js';

/** The faces whose port is a flag (radius listens where /radius/incoming says, 3799, in the container too). */
type FlagFace = ServiceName | OwnFaceName;

/** Each face's port on a real router (RouterOS manual: IP/Services; SNMP 161, DNS 53, NTP 123). */
export const REAL_PORTS: Readonly<Record<FlagFace, number>> = {
  www: 80, 'www-ssl': 443, api: 8728, 'api-ssl': 8729, ssh: 22, telnet: 23, snmp: 161, dns: 53, ntp: 123,
};

/** The flag of each face's port (src/cli.ts). */
const PORT_FLAG: Readonly<Record<FlagFace, string>> = {
  www: '--www-port', 'www-ssl': '--www-ssl-port', api: '--api-port', 'api-ssl': '--api-ssl-port',
  ssh: '--ssh-port', telnet: '--telnet-port', snmp: '--snmp-port', dns: '--dns-port', ntp: '--ntp-port',
};

/** What `vrouter` is given in the container before the user's arguments. */
export const CONTAINER_FLAGS: readonly string[] = [
  '--data-dir=/data', '--listen=0.0.0.0',
  ...Object.entries(REAL_PORTS).map(([face, port]) => `${PORT_FLAG[face as FlagFace]}=${port}`),
];
