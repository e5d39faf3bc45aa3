import { readFile } from "node:fs/promises";
import { basename, dirname, extname, resolve } from "node:path";
import yaml from "js-yaml";
import { BUILTIN_SCENARIOS, type BuiltinScenarioName } from "./builtin/index.ts";
import { parseScenario } from "./parse-scenario.ts";
import { ScenarioError } from "./scenario-error.ts";
import type { Scenario } from "./scenario-types.ts";

const isBuiltin = (name: string): name is BuiltinScenarioName => Object.hasOwn(BUILTIN_SCENARIOS, name);

/** A built-in scenario by name. */
export function builtinScenario(name: BuiltinScenarioName): Scenario {
  return parseScenario(BUILTIN_SCENARIOS[name](), { origin: `built-in scenario "${name}"`, defaultName: name });
}

/** Reads a scenario file: `.json` as JSON, anything else as YAML (which also reads JSON). */
export async function readScenarioFile(path: string): Promise<Scenario> {
  const absolute = resolve(path);
  let text: string;
  try {
    text = await readFile(absolute, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const message =
      code === "ENOENT"
        ? `no such file, and not a built-in scenario (${Object.keys(BUILTIN_SCENARIOS).join(", ")})`
        : `cannot read the file: ${code ?? (error as Error).message}`;
    throw new ScenarioError(absolute, [{ path: "", message }]);
  }
  let source: unknown;
  try {
    source = extname(absolute) === ".json" ? JSON.parse(text) : yaml.load(text, { filename: absolute });
  } catch (error) {
    throw new ScenarioError(absolute, [
      {
        path: "",
        message: `not valid ${extname(absolute) === ".json" ? "JSON" : "YAML"}: ${(error as Error).message}`,
      },
    ]);
  }
  return parseScenario(source, {
    origin: absolute,
    baseDir: dirname(absolute),
    defaultName: basename(absolute, extname(absolute)),
  });
}

/** A built-in scenario (`default`, `fresh`) or a scenario file (JSON or YAML). */
export async function loadScenario(nameOrPath: string): Promise<Scenario> {
  return isBuiltin(nameOrPath) ? builtinScenario(nameOrPath) : readScenarioFile(nameOrPath);
}
