import { defineConfig } from "vitest/config";
import { TEST_CLAWPERATOR_HOME } from "./test/helpers/test-home.ts";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // The CLI and e2e tests run the real built binary; it is compiled once per run.
    globalSetup: ["test/helpers/build-cli.ts"],
    // In-process tests (config cache, locks) never write into the real ~/.clawperator.
    env: { CLAWPERATOR_HOME: TEST_CLAWPERATOR_HOME },
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // e2e tests spawn adb servers and virtual devices; keep parallelism modest on 2-core CI machines.
    maxWorkers: 2,
  },
});
