export type { Command, CommandContext, OutputSink } from "./command-types.ts";
export { DEVICE_COMMANDS } from "./commands/index.ts";
export { createDeviceShell } from "./device-shell.ts";
export { runScript, SHELL_NAME, type ScriptContext, type ShellEnvironment } from "./run-script.ts";
export { bufferStdin, streamStdin, type StdinSource } from "./stdin-source.ts";
export type {
  AndOrList,
  Assignment,
  LoopCommand,
  ParseResult,
  Redirect,
  RedirectOp,
  Script,
  ShellCommand,
  SimpleCommand,
  Word,
  WordPart,
} from "./syntax/script-ast.ts";
export { expandString, expandWord, type ParamLookup } from "./syntax/expand.ts";
export { parseScript } from "./syntax/parse-script.ts";
