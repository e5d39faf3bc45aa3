import { existsSync, rmSync, statSync } from "node:fs";
import { execa } from "execa";
import { CLI_BIN, REPO_ROOT } from "./cli-paths.ts";
import { TEST_CLAWPERATOR_HOME } from "./test-home.ts";

/**
 * vitest globalSetup: compiles and bundles the project once so the CLI e2e tests run the real `dist/cli/bin.cjs`.
 * tsc emits even when files elsewhere in the tree have type errors (other work in progress); that must not
 * stop the CLI tests, so only a missing or stale binary fails the setup. Type errors are still shown.
 */
export default async function buildCli(): Promise<() => void> {
  const started = Date.now();
  const result = await execa("tsc", ["-p", "tsconfig.build.json"], {
    cwd: REPO_ROOT,
    preferLocal: true,
    reject: false,
    all: true,
  });
  const bundle = await execa("node", ["scripts/bundle-cli.mjs"], { cwd: REPO_ROOT, reject: false, all: true });
  if (bundle.exitCode !== 0 || !existsSync(CLI_BIN) || statSync(CLI_BIN).mtimeMs < started - 1_000) {
    throw new Error(`building ${CLI_BIN} failed:\n${result.all}\n${bundle.all}`);
  }
  // The rest of `npm run build`: what the bundle reads beside itself.
  const tools = await execa("node", ["scripts/tool-descriptions.mjs"], { cwd: REPO_ROOT, reject: false, all: true });
  if (tools.exitCode !== 0) throw new Error(`writing the tool descriptions failed:\n${tools.all}`);
  if (result.exitCode !== 0)
    process.stderr.write(`[build-cli] tsc reported type errors (dist was still emitted):\n${result.all}\n`);
  return () => rmSync(TEST_CLAWPERATOR_HOME, { recursive: true, force: true });
}
