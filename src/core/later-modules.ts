// Node's modules a router's start does not use, loaded when first used: TLS (www-ssl, api-ssl,
// e-mail over TLS, https fetches; both ssl services are off on a first boot) and gzip (the
// web page's files, compressed at their first request). Loading them took about 6 ms of a
// start here (bench/PROFILE.md, start-up).

import { createRequire } from 'node:module';
import type httpsModule from 'node:https';
import type tlsModule from 'node:tls';
import type zlibModule from 'node:zlib';

const load = createRequire(import.meta.url);
const loaded: { https?: typeof httpsModule; tls?: typeof tlsModule; zlib?: typeof zlibModule } = {};

export const https = (): typeof httpsModule => (loaded.https ??= load('node:https') as typeof httpsModule);
export const tls = (): typeof tlsModule => (loaded.tls ??= load('node:tls') as typeof tlsModule);
export const zlib = (): typeof zlibModule => (loaded.zlib ??= load('node:zlib') as typeof zlibModule);
