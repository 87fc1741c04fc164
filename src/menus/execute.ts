// /execute: runs console commands given as text. With `as-string` the caller waits and gets
// what the script printed, `{ret: <output>}`; a failure is reported in that output with its
// command and line, as the router does (`input does not match any value of certificate
// (/ip/service/set (certificate); line 1)`, docs/routeros-facts.md 1.2). Without it the
// script starts as a background job of /system/script/job and the reply is the job's id at
// once (`{ret: "*1A"}`); `file=` keeps the job's output in a file. The output's lines are
// separated by `\r\n`, as a 7.x router's are (docs/routeros-facts.md 16).

import { CommandError, notEnoughPermissions } from '../core/errors.js';
import type { CommandContext, MenuDecl, Reply } from '../core/schema.js';
import { str } from '../core/values.js';
import type { ConsoleSession } from '../console/host.js';
import { describe } from '../console/interpreter.js';
import { consoleOf } from './console.js';

async function execute(ctx: CommandContext): Promise<Reply> {
  const { env, args } = ctx;
  const rt = consoleOf(env);
  const source = args.script ?? '';
  const session = ctx.session as ConsoleSession;
  if ('as-string' in args) {
    const lines: string[] = [];
    // A console's terminal takes what is printed as it comes (a ping's rows), and from then on
    // everything, in order; the rest comes in the reply (the console pages it). A failure
    // always comes in the reply.
    const stream = session.stream;
    let streaming = false;
    const output = (t: string) => { if (streaming) stream!(t); else lines.push(t); };
    const live = stream && ((t: string) => {
      if (!streaming) { streaming = true; for (const l of lines.splice(0)) stream(l); }
      stream(t);
    });
    try {
      // It runs as a job of its own, as on the router: listed, and removable to stop it.
      // What the script runs itself (`[/execute ... as-string]`) answers in its own reply.
      await rt.run(source, { session: { ...session, stream: undefined } as ConsoleSession, output, live, signal: ctx.signal, job: { type: 'command' } });
    } catch (e) {
      lines.push(describe(e));
    }
    // The router's console separates the lines it prints with CR LF, and so does this reply.
    return { ret: lines.join('\r\n') };
  }
  let output: ((t: string) => void) | undefined;
  if (args.file !== undefined) {
    // Writing a file takes the `ftp` policy, as every file write does (REST spec 5).
    if (!session.policies.has('ftp')) throw notEnoughPermissions();
    const files = rt.files();
    const name = args.file.endsWith('.txt') ? args.file : `${args.file}.txt`;
    const written: string[] = [];
    files?.write(name, '');
    output = (t) => { written.push(t); files?.write(name, written.join('\n') + '\n'); };
  }
  try {
    return { ret: rt.background(source, { session, type: 'command', output }) };
  } catch (e) {
    // No job can start (too many jobs, the router stopping): the router's failure, not a crash.
    throw new CommandError('failure', (e as Error).message);
  }
}

export const executeCommand: MenuDecl = {
  path: '',
  kind: 'dir',
  commands: {
    execute: {
      policy: ['read'],
      // `"as-string": "false"` still waits for the script ([lab] quickchr, 7.22.1).
      args: { script: { type: str(), required: true }, 'as-string': { type: str(), flag: true, present: true }, file: { type: str() } },
      unnamed: 'script',
      run: execute,
    },
  },
};
