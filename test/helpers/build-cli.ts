import { existsSync, rmSync } from "node:fs";
import { execa } from "execa";
import { CLI_BIN, REPO_ROOT } from "./cli-paths.ts";
import { TEST_CLAWPERATOR_HOME } from "./test-home.ts";

/**
 * vitest globalSetup: builds the project (scripts/build.mjs, as `npm run build` does; nothing when dist/ is current)
 * so the CLI e2e tests run the real `dist/cli/bin.cjs`. Type errors elsewhere in the tree (other work in progress)
 * must not stop the CLI tests: tsc still emits, and only a bundle that cannot be made fails the setup.
 */
export default async function buildCli(): Promise<() => void> {
  const result = await execa("node", ["scripts/build.mjs", "--allow-type-errors"], {
    cwd: REPO_ROOT,
    reject: false,
    all: true,
  });
  if (result.exitCode !== 0 || !existsSync(CLI_BIN)) throw new Error(`building ${CLI_BIN} failed:\n${result.all}`);
  return () => rmSync(TEST_CLAWPERATOR_HOME, { recursive: true, force: true });
}
