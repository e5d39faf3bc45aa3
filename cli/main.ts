import { buildTree, resolveCommand } from "./command-tree.ts";
import { DeviceLeases } from "../core/services/device-leases.ts";
import { bootRuntime } from "../runtime/boot.ts";
import { explainingPluginFailures } from "../runtime/plugin-failures.ts";
import { extractGlobals } from "./global-flags.ts";
import { renderHelp } from "./help.ts";
import { printError, printResult, type OutputMode } from "./output.ts";
import { toClawperatorError } from "../core/contracts/clawperator-error.ts";
import { packageVersion } from "../core/package-version.ts";
import { parseCommandArgs } from "./parse-command-args.ts";

/**
 * `clawperator mcp` over stdio: its stdout carries the client's protocol messages only, so a failure to start the
 * session (a config that does not load, a bad flag) goes to stderr. Judged on the words as typed, before the kernel
 * that knows the commands exists.
 */
const speaksProtocolOnStdout = (words: readonly string[]): boolean =>
  words[0] === "mcp" && !words.some((word) => word.startsWith("--http") || word === "--help" || word === "-h");

/**
 * Runs one CLI invocation and returns its exit code (docs/cli.md#exit-codes: 0 success, 1 error).
 */
export async function main(argv: readonly string[]): Promise<number> {
  let mode: OutputMode = "json";
  let verbose = false;
  let protocolOnStdout = speaksProtocolOnStdout(argv);
  let leases: DeviceLeases | undefined;
  try {
    const globals = extractGlobals(argv, process.env);
    mode = globals.options.output;
    verbose = globals.options.verbose;
    protocolOnStdout = speaksProtocolOnStdout(globals.rest);
    if (globals.version && globals.rest.length === 0) {
      process.stdout.write(`${packageVersion()}\n`);
      return 0;
    }

    const kernel = await bootRuntime({
      verbose: globals.options.verbose,
      progress: globals.options.output === "pretty",
      ...(globals.options.configPath ? { configPath: globals.options.configPath } : {}),
      ...(globals.deviceFlag === undefined ? {} : { deviceId: globals.deviceFlag }),
    });
    leases = kernel.services.resolve(DeviceLeases);
    if (!globals.outputChosen && kernel.config.output) {
      mode = kernel.config.output;
      globals.options.output = mode;
    }
    // `--help --all` lists a command's hidden flags too; `--all` is then no word of the command path.
    const all = globals.help && globals.rest.includes("--all");
    const words = all ? globals.rest.filter((word) => word !== "--all") : globals.rest;
    const { node, args } = explainingPluginFailures(kernel, () => resolveCommand(buildTree(kernel), words));
    if (globals.help || !node.command) {
      process.stdout.write(await renderHelp(node, packageVersion(), { all }));
      return 0;
    }

    const name = node.path.join(" ");
    const parsed = parseCommandArgs(name, node.command.args ?? {}, args, {
      passthrough: node.command.passthrough === true,
    });
    const handler = (await node.command.load()).default;
    const result = await handler.run(parsed, {
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
  } finally {
    // One command, one process: a farm's devices go back as it ends (a crash leaves them to the farm's idle expiry).
    await leases?.releaseAll().catch(() => undefined);
  }
}
