// /ip/service: the router's own network services (which port, from where, with which
// certificate), and /ip/service/webserver: which parts of the web server answer.
// The services themselves (src/services) read these records and report back whether they
// could listen (`invalid`).

import { formatId } from '../../core/store.js';
import { NO_MATCH, noMatch } from '../../core/errors.js';
import type { MenuDecl } from '../../core/schema.js';
import type { ValueType } from '../../core/types.js';
import { bool, int, ipv4Prefix, ipv6Prefix, listOf, name, oneOf, str } from '../../core/values.js';
import { dynamic, flag, ref } from '../common.js';
import { certificateUsable } from '../certificate.js';

/** What the running services report about one of them; registered at `env.services.serviceStatus`. */
export type ServiceStatus = (name: string) => { invalid: boolean } | undefined;

const v4Prefix = ipv4Prefix();
/** An IPv4 or IPv6 prefix a service accepts clients from. */
export const prefix46: ValueType = {
  name: 'ip-prefix',
  desc: 'A.B.C.D/M    (IP prefix) | IPv6/0..128    (IPv6 prefix)',
  parse(input) {
    return input.includes(':') ? ipv6Prefix.parse(input) : v4Prefix.parse(input);
  },
  compare: (a, b) => (a < b ? -1 : a > b ? 1 : 0),
};
const prefixes = listOf(prefix46, { allowEmpty: true });

/**
 * The services in the router's print order, with the ids the router gives them: ids are
 * not in print order (telnet is *0, www-ssl *6; the others follow the same old numbering).
 */
const SERVICES = [
  { id: 0x0, name: 'telnet', port: '23' },
  { id: 0x1, name: 'ftp', port: '21' },
  { id: 0x2, name: 'www', port: '80' },
  { id: 0x3, name: 'ssh', port: '22' },
  { id: 0x6, name: 'www-ssl', port: '443', ssl: true, disabled: 'yes' },
  { id: 0x7, name: 'api', port: '8728' },
  { id: 0x8, name: 'winbox', port: '8291' },
  // The default configuration has api-ssl off as well, like www-ssl.
  { id: 0x9, name: 'api-ssl', port: '8729', ssl: true, disabled: 'yes' },
];

export const service: MenuDecl = {
  path: 'ip/service',
  kind: 'table',
  key: 'name',
  fields: {
    name: { type: name, readOnly: true },
    port: { type: int({ min: 1, max: 65535 }), required: true },
    // Empty: clients from anywhere. 7.24 renamed `address` to `available-from`.
    'available-from': { type: prefixes, default: '' },
    // The old name, still accepted by `set`; never shown (verify moves it to available-from).
    address: { type: prefixes, derive: () => undefined },
    // Only www-ssl and api-ssl have a certificate and a TLS version. The certificate is a
    // record of /certificate (a rename follows through), or `none`.
    certificate: ref('certificate', { words: ['none'] }),
    'tls-version': { type: oneOf(['any', 'only-1.2'], { message: NO_MATCH }) },
    // `main` or a VRF (manual "Services": the vrf a service listens in; `set ssh vrf=mgmt`),
    // stored by id so a renamed VRF shows through.
    vrf: ref('ip/vrf', { default: 'main', words: ['main'] }),
    'max-sessions': { type: int({ min: 1, max: 1000 }), default: '20' },
    proto: { type: str(), readOnly: true, default: 'tcp' },
    dynamic,
    // The service could not listen on its port (taken by another program).
    invalid: flag((row, env) => (env.services.serviceStatus as ServiceStatus | undefined)?.(row.values.name)?.invalid ?? false),
  },
  verify(next, env, previous) {
    if (next.address !== undefined) {
      next['available-from'] = next.address;
      delete next.address;
    }
    // Only a signed certificate with its private key can serve; a template, or one still
    // being signed, is not among the values (the router's words when one is named too early).
    const cert = next.certificate;
    if (cert !== undefined && cert !== 'none' && cert !== previous?.values.certificate && !certificateUsable(env, cert)) {
      throw noMatch('certificate');
    }
  },
  defaults: SERVICES.map((s) => ({
    '.id': formatId(s.id),
    name: s.name,
    port: s.port,
    ...(s.disabled ? { disabled: s.disabled } : {}),
    ...(s.ssl ? { certificate: 'none', 'tls-version': 'any' } : {}),
  })),
};

// ---------------------------------------------------------------- /ip/service/webserver

const on = { type: bool, default: 'true' };

/** Every part of the web server is on out of the box; a part turned off answers 403. */
export const webserver: MenuDecl = {
  path: 'ip/service/webserver',
  kind: 'settings',
  fields: {
    'acme-plain': on,
    'crl-plain': on,
    'graphs-plain': on,
    'graphs-secure': on,
    // The home page; only served when webfig and graphs are off too.
    'index-plain': on,
    'index-secure': on,
    'rest-plain': on,
    'rest-secure': on,
    'scep-plain': on,
    'webfig-plain': on,
    'webfig-secure': on,
  },
};
