// Debian's freeradius as a test's RADIUS server: an unprivileged process (`-f -X`: in the
// foreground, debug output on stdout) with its own configuration in a temporary directory,
// listening for authentication and accounting on free loopback ports. Its dictionary is the
// one Debian ships (/usr/share/freeradius, MikroTik's vendor 14988 included). Clients on
// 127.0.0.0/8 share `secret` and must send Message-Authenticator (require_message_authenticator).
// Accounting requests are written to the `detail` file as freeradius writes them; `seen()`
// is its debug output, where each request's attributes are listed as received.

import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from './ports.js';
import { tempDir } from './router.js';

export interface FreeRadius {
  auth: number;
  acct: number;
  secret: string;
  dir: string;
  /** freeradius' debug output so far. */
  seen(): string;
  /** The accounting requests written so far, one attribute list each ("Name = value" lines). */
  accounting(): string[][];
  stop(): Promise<void>;
}

/** `users`: freeradius' users file (each user's Cleartext-Password and reply attributes). */
export async function startFreeRadius(users: string, secret = 'testing123'): Promise<FreeRadius> {
  const dir = tempDir();
  const auth = await freePort();
  const acct = await freePort();
  fs.writeFileSync(path.join(dir, 'users'), users);
  fs.writeFileSync(path.join(dir, 'dictionary'), '');
  fs.writeFileSync(path.join(dir, 'radiusd.conf'), `
prefix = /usr
confdir = ${dir}
raddbdir = ${dir}
logdir = ${dir}
run_dir = ${dir}
libdir = /usr/lib/freeradius
pidfile = ${dir}/radiusd.pid
max_request_time = 5
cleanup_delay = 0
max_requests = 1024
log {
  destination = stdout
}
security {
  max_attributes = 200
  reject_delay = 0
  status_server = no
}
client loopback {
  ipaddr = 127.0.0.0/8
  secret = ${secret}
  require_message_authenticator = yes
}
modules {
  pap {
  }
  files {
    filename = ${dir}/users
  }
  always ok {
    rcode = ok
  }
  detail {
    filename = ${dir}/detail
    header = "%t"
    permissions = 0600
  }
}
server default {
  listen {
    type = auth
    ipaddr = 127.0.0.1
    port = ${auth}
  }
  listen {
    type = acct
    ipaddr = 127.0.0.1
    port = ${acct}
  }
  authorize {
    files
    pap
  }
  authenticate {
    Auth-Type PAP {
      pap
    }
  }
  accounting {
    detail
    ok
  }
}
`);
  const proc: ChildProcess = spawn('freeradius', ['-f', '-X', '-d', dir, '-n', 'radiusd'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let said = '';
  await new Promise<void>((ok, fail) => {
    const seen = (b: Buffer) => { said += b; if (said.includes('Ready to process requests')) ok(); };
    proc.stdout!.on('data', seen);
    proc.stderr!.on('data', seen);
    proc.on('exit', (code) => fail(new Error(`freeradius exited ${code}: ${said.slice(-2000)}`)));
  });
  return {
    auth, acct, secret, dir,
    seen: () => said,
    accounting: () => {
      const file = path.join(dir, 'detail');
      if (!fs.existsSync(file)) return [];
      return fs.readFileSync(file, 'utf8').split(/\n\n+/).filter((b) => b.trim()).map((b) => b.split('\n').slice(1).map((l) => l.trim()).filter((l) => l && !l.startsWith('Timestamp')));
    },
    stop: () => new Promise<void>((ok) => { proc.removeAllListeners('exit'); if (proc.exitCode !== null) return ok(); proc.on('exit', () => ok()); proc.kill(); }),
  };
}

/** The attributes of each Access-Request freeradius received, in order, as its debug output lists them. */
export function accessRequests(debug: string): string[][] {
  const out: string[][] = [];
  const lines = debug.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^\((\d+)\) Received Access-Request/.exec(lines[i]);
    if (!m) continue;
    const attrs: string[] = [];
    for (let j = i + 1; j < lines.length && lines[j].startsWith(`(${m[1]})   `); j++) attrs.push(lines[j].slice(`(${m[1]})   `.length).trim());
    out.push(attrs);
  }
  return out;
}
