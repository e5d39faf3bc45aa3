import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/cli-paths.ts";

/**
 * The package's public surface, pinned: a name added to or dropped from the root (or a subpath) is a decision about
 * the API, made here on purpose. The root keeps what a plugin author and an embedder need; the acceptance script
 * allows it at most 30 runtime names. citty's own types are not re-exported.
 */
const ROOT_VALUES = [
  "ClawperatorError",
  "EventBus",
  "ExecutionRunner",
  "HostInfo",
  "Logger",
  "OperatorVersion",
  "RuntimeConfig",
  "SelectedDevice",
  "Skills",
  "Transport",
  "createClawperator",
  "createToken",
  "defineCliCommand",
  "defineCommandHandler",
  "defineConfig",
  "definePlugin",
  "fail",
  "isClawperatorError",
  "ok",
  "skip",
  "warn",
];

const ROOT_TYPES = [
  "Action",
  "AfterResultContext",
  "BeforeDispatchContext",
  "CallOptions",
  "CheckContribution",
  "Clawperator",
  "ClawperatorConfig",
  "ClawperatorConfigInput",
  "ClawperatorEvents",
  "ClawperatorPlugin",
  "CommandArgs",
  "CommandDefinition",
  "CommandHandler",
  "CommandRunContext",
  "CreateClawperatorOptions",
  "Device",
  "DoctorCheck",
  "DoctorCheckContext",
  "DoctorCheckOutcome",
  "DoctorCheckResult",
  "DoctorReport",
  "ErrorCode",
  "ExecuteOptions",
  "Execution",
  "ExecutionHook",
  "ExecutionHookContribution",
  "GlobalOptions",
  "LineStream",
  "NodeMatcher",
  "PluginContext",
  "PullOptions",
  "PulledFile",
  "ResultEnvelope",
  "RouteContribution",
  "RouteHandler",
  "RouteRequestContext",
  "RunExecutionRequest",
  "RunExecutionResult",
  "ServiceAccess",
  "ShellResult",
  "SkillSourceContribution",
  "SkillsService",
  "StepResult",
  "Token",
  "TransportContribution",
  "TransportFactory",
  "TransportFactoryContext",
];

/** Runtime names of the subpaths this project chose (config, testing and virtual have their own tests). */
const SUBPATH_VALUES: Record<string, string[]> = {
  "clawperator/kernel": [
    "CheckRegistry",
    "CommandGroupRegistry",
    "CommandRegistry",
    "ExecutionHooks",
    "HookRegistry",
    "OperatorDispatcher",
    "RouteRegistry",
    "SKILL_PRECEDENCE",
    "SkillSourceRegistry",
    "TransportRegistry",
    "attributeError",
  ],
  "clawperator/contracts": [
    "ACTION_ALIASES",
    "ActionSchema",
    "DEFAULT_OPERATOR_PACKAGE",
    "DeviceSchema",
    "EXPECTED_FORMAT",
    "ExecutionSchema",
    "LIMITS",
    "NodeMatcherSchema",
    "OPERATOR_PACKAGES",
    "PUBLIC_ACTION_TYPES",
    "ResultEnvelopeSchema",
    "RetrySchema",
    "StepResultSchema",
    "validateExecution",
  ],
  "clawperator/errors": [
    "ClawperatorError",
    "ERROR_CATALOGUE",
    "ErrorCodes",
    "exitCodeOf",
    "httpStatusOf",
    "isClawperatorError",
    "isErrorCode",
  ],
  "clawperator/http": ["BODY_ERROR_CODES", "BODY_LIMIT_BYTES", "JsonObject", "isJsonMediaType", "readJsonBody"],
};

const sorted = (names: Iterable<string>) => [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/** The runtime names of each specifier, imported by a Node process in the package (self-reference: its "exports"). */
async function runtimeNames(specifiers: readonly string[]): Promise<Record<string, string[]>> {
  const script = `const out = {};
for (const s of ${JSON.stringify(specifiers)}) out[s] = Object.keys(await import(s));
console.log(JSON.stringify(out));`;
  const { stdout } = await execa(process.execPath, ["--input-type=module", "-e", script], { cwd: REPO_ROOT });
  return JSON.parse(stdout) as Record<string, string[]>;
}

/** Every name a source file exports, types included (read from its export declarations, nothing resolved). */
function exportedNames(file: string): string[] {
  const program = ts.createProgram([file], { noResolve: true, noLib: true, allowImportingTsExtensions: true });
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(file)!)!;
  return checker.getExportsOfModule(module).map((symbol) => symbol.name);
}

describe("the package's public surface", () => {
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as {
    exports: Record<string, { types: string; import: string }>;
  };
  const specifiers = Object.keys(pkg.exports).map((key) => join("clawperator", key));

  it("the root's runtime names, as an importer of the built package sees them", async () => {
    const names = await runtimeNames(["clawperator"]);
    expect(sorted(names.clawperator!)).toEqual(ROOT_VALUES);
  });

  it("the root's type names", () => {
    const all = exportedNames(join(REPO_ROOT, "index.ts"));
    expect(sorted(all.filter((name) => !ROOT_VALUES.includes(name)))).toEqual(ROOT_TYPES);
  });

  it("every subpath in package.json imports and has types; the chosen ones export what they were given", async () => {
    const names = await runtimeNames(specifiers);
    for (const [key, entry] of Object.entries(pkg.exports)) {
      expect(existsSync(join(REPO_ROOT, entry.types)), entry.types).toBe(true);
      expect(names[join("clawperator", key)]!.length, key).toBeGreaterThan(0);
    }
    for (const [specifier, values] of Object.entries(SUBPATH_VALUES)) expect(sorted(names[specifier]!)).toEqual(values);
  });
});
