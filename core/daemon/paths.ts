import { lstatSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { clawperatorHome } from "../host/clawperator-home.ts";

/** The warm runtime's private directory (0700): its socket and the token a client proves itself with. */
export const runtimeDir = (env: NodeJS.ProcessEnv = process.env): string => join(clawperatorHome(env), "run");
export const socketPath = (env: NodeJS.ProcessEnv = process.env): string => join(runtimeDir(env), "daemon.sock");
export const tokenPath = (env: NodeJS.ProcessEnv = process.env): string => join(runtimeDir(env), "daemon.token");

/**
 * The token of a runtime this user alone could have started, or undefined. A socket in a directory another user
 * controls could be theirs, and the request would hand them this user's environment and files.
 */
export function readToken(env: NodeJS.ProcessEnv = process.env): string | undefined {
  try {
    const uid = process.getuid?.();
    const dir = lstatSync(runtimeDir(env));
    if (!dir.isDirectory() || (uid !== undefined && (dir.uid !== uid || (dir.mode & 0o077) !== 0))) return undefined;
    const token = statSync(tokenPath(env));
    if (uid !== undefined && (token.uid !== uid || (token.mode & 0o077) !== 0)) return undefined;
    return readFileSync(tokenPath(env), "utf8");
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
