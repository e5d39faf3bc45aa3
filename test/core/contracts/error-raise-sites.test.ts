import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { ERROR_CATALOGUE, isReservedCode, type ErrorCode } from "../../../core/contracts/error-codes.ts";
import { REPO_ROOT } from "../../helpers/cli-paths.ts";

/** Every source folder of the runtime (tests and examples are not raise sites). */
const SOURCE_ROOTS = ["core", "config", "android", "plugins", "runtime", "cli", "testing", "index.ts"];
const CATALOGUE_FILE = "core/contracts/error-codes.ts";

function sourceFiles(root: string): string[] {
  const path = join(REPO_ROOT, root);
  if (root.endsWith(".ts")) return [path];
  return readdirSync(path, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.m?ts$/.test(entry.name) && !entry.name.endsWith(".d.ts"))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The string literals of a file, from its syntax tree: a code named in a comment is not a raise site. */
function stringLiterals(file: string): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) found.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest));
  return found;
}

/** code → the files outside the catalogue naming it as a string literal (throws, step failures, check results). */
const sites = new Map<string, string[]>();
for (const file of SOURCE_ROOTS.flatMap(sourceFiles)) {
  const name = relative(REPO_ROOT, file);
  if (name === CATALOGUE_FILE) continue;
  for (const literal of new Set(stringLiterals(file))) {
    if (Object.hasOwn(ERROR_CATALOGUE, literal)) sites.set(literal, [...(sites.get(literal) ?? []), name]);
  }
}

const codes = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

/**
 * The catalogue matches the code. A new code needs no entry here: add it to the catalogue and
 * raise it (`new ClawperatorError("NEW_CODE", ...)`, a step failure, a doctor result's `code`); one the runtime
 * cannot emit yet is `reserved(...)` in the catalogue until it can.
 */
describe("every catalogued code is raised somewhere, and no reserved one is", () => {
  it.each(codes.filter((code) => !isReservedCode(code)))("%s has a raise site in the source", (code) => {
    expect(sites.get(code) ?? [], `${code}: raise it, or mark it reserved(...) in ${CATALOGUE_FILE}`).not.toEqual([]);
  });

  it.each(codes.filter(isReservedCode))("%s is reserved and raised nowhere", (code) => {
    expect(sites.get(code) ?? [], `${code} is reserved but named in`).toEqual([]);
  });

  it("the spec's reserved codes and those nothing emits yet are reserved", () => {
    expect(codes.filter(isReservedCode).sort()).toEqual(
      [
        "ANDROID_BUILD_FAILED",
        "CLI_VERSION_INVALID",
        "COMPILE_VARS_REQUIRED",
        "EMULATOR_CREATE_FAILED",
        "HOST_DEPENDENCY_MISSING",
        "RECORDING_UNAVAILABLE",
        "SCRCPY_NOT_FOUND",
        "SECURITY_BLOCK_DETECTED",
      ].sort(),
    );
  });
});
