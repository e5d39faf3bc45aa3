import { homedir } from "node:os";
import { join } from "node:path";

/** Where clawperator keeps state shared by its processes: $CLAWPERATOR_HOME, else ~/.clawperator. */
export function clawperatorHome(env: NodeJS.ProcessEnv = process.env): string {
  return env.CLAWPERATOR_HOME ?? join(homedir(), ".clawperator");
}
