#!/usr/bin/env node
// The image's HEALTHCHECK and Kubernetes' exec probes: healthy while the REST face answers.
// It asks without credentials (the admin password is the user's), so the router's 401 is the
// answer looked for: any HTTP answer under 500 means the REST service runs. Exit 0 healthy, 1 not.

const port = Number(process.env.VROUTER_HEALTH_PORT ?? 80);
try {
  const res = await fetch(`http://127.0.0.1:${port}/rest/system/identity`, { signal: AbortSignal.timeout(2000) });
  process.exit(res.status < 500 ? 0 : 1);
} catch (e) {
  process.stderr.write(`vrouter health: REST on port ${port} does not answer: ${(e as Error).message}\n`);
  process.exit(1);
}
