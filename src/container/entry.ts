#!/usr/bin/env node
// The image's entry point (Containerfile ENTRYPOINT): `vrouter` with the container's own
// defaults put before the arguments given to `docker run IMAGE ...`: the data directory is the
// /data volume, the faces listen on every address of the container and on the router's real
// ports (a container has its own network namespace; docker and podman let a non-root user bind
// them, see Containerfile), and a startup-config where containerlab mounts one. The
// environment (VROUTER_*) and the arguments given win, as the last of two same flags does.
// `lab`, `console` and `--help` are passed on as they are. The program is ../launch.ts, as `vrouter` runs it.

import fs from 'node:fs';
import { CONTAINER_FLAGS } from './ports.js';
import { ENV_FLAGS, environmentFlags } from './environment.js';

/**
 * Where containerlab mounts a RouterOS node's startup-config (nodes/vr_ros: the lab's
 * `ftpboot` directory at /ftpboot, the file config.auto.rsc); run at the first boot when there.
 */
export const CLAB_STARTUP_CONFIG = '/ftpboot/config.auto.rsc';

const given = process.argv.slice(2);
const passOn = given[0] === 'lab' || given[0] === 'console';
const startup = fs.existsSync(CLAB_STARTUP_CONFIG) ? [`--startup-config=${CLAB_STARTUP_CONFIG}`] : [];
// The container's defaults, then the environment, then the arguments: each wins over those before.
// The environment is read here, so `vrouter` itself does not put it before the defaults.
const environment = environmentFlags(process.env);
for (const name of Object.keys(ENV_FLAGS)) delete process.env[name];
process.argv = [process.argv[0], process.argv[1], ...(passOn ? given : [...CONTAINER_FLAGS, ...startup, ...environment, ...given])];
// Not awaited: bundled, this is CommonJS (scripts/bundle.mjs), which has no top-level await.
void import('../launch.js');
