import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { TEST_CLAWPERATOR_HOME } from "./test/helpers/test-home.ts";

export default defineConfig({
  // Examples import the package by name, as a plugin author's code does; in-process tests resolve it to the source.
  resolve: {
    alias: [
      { find: /^clawperator$/, replacement: fileURLToPath(new URL("./index.ts", import.meta.url)) },
      {
        find: /^clawperator\/config$/,
        replacement: fileURLToPath(new URL("./config/define-config.ts", import.meta.url)),
      },
      { find: /^clawperator\/testing$/, replacement: fileURLToPath(new URL("./testing/index.ts", import.meta.url)) },
    ],
  },
  test: {
    include: ["test/**/*.test.ts"],
    // The CLI and e2e tests run the real built binary; it is compiled once per run.
    globalSetup: ["test/helpers/build-cli.ts"],
    // In-process tests (config cache, locks) never write into the real ~/.clawperator.
    env: { CLAWPERATOR_HOME: TEST_CLAWPERATOR_HOME },
    // Hang detectors, not budgets: far above what any test takes on a 2-core machine shared with other busy work.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // e2e tests spawn adb servers and virtual devices; keep parallelism modest on 2-core CI machines.
    maxWorkers: 2,
  },
});
