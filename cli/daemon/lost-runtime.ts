import { ClawperatorError } from "../../core/contracts/clawperator-error.ts";
import { extractGlobals } from "../global-flags.ts";
import { printError } from "../output.ts";

/**
 * The runtime ended after it had started the command. Running it again in process could act on the device twice,
 * so the call fails, in the output format the command asked for.
 */
export function reportLostRuntime(argv: readonly string[]): number {
  let mode: "json" | "pretty" = "json";
  try {
    mode = extractGlobals(argv, process.env).options.output;
  } catch {
    // A call whose flags do not parse was answered by the runtime itself; json is the default either way.
  }
  const error = new ClawperatorError("INTERNAL_ERROR", "the warm runtime ended before the command finished", {
    hint: "Run the command again; set CLAWPERATOR_NO_DAEMON=1 to run it without the runtime.",
  });
  return printError(error, mode, false);
}
