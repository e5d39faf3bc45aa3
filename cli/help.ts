import { stripVTControlCharacters } from "node:util";
import { renderUsage } from "citty";
import { toCittyDef, type TreeNode } from "./command-tree.ts";

const GLOBAL_OPTIONS_HELP = `GLOBAL OPTIONS (before or after the command)

  --device-id <serial>          Target Android device serial (alias --device; env CLAWPERATOR_DEVICE_ID)
  --receiver-package <pkg>      Operator package (alias --operator-package; default com.clawperator.operator)
  --output <json|pretty>        Output format (alias --format; --json = --output json; env CLAWPERATOR_OUTPUT;
                                config "output"; default json)
  --timeout-ms <ms>             Override the execution timeout, 1000-120000 (alias --timeout)
  --config <path>               Use this config file instead of searching for clawperator.config.*
  --verbose                     Include debug diagnostics
  --help, -h                    Show help
  --version                     Show the CLI version`;

const HIDDEN_NOTE = "Switches for test authors (fault injection) are listed by --help --all.";

/** `all`: also the flags a command keeps for test authors (`--help --all`). */
export async function renderHelp(node: TreeNode, version: string, options: { all?: boolean } = {}): Promise<string> {
  const def = toCittyDef(node, options);
  if (node.path.length === 0) {
    def.meta = {
      name: "clawperator",
      version,
      description: "The deterministic hand LLM agents use to operate Android devices",
    };
  }
  let usage = await renderUsage(def);
  // citty lists every subcommand in the USAGE line (`virtual start|list|stop|...`); the COMMANDS table below says
  // each with its description, so the line keeps to `<command>` and a search of the help finds the table's row.
  if (Object.keys(def.subCommands ?? {}).length) usage = usage.replace(/[\w-]+(?:\|[\w-]+)+/, "<command>");
  const more = !options.all && node.command?.hiddenArgs?.length ? `\n\n${HIDDEN_NOTE}` : "";
  const text = `${usage}${more}\n\n${GLOBAL_OPTIONS_HELP}\n`;
  // citty colours unconditionally; keep escape codes out of pipes and files.
  return process.stdout.isTTY ? text : stripVTControlCharacters(text);
}
