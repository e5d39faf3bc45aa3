import { join, resolve } from "node:path";
import { userHome } from "./user-home.ts";

/** Where clawperator keeps state shared by its processes: $CLAWPERATOR_HOME, else ~/.clawperator. */
export function clawperatorHome(env: NodeJS.ProcessEnv = process.env): string {
  // An empty value is unset, and a relative one is taken from the working folder once, not on every use.
  return env.CLAWPERATOR_HOME ? resolve(env.CLAWPERATOR_HOME) : join(userHome(), ".clawperator");
}
