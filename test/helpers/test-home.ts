import { tmpdir } from "node:os";
import { join } from "node:path";

/** Clawperator's home for tests that run in-process (config cache, locks): one per test run, removed after it. */
export const TEST_CLAWPERATOR_HOME = join(tmpdir(), `clawperator-test-home-${process.pid}`);
