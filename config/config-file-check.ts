import { statSync } from "node:fs";
import { basename } from "node:path";
import type { Loader } from "cosmiconfig";
import { ClawperatorError } from "../core/contracts/clawperator-error.ts";
import { untrustedReason } from "../core/host/file-trust.ts";

/** Far above any real config or package.json; a bound so a search never reads a device or a huge file whole. */
export const MAX_CONFIG_BYTES = 1024 * 1024;

const refused = (file: string, reason: string, hint: string) =>
  new ClawperatorError("CONFIG_INVALID", `${file}: refused: ${reason}`, { hint, details: { file, reason } });

/**
 * Before a config candidate is read: nothing there (or a directory, which the search passes over, as cosmiconfig
 * does) is fine; anything else must be a regular file of a config's size. A FIFO would hang the read, a device or
 * a huge file would fill memory.
 */
export function assertReadableConfig(file: string): void {
  const stat = statSync(file, { throwIfNoEntry: false });
  if (stat === undefined || stat.isDirectory()) return;
  if (!stat.isFile())
    throw refused(file, "it is not a regular file", "A config file is a regular file; remove what is at this path.");
  if (stat.size > MAX_CONFIG_BYTES)
    throw refused(
      file,
      `it is ${stat.size} bytes; a config file is at most ${MAX_CONFIG_BYTES}`,
      "Remove the file or make it a real config.",
    );
}

/**
 * A config runs code (a script config, plugins it names): one another local user wrote, or could replace, is
 * never loaded. See `untrustedReason` for the rule.
 */
function assertTrustedConfig(file: string): void {
  const reason = untrustedReason(file);
  if (reason === undefined) return;
  throw refused(
    file,
    `${reason}; a config another user could have written is never loaded`,
    "Keep the config in a directory only you (or root) can write, owned by you, or pass --config with your own file.",
  );
}

/**
 * `load` judging its file first: a package.json only when it holds a `clawperator` key (one without it configures
 * nothing, and shared directories such as /tmp often hold one), every other file before it is evaluated.
 */
export function trustedLoader(load: Loader): Loader {
  return async (filepath, content) => {
    const isPackage = basename(filepath) === "package.json";
    if (!isPackage) assertTrustedConfig(filepath);
    const value: unknown = await load(filepath, content);
    if (isPackage && typeof value === "object" && value !== null && Object.hasOwn(value, "clawperator"))
      assertTrustedConfig(filepath);
    return value;
  };
}
