// Node's modules a router's start does not use, loaded when first used: TLS (www-ssl, api-ssl,
// e-mail over TLS, https fetches; both ssl services are off on a first boot), gzip (the
// web page's files, compressed at their first request) and readline (`vrouter console`'s
// password prompt). Loading them took about 6 ms of a start here, readline 3 ms more
// (bench/PROFILE.md, start-up).

import { createRequire } from 'node:module';
import type httpsModule from 'node:https';
import type readlineModule from 'node:readline';
import type tlsModule from 'node:tls';
import type zlibModule from 'node:zlib';

const load = createRequire(import.meta.url);
const loaded: { https?: typeof httpsModule; readline?: typeof readlineModule; tls?: typeof tlsModule; zlib?: typeof zlibModule } = {};

export const https = (): typeof httpsModule => (loaded.https ??= load('node:https') as typeof httpsModule);
export const readline = (): typeof readlineModule => (loaded.readline ??= load('node:readline') as typeof readlineModule);
export const tls = (): typeof tlsModule => (loaded.tls ??= load('node:tls') as typeof tlsModule);
export const zlib = (): typeof zlibModule => (loaded.zlib ??= load('node:zlib') as typeof zlibModule);
