import { closeSync, fstatSync, lstatSync, openSync, readFileSync, type Stats, statSync } from "node:fs";
import { join } from "node:path";
import { clawperatorHome } from "../host/clawperator-home.ts";
import { ownedByUser } from "../host/file-trust.ts";

/**
 * Which warm process a socket belongs to: `daemon`, the runtime every CLI call goes to; `mcp`, a spare MCP server
 * waiting, booted, for the next `clawperator mcp` (one client's session each).
 */
export type RuntimeRole = "daemon" | "mcp";

/** The warm runtime's private directory (0700): its socket and the token a client proves itself with. */
export const runtimeDir = (env: NodeJS.ProcessEnv = process.env): string => join(clawperatorHome(env), "run");
export const socketPath = (env: NodeJS.ProcessEnv = process.env, role: RuntimeRole = "daemon"): string =>
  join(runtimeDir(env), `${role}.sock`);
export const tokenPath = (env: NodeJS.ProcessEnv = process.env, role: RuntimeRole = "daemon"): string =>
  join(runtimeDir(env), `${role}.token`);

/**
 * The token of a runtime this user alone could have started, or undefined. A socket in a directory another user
 * controls could be theirs, and the request would hand them this user's environment and files.
 */
export function readToken(env: NodeJS.ProcessEnv = process.env, role: RuntimeRole = "daemon"): string | undefined {
  const privateToUser = (stat: Stats) =>
    ownedByUser(stat) && (process.getuid === undefined || (stat.mode & 0o077) === 0);
  try {
    const dir = lstatSync(runtimeDir(env));
    if (!dir.isDirectory() || !privateToUser(dir)) return undefined;
    // The token is checked and read through one descriptor: what was checked is what is read.
    const fd = openSync(tokenPath(env, role), "r");
    try {
      return privateToUser(fstatSync(fd)) ? readFileSync(fd, "utf8") : undefined;
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
}

/**
 * What a runtime and a client must share to talk: the Node version and the CLI build they run (the bin's size and
 * modification time change with every build). A client never sends a request to a runtime of another build.
 */
export function buildId(binPath: string): string {
  const stat = statSync(binPath);
  return `${process.version}:${stat.size}:${stat.mtimeMs}`;
}
