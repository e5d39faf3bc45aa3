import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { TEST_CLAWPERATOR_HOME } from "./test/helpers/test-home.ts";
import tsconfig from "./tsconfig.json" with { type: "json" };

export default defineConfig({
  // Examples import the package by name, as a plugin author's code does; in-process tests resolve it (and its
  // subpaths) to the source, as the typecheck does: through tsconfig.json's `paths`.
  resolve: {
    alias: Object.entries(tsconfig.compilerOptions.paths).map(([name, sources]) => ({
      find: new RegExp(`^${name}$`),
      replacement: fileURLToPath(new URL(sources[0]!, import.meta.url)),
    })),
  },
  test: {
    include: ["test/**/*.test.ts"],
    // The CLI and e2e tests run the real built binary; it is compiled once per run.
    globalSetup: ["test/helpers/build-cli.ts"],
    setupFiles: ["test/helpers/file-adb-server.ts"],
    // In-process tests (config cache, locks) never write into the real ~/.clawperator.
    env: { CLAWPERATOR_HOME: TEST_CLAWPERATOR_HOME },
    // Hang detectors, not budgets: far above what any test takes on a 2-core machine shared with other busy work.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // expect.poll's own default (1 s) is a budget: a page or a file that settles in 1.2 s on a loaded CI machine
    // failed. A condition that never holds still fails, after this.
    expect: { poll: { timeout: 30_000 } },
    // e2e tests spawn adb servers and virtual devices; keep parallelism modest on 2-core CI machines.
    maxWorkers: 2,
  },
});
