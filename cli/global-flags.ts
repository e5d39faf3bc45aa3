import { ClawperatorError } from "../core/contracts/clawperator-error.ts";
import { defaultDevice } from "../config/default-device.ts";
import type { GlobalOptions } from "../core/kernel/index.ts";

type Key = "deviceId" | "receiverPackage" | "output" | "timeoutMs" | "verbose" | "configPath" | "help" | "version";

interface FlagSpec {
  key: Key;
  takesValue: boolean;
  /** A fixed value for switches that stand for another flag's value (`--json` = `--output json`). */
  implies?: string;
}

/**
 * Global flags of docs/cli.md#global-options plus the aliases real skill scripts use
 * (docs/protocol.md#how-real-skills-call-the-runtime).
 */
export const GLOBAL_FLAGS: Readonly<Record<string, FlagSpec>> = {
  "--device-id": { key: "deviceId", takesValue: true },
  "--device": { key: "deviceId", takesValue: true },
  "--receiver-package": { key: "receiverPackage", takesValue: true },
  "--operator-package": { key: "receiverPackage", takesValue: true },
  "--output": { key: "output", takesValue: true },
  "--format": { key: "output", takesValue: true },
  "--json": { key: "output", takesValue: false, implies: "json" },
  "--timeout-ms": { key: "timeoutMs", takesValue: true },
  "--timeout": { key: "timeoutMs", takesValue: true },
  "--verbose": { key: "verbose", takesValue: false },
  "--config": { key: "configPath", takesValue: true },
  "--help": { key: "help", takesValue: false },
  "-h": { key: "help", takesValue: false },
  "--version": { key: "version", takesValue: false },
};

export interface ExtractedGlobals {
  options: GlobalOptions;
  /** `--device-id` as given (the runtime's default device beats the environment and the config with it). */
  deviceFlag?: string;
  /** Whether --output or CLAWPERATOR_OUTPUT chose the output; otherwise the config's `output` may. */
  outputChosen: boolean;
  help: boolean;
  version: boolean;
  /** argv without the global flags, for command resolution and the command's own flags. */
  rest: string[];
}

const usage = (message: string) =>
  new ClawperatorError("USAGE", message, { hint: "Run `clawperator --help` for usage." });

/** Pulls global flags out of argv wherever they stand (before or after the subcommand). */
export function extractGlobals(argv: readonly string[], env: NodeJS.ProcessEnv): ExtractedGlobals {
  const raw: Partial<Record<Key, string | true>> = {};
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--") {
      rest.push(...argv.slice(i));
      break;
    }
    const eq = arg.indexOf("=");
    const name = arg.startsWith("--") && eq > 0 ? arg.slice(0, eq) : arg;
    const spec = GLOBAL_FLAGS[name];
    // After a command word, --version is that command's own flag (`operator download --version 0.5.3`).
    if (!spec || (spec.key === "version" && rest.length > 0)) {
      rest.push(arg);
      continue;
    }
    if (!spec.takesValue) {
      raw[spec.key] = spec.implies ?? true;
      continue;
    }
    const value = eq > 0 && name !== arg ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined || (value.startsWith("--") && eq < 0)) throw usage(`${name} needs a value`);
    raw[spec.key] = value;
  }

  const flagOutput = raw.output as string | undefined;
  const envOutput = flagOutput === undefined && env.CLAWPERATOR_OUTPUT ? env.CLAWPERATOR_OUTPUT : undefined;
  const output = flagOutput ?? envOutput ?? "json";
  if (output !== "json" && output !== "pretty")
    throw usage(
      `${envOutput === undefined ? "--output" : "CLAWPERATOR_OUTPUT"} must be json or pretty (got "${output}")`,
    );
  let timeoutMs: number | undefined;
  if (raw.timeoutMs !== undefined) {
    timeoutMs = Number(raw.timeoutMs);
    if (!Number.isInteger(timeoutMs))
      throw usage(`--timeout-ms must be a whole number of milliseconds (got "${raw.timeoutMs}")`);
  }

  // The config's deviceId comes last, once it is loaded (runtime/boot.ts, with the same defaultDevice).
  const deviceId = defaultDevice({ flag: raw.deviceId as string | undefined, env });
  const receiverPackage =
    (raw.receiverPackage as string | undefined) ?? env.CLAWPERATOR_OPERATOR_PACKAGE ?? env.CLAWPERATOR_RECEIVER_PACKAGE;
  return {
    options: {
      output,
      verbose: raw.verbose === true,
      ...(deviceId ? { deviceId } : {}),
      ...(receiverPackage ? { receiverPackage } : {}),
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
      ...(raw.configPath === undefined ? {} : { configPath: raw.configPath as string }),
    },
    ...(raw.deviceId === undefined ? {} : { deviceFlag: raw.deviceId as string }),
    outputChosen: flagOutput !== undefined || envOutput !== undefined,
    help: raw.help === true,
    version: raw.version === true,
    rest,
  };
}
