// /import: runs a script file of the file store (an export, or any script) as if typed at
// the console, from the root path. Without `verbose` the whole file is checked first, then
// run; the first failing command stops it, keeping what ran before, and the reply names the
// command and line (`Script Error: failure: ... (/interface/bridge/add; line 2)`, measured
// on 7.24.4). `verbose=yes` runs and reports the file command by command (`dry-run` only
// checks, `from-line` starts further down). At the console the router prints
// "Opening script file NAME" and "Script file loaded and executed successfully".

import type { Environment, CommandContext, MenuDecl, Reply, Session } from '../core/schema.js';
import { CommandError } from '../core/errors.js';
import { int, str } from '../core/values.js';
import type { ConsoleSession } from '../console/host.js';
import { Interpreter, describe } from '../console/interpreter.js';
import { consoleOf } from './console.js';

export interface ImportOptions {
  verbose?: boolean;
  dryRun?: boolean;
  fromLine?: number;
  signal?: AbortSignal;
}

/** Reads and runs a script file; returns the verbose report. Throws CommandError on failure. */
export async function importFile(env: Environment, session: Session, name: string, opts: ImportOptions = {}): Promise<string[]> {
  const rt = consoleOf(env);
  const files = rt.files();
  const out = (session as ConsoleSession).output;
  const report: string[] = [];
  const say = (t: string) => { report.push(t); out?.(t); };
  const fileName = files?.exists(name) ? name : files?.exists(`${name}.rsc`) ? `${name}.rsc` : undefined;
  if (!files || fileName === undefined) throw new CommandError('failure', 'Cannot open import file, file does not exist');
  const source = files.read(fileName).toString('utf8');
  out?.(`Opening script file ${fileName}`);
  const signal = opts.signal ?? new AbortController().signal;
  try {
    if (opts.verbose || opts.dryRun) {
      const interpreter = new Interpreter(rt, { session, signal, output: out ?? (() => {}) });
      await interpreter.runEach(source, { fromLine: opts.fromLine, dryRun: opts.dryRun, report: (line, text) => say(`#line ${line}: ${text}`) });
    } else {
      await rt.run(source, { session, output: out, signal });
    }
  } catch (e) {
    if (!(e instanceof Error) || e instanceof CommandError) throw e;
    const text = `Script Error: ${describe(e)}`;
    out?.('');
    throw new CommandError('failure', text);
  }
  if (out) {
    out('');
    out('Script file loaded and executed successfully');
  }
  return report;
}

const isOn = (v: string | undefined) => v !== undefined && v !== 'no' && v !== 'false';

async function runImport(ctx: CommandContext): Promise<Reply | void> {
  const { args } = ctx;
  const verbose = isOn(args.verbose);
  const dryRun = 'dry-run' in args && args['dry-run'] !== 'no';
  const report = await importFile(ctx.env, ctx.session, args['file-name'] ?? '', {
    verbose, dryRun, fromLine: args['from-line'] === undefined ? undefined : Number(args['from-line']), signal: ctx.signal,
  });
  // At the console the report is already on the screen; a REST or API caller gets it as the reply.
  if ((verbose || dryRun) && !(ctx.session as ConsoleSession).output) return { ret: report.join('\n') };
}

export const importCommand: MenuDecl = {
  path: '',
  kind: 'dir',
  commands: {
    import: {
      policy: ['read'],
      args: {
        'file-name': { type: str(), required: true }, verbose: { type: str() }, 'dry-run': { type: str(), flag: true },
        'from-line': { type: int({ min: 1 }) },
      },
      unnamed: 'file-name',
      run: runImport,
    },
  },
};
