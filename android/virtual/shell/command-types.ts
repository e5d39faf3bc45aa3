import type { DeviceState } from "../device/device-state.ts";
import type { UiModel } from "../ui/ui-model.ts";
import type { StdinSource } from "./stdin-source.ts";

/** Where a command writes: the session's stream, a file being redirected into, or /dev/null. */
export type OutputSink = (data: Buffer | string) => void;

/** One command invocation, as a device binary sees it. */
export interface CommandContext {
  /** argv[0] as typed (e.g. `pm`, `/system/bin/pm`). */
  name: string;
  args: string[];
  /** The environment: exported variables and `NAME=value` prefixes. */
  env: ReadonlyMap<string, string>;
  stdin: StdinSource;
  stdout: OutputSink;
  stderr: OutputSink;
  /** Aborted when the adb stream closes: long commands (logcat, sleep) stop. */
  signal: AbortSignal;
  state: DeviceState;
  ui: UiModel;
  /** Pid of the shell running the command (what `am` reports as the caller). */
  pid: number;
  /** Runs a command line in a child shell with this environment (`sh -c`). */
  runScript(line: string, io: Pick<CommandContext, "stdin" | "stdout" | "stderr">): Promise<number>;
}

/** A device binary: prints, and resolves with its exit code. */
export type Command = (ctx: CommandContext) => number | Promise<number>;
