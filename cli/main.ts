import { buildTree, resolveCommand } from "./command-tree.ts";
import { bootRuntime, type BootOptions } from "../runtime/boot.ts";
import { explainingPluginFailures } from "../runtime/plugin-failures.ts";
import type { Kernel } from "../core/kernel/index.ts";
import { extractGlobals } from "./global-flags.ts";
import { renderHelp } from "./help.ts";
import { printError, printResult, type OutputMode } from "./output.ts";
import { toClawperatorError } from "../core/contracts/clawperator-error.ts";
import { packageVersion } from "../core/package-version.ts";
import { parseCommandArgs } from "./parse-command-args.ts";
import { servesMcpSession } from "./daemon/request.ts";
import { spareSuccessor } from "./daemon/spare-successor.ts";

// For the runtime client (cli/daemon/client.ts), bundled on its own, when it has to start a runtime or one failed.
export { reportLostRuntime } from "./daemon/lost-runtime.ts";
export const startRuntime = async (binPath: string): Promise<true | string> =>
  (await import("./daemon/start-runtime.ts")).startRuntime(binPath);

/**
 * A call run in this process (the runtime declined it, could not be reached, or is off). An MCP client's session
 * with the runtime allowed starts the spare MCP server that will serve the next one (cli/daemon/spare-successor.ts).
 */
export async function mainInProcess(
  argv: readonly string[],
  binPath: string,
  runtimeAllowed: boolean,
): Promise<number> {
  if (!runtimeAllowed || !servesMcpSession(argv)) return main(argv);
  const successor = spareSuccessor(bootRuntime, binPath);
  const code = await main(argv, { boot: successor.boot });
  // A session that failed (a config that does not load, a bad flag) would only fail the same way in a spare.
  if (code === 0) await successor.start();
  return code;
}

/** Loads the code of the command `words` name in `kernel`, without running it (a spare MCP server's preload). */
export async function loadCommand(kernel: Kernel, words: readonly string[]): Promise<void> {
  await resolveCommand(buildTree(kernel), [...words]).node.command?.load();
}

/**
 * Runs one CLI invocation and returns its exit code (spec/001 "Exit Codes": 0 success, 1 error). The warm runtime
 * runs many in one process and boots through its own `boot`, which keeps kernels between calls.
 */
export async function main(
  argv: readonly string[],
  options: { boot?: (options: BootOptions) => Promise<Kernel> } = {},
): Promise<number> {
  let mode: OutputMode = "json";
  let verbose = false;
  // An MCP session's stdout carries its client's protocol messages only: a failure to start it goes to stderr.
  let protocolOnStdout = servesMcpSession(argv);
  try {
    const globals = extractGlobals(argv, process.env);
    mode = globals.options.output;
    verbose = globals.options.verbose;
    protocolOnStdout = servesMcpSession(globals.rest);
    if (globals.version && globals.rest.length === 0) {
      process.stdout.write(`${packageVersion()}\n`);
      return 0;
    }

    const kernel = await (options.boot ?? bootRuntime)({
      verbose: globals.options.verbose,
      progress: globals.options.output === "pretty",
      ...(globals.options.configPath ? { configPath: globals.options.configPath } : {}),
      ...(globals.deviceFlag === undefined ? {} : { deviceId: globals.deviceFlag }),
    });
    const { node, args } = explainingPluginFailures(kernel, () => resolveCommand(buildTree(kernel), globals.rest));
    if (globals.help || !node.command) {
      process.stdout.write(await renderHelp(node, packageVersion()));
      return 0;
    }

    const name = node.path.join(" ");
    const parsed = parseCommandArgs(name, node.command.args ?? {}, args, {
      passthrough: node.command.passthrough === true,
    });
    const handler = (await node.command.load()).default;
    const result = await handler.run({
      args: parsed,
      globals: globals.options,
      services: kernel.services,
      config: kernel.config,
      logger: kernel.logger,
    });
    // A command that printed its own output as it went (e.g. a foreground device) returns nothing.
    if (result !== undefined) printResult(result, mode, handler.pretty);
    return handler.exitCode?.(result) ?? 0;
  } catch (error) {
    return printError(toClawperatorError(error), mode, verbose, protocolOnStdout ? process.stderr : process.stdout);
  }
}
