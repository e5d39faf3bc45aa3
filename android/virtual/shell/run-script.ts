import type { DeviceState } from "../device/device-state.ts";
import type { UiModel } from "../ui/ui-model.ts";
import type { Command, CommandContext } from "./command-types.ts";
import { applyRedirects, type CommandStreams } from "./redirections.ts";
import { expandString, expandWord } from "./syntax/expand.ts";
import { parseScript } from "./syntax/parse-script.ts";
import type { LoopCommand, Script, ShellCommand, SimpleCommand } from "./syntax/script-ast.ts";

export const SHELL_NAME = "/system/bin/sh";

export interface ShellEnvironment {
  state: DeviceState;
  ui: UiModel;
  commands: ReadonlyMap<string, Command>;
}

export interface ScriptContext extends CommandStreams {
  signal: AbortSignal;
  /** The shell's variables; `export` and `NAME=value` change them. */
  vars: Map<string, string>;
  pid: number;
}

/** `exit`, and the end of `exec`: leaves the whole script with a code. */
class ExitScript {
  constructor(readonly code: number) {}
}

/** Runs a command line as the device's sh would; resolves with the last command's exit code. */
export async function runScript(runtime: ShellEnvironment, line: string, ctx: ScriptContext): Promise<number> {
  const parsed = parseScript(line);
  if (!parsed.ok) {
    ctx.stderr(`${SHELL_NAME}: syntax error: ${parsed.message}\n`);
    return 2;
  }
  try {
    return await runLists(runtime, parsed.script, ctx, 0);
  } catch (error) {
    if (error instanceof ExitScript) return error.code;
    throw error;
  }
}

async function runLists(runtime: ShellEnvironment, script: Script, ctx: ScriptContext, lastStatus: number) {
  let status = lastStatus;
  for (const list of script) {
    status = await runCommand(runtime, list.first, ctx, status);
    for (const { op, command } of list.rest) {
      if ((op === "&&") === (status === 0)) status = await runCommand(runtime, command, ctx, status);
    }
  }
  return status;
}

const lookupIn = (ctx: ScriptContext, lastStatus: number) => (name: string) =>
  name === "?" ? String(lastStatus) : name === "$" ? String(ctx.pid) : ctx.vars.get(name);

/** A loop's status is its body's last status, 0 when the body never ran. */
async function runLoop(runtime: ShellEnvironment, loop: LoopCommand, ctx: ScriptContext, lastStatus: number) {
  const lookup = lookupIn(ctx, lastStatus);
  const redirected = applyRedirects(
    loop.redirects.map((r) => ({ fd: r.fd, op: r.op, target: expandString(r.target, lookup) })),
    ctx,
    runtime.state.fs,
  );
  if ("error" in redirected) {
    ctx.stderr(`${SHELL_NAME}: ${redirected.error}\n`);
    return 1;
  }
  const inner: ScriptContext = { ...ctx, ...redirected.streams };
  let status = 0;
  let last = lastStatus;
  for (;;) {
    // A body of commands that never wait would otherwise hold the event loop, and with it the adb stream's close.
    await new Promise((resolve) => setImmediate(resolve));
    last = await runLists(runtime, loop.condition, inner, last);
    if ((last === 0) === loop.until) break;
    status = last = await runLists(runtime, loop.body, inner, last);
  }
  redirected.flush();
  return status;
}

const BUILTINS = new Set(["exit", "export", "exec"]);

async function runCommand(
  runtime: ShellEnvironment,
  command: ShellCommand,
  ctx: ScriptContext,
  lastStatus: number,
): Promise<number> {
  if (ctx.signal.aborted) throw new ExitScript(130);
  return command.kind === "loop"
    ? runLoop(runtime, command, ctx, lastStatus)
    : runSimple(runtime, command, ctx, lastStatus);
}

async function runSimple(
  runtime: ShellEnvironment,
  command: SimpleCommand,
  ctx: ScriptContext,
  lastStatus: number,
): Promise<number> {
  const lookup = lookupIn(ctx, lastStatus);
  const assignments = command.assignments.map((a) => [a.name, expandString(a.value, lookup)] as const);
  let argv = command.words.flatMap((word) => expandWord(word, lookup));
  let exec = false;
  if (argv[0] === "exec") {
    exec = true;
    argv = argv.slice(1);
  }
  const redirected = applyRedirects(
    command.redirects.map((r) => ({ fd: r.fd, op: r.op, target: expandString(r.target, lookup) })),
    ctx,
    runtime.state.fs,
  );
  if ("error" in redirected) {
    ctx.stderr(`${SHELL_NAME}: ${redirected.error}\n`);
    return 1;
  }
  const { streams, flush } = redirected;

  if (argv.length === 0) {
    for (const [name, value] of assignments) ctx.vars.set(name, value);
    return 0;
  }
  const [name, ...args] = argv as [string, ...string[]];
  if (BUILTINS.has(name) && !exec) {
    const status = builtin(name, args, ctx, streams, lastStatus);
    flush();
    return status;
  }
  const program = runtime.commands.get(name) ?? runtime.commands.get(name.replace(/^\/system\/(?:x?bin)\//, ""));
  let status: number;
  if (!program) {
    streams.stderr(`${SHELL_NAME}: ${name}: inaccessible or not found\n`);
    status = 127;
  } else {
    const env = new Map(ctx.vars);
    for (const [key, value] of assignments) env.set(key, value);
    const commandContext: CommandContext = {
      name,
      args,
      env,
      ...streams,
      signal: ctx.signal,
      state: runtime.state,
      ui: runtime.ui,
      pid: ctx.pid,
      runScript: (childLine, io) =>
        runScript(runtime, childLine, {
          ...io,
          signal: ctx.signal,
          vars: new Map(env),
          pid: runtime.state.processes.spawn(),
        }),
    };
    status = await program(commandContext);
  }
  flush();
  if (exec) throw new ExitScript(status);
  return status;
}

function builtin(
  name: string,
  args: string[],
  ctx: ScriptContext,
  streams: CommandStreams,
  lastStatus: number,
): number {
  if (name === "exit") {
    const code = args[0] === undefined ? lastStatus : Number(args[0]);
    if (!Number.isInteger(code)) {
      streams.stderr(`${SHELL_NAME}: exit: ${args[0]}: bad number\n`);
      throw new ExitScript(1);
    }
    throw new ExitScript(code & 0xff);
  }
  // export NAME=value / export NAME: every shell variable reaches commands here, so export only assigns.
  for (const arg of args) {
    const eq = arg.indexOf("=");
    if (eq > 0) ctx.vars.set(arg.slice(0, eq), arg.slice(eq + 1));
  }
  return 0;
}
