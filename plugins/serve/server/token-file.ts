import { closeSync, fstatSync, mkdirSync, openSync, readSync, writeSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { ownedByUser, untrustedReason } from "../../../core/host/file-trust.ts";
import { randomHex } from "../../../core/host/random.ts";

/** A token file holds one token, not a document. */
const MAX_TOKEN_FILE_BYTES = 4_096;

export interface TokenFromFile {
  token: string;
  path: string;
  /** The file did not exist: a token was generated and written there (0600) for the clients to read. */
  generated: boolean;
}

const refused = (path: string, why: string) =>
  new ClawperatorError("USAGE", `--token-file ${path}: ${why}`, {
    hint: "Keep the token in a file only you can read (chmod 600), or set CLAWPERATOR_SERVE_TOKEN.",
    details: { tokenFile: path },
  });

/**
 * The bearer token in `path`, read the way ssh reads a private key: a regular file of this user's that nobody else
 * may read or could have replaced, its text trimmed. A path with no file gets a new token, written there
 * exclusively (0600) in a folder created private (0700) if it is missing too, so a client reads it from the same file
 * and it never passes through anyone's argv.
 */
export function readTokenFile(requested: string): TokenFromFile {
  const path = resolve(requested);
  let fd: number;
  let generated = false;
  try {
    fd = openSync(path, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw refused(path, (error as Error).message);
    try {
      mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
      fd = openSync(path, "wx+", 0o600);
    } catch (created) {
      throw refused(path, `cannot create it: ${(created as Error).message}`);
    }
    writeSync(fd, `${randomHex(32)}\n`);
    generated = true;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw refused(path, "not a regular file");
    if (!ownedByUser(stat) || (stat.mode & 0o077) !== 0)
      throw refused(path, `others may read it (mode ${(stat.mode & 0o777).toString(8)}, uid ${stat.uid})`);
    const untrusted = untrustedReason(path);
    if (untrusted) throw refused(path, `another user could have written it: ${untrusted}`);
    const buffer = Buffer.alloc(MAX_TOKEN_FILE_BYTES + 1);
    const length = readSync(fd, buffer, 0, buffer.length, 0);
    if (length > MAX_TOKEN_FILE_BYTES) throw refused(path, `larger than ${MAX_TOKEN_FILE_BYTES} bytes`);
    return { token: buffer.subarray(0, length).toString("utf8").trim(), path, generated };
  } finally {
    closeSync(fd);
  }
}
