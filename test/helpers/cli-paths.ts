import { fileURLToPath } from "node:url";

export const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** The built CLI, exactly as `npm install` would expose it as `clawperator`. */
export const CLI_BIN = fileURLToPath(new URL("../../dist/cli/bin.cjs", import.meta.url));
