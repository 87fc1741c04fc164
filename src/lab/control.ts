// How a running lab's Linux hosts are reached: the lab listens for exec requests on a port of
// its own, named in lab.json (`"exec": "http://127.0.0.1:PORT/exec"`), and
// `vrouter lab exec NODE -- CMD ...` is its client, as `containerlab exec` is docker's:
//
//   POST /exec  {"node": "PC1", "cmd": ["ping", "-c", "3", "10.0.0.1"]}      (cmd: a list, or one line)
//   200         {"stdout": "PING 10.0.0.1 ...", "stderr": "", "return-code": 0}
//
// (the fields of `containerlab exec --format json`). The command finds its lab as
// containerlab does: `-t TOPOLOGY.yml`, else the one *.clab.yml (or .clab.yaml) in the
// current directory; the lab's data is in --data-dir, else clab-NAME beside the topology.

import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Lab } from './lab.js';
import { readTopology, TopologyError } from './topology.js';

/** An exec request's body at most (a command line, not a file). */
const BODY_LIMIT = 65_536;

const send = (res: http.ServerResponse, status: number, body: unknown) => {
  const text = JSON.stringify(body) + '\n';
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
};

/** Starts the lab's exec port on `listen` (a free port); resolves with its URL. */
export async function serveExec(lab: Lab, listen: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (req.url !== '/exec') return send(res, 404, { error: 'not found (POST /exec)' });
    if (req.method !== 'POST') return send(res, 405, { error: 'POST /exec with {"node": ..., "cmd": [...]}' });
    let body = '';
    let over = false;
    req.setEncoding('utf8');
    req.on('data', (d: string) => {
      body += d;
      if (body.length > BODY_LIMIT && !over) { over = true; send(res, 413, { error: `request over ${BODY_LIMIT} bytes` }); req.destroy(); }
    });
    req.on('end', () => {
      if (over) return;
      let doc: { node?: unknown; cmd?: unknown };
      try {
        doc = JSON.parse(body);
      } catch {
        return send(res, 400, { error: 'body is not JSON ({"node": ..., "cmd": [...]})' });
      }
      const cmd = typeof doc?.cmd === 'string' ? doc.cmd.split(/\s+/).filter(Boolean) : doc?.cmd;
      if (typeof doc?.node !== 'string' || !Array.isArray(cmd) || cmd.some((w) => typeof w !== 'string')) {
        return send(res, 400, { error: 'needs "node" (a name) and "cmd" (a list of words or one line)' });
      }
      lab.exec(doc.node, cmd as string[]).then(
        (r) => send(res, 200, { stdout: r.stdout, stderr: r.stderr, 'return-code': r.code }),
        (e) => send(res, 500, { error: (e as Error).message }),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, listen, () => resolve());
  });
  const port = (server.address() as { port: number }).port;
  const host = listen.includes(':') ? `[${listen === '::' ? '::1' : listen}]` : listen === '0.0.0.0' ? '127.0.0.1' : listen;
  return {
    url: `http://${host}:${port}/exec`,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

export const EXEC_HELP = `Usage: vrouter lab exec [-t TOPOLOGY.yml] [--data-dir DIR] NODE -- COMMAND [ARG...]

Runs a command on a Linux host (kind: linux) of a running lab and prints its output; the
exit status is the command's. Hosts run ping (with -c), ip route, ip -br address and the
lines their exec: may hold (ip address|route|link ..., udhcpc, dhclient, sysctl).
Without -t, the topology is the one *.clab.yml in the current directory.
`;

/** `vrouter lab exec ...`: resolves with the process's exit status. */
export async function execCommand(argv: readonly string[]): Promise<number> {
  const usage = (message: string) => { process.stderr.write(`vrouter lab exec: ${message}\n`); return 2; };
  let topo: string | undefined, dataDir: string | undefined, node: string | undefined;
  const dash = argv.indexOf('--');
  const own = dash < 0 ? argv : argv.slice(0, dash);
  const cmd = dash < 0 ? [] : argv.slice(dash + 1);
  for (let i = 0; i < own.length; i++) {
    const a = own[i];
    if (a === '--help' || a === '-h') { process.stdout.write(EXEC_HELP); return 0; }
    if (a === '-t' || a === '--topo') topo = own[++i] ?? '';
    else if (a === '--data-dir') dataDir = own[++i] ?? '';
    else if (a.startsWith('-')) return usage(`unknown flag ${a} (see vrouter lab exec --help)`);
    else if (node === undefined) node = a;
    else return usage(`one node only, then -- and the command (${node}, ${a})`);
  }
  if (topo === '' || dataDir === '') return usage('-t and --data-dir need a value');
  if (!node) return usage('exec needs a node (vrouter lab exec NODE -- COMMAND ...)');
  if (!cmd.length) return usage('exec needs a command after -- (vrouter lab exec NODE -- ping -c 3 ADDRESS)');
  if (!dataDir) {
    if (!topo) {
      const found = fs.readdirSync('.').filter((f) => /\.clab\.ya?ml$/.test(f));
      if (found.length !== 1) return usage(found.length ? `more than one topology here (${found.join(', ')}): give -t` : 'no *.clab.yml here: give -t TOPOLOGY.yml');
      topo = found[0];
    }
    try {
      dataDir = path.join(path.dirname(path.resolve(topo)), `clab-${readTopology(topo).name}`);
    } catch (e) {
      return usage(e instanceof TopologyError ? e.message : (e as Error).message);
    }
  }
  let url: string | undefined;
  try {
    url = JSON.parse(fs.readFileSync(path.join(dataDir, 'lab.json'), 'utf8')).exec;
  } catch {
    return usage(`no lab has run in ${dataDir} (no lab.json)`);
  }
  if (typeof url !== 'string') return usage(`the lab in ${dataDir} has no Linux hosts`);
  let reply: Response;
  try {
    reply = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ node, cmd }) });
  } catch {
    return usage(`the lab in ${dataDir} is not running (nothing answers at ${url})`);
  }
  const doc = await reply.json() as { stdout?: string; stderr?: string; 'return-code'?: number; error?: string };
  if (!reply.ok) return usage(doc.error ?? `the lab answered ${reply.status}`);
  process.stdout.write(doc.stdout ?? '');
  process.stderr.write(doc.stderr ?? '');
  return doc['return-code'] ?? 1;
}
