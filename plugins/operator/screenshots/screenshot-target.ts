import { closeSync, lstatSync, openSync, readSync, realpathSync, statSync, type Stats } from "node:fs";
import { resolve } from "node:path";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { confinePath } from "../../../core/host/allowed-paths.ts";

/**
 * Who chose a screenshot path: an execution payload (an agent, maybe steered by an untrusted screen) or a person's CLI
 * flag.
 */
export type PathOrigin = "payload" | "person";

/** A screenshot step that cannot be written, with the step-level code (`data.error`) the catalogue documents. */
export class ScreenshotFailure extends Error {
  constructor(
    readonly code: "SCREENSHOT_PATH_REFUSED" | "SCREENSHOT_WRITE_FAILED",
    message: string,
  ) {
    super(message);
  }
}

/** Where a screenshot goes: a regular file (written aside, then renamed into place) or a device/FIFO a person named. */
export interface ScreenshotTarget {
  path: string;
  kind: "file" | "stream";
}

export interface TargetPolicy {
  origin: PathOrigin;
  /** Replace an existing file that is not a PNG; only a person's path may (`--force`). */
  force: boolean;
  /** Directories a payload's path must stay inside, absolute. */
  allowedDirs: readonly string[];
  cwd: string;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function realOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

function isPng(path: string, stat: Stats): boolean {
  if (stat.size === 0) return true; // an empty file (e.g. from mktemp) holds nothing to clobber
  const head = Buffer.alloc(PNG_SIGNATURE.length);
  const fd = openSync(path, "r");
  try {
    readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  return head.equals(PNG_SIGNATURE);
}

const refused = (message: string) => new ScreenshotFailure("SCREENSHOT_PATH_REFUSED", message);

/**
 * Checks a requested screenshot path against the screenshot policy: a payload's path stays inside the allowed
 * directories (no `..` escape, no symlink out of them, no symlink as the file itself); nobody's path replaces
 * an existing file that is not a PNG, except a person's with --force; a directory is never a target.
 */
export function screenshotTarget(requested: string, policy: TargetPolicy): ScreenshotTarget {
  const path = resolve(policy.cwd, requested);
  if (policy.origin === "payload") {
    try {
      confinePath(requested, { allowedDirs: policy.allowedDirs, cwd: policy.cwd, names: "file" }, "screenshot path");
    } catch (error) {
      if (error instanceof ClawperatorError) throw refused(error.message);
      throw error;
    }
  }

  const link = lstatSync(path, { throwIfNoEntry: false });
  if (link === undefined) return { path, kind: "file" };
  if (link.isSymbolicLink() && policy.origin === "payload")
    throw refused(`${requested} is a symbolic link; a payload's screenshot path must name a file`);
  const stat = link.isSymbolicLink() ? statSync(path, { throwIfNoEntry: false }) : link;
  if (stat === undefined) return { path, kind: "file" };
  if (stat.isDirectory()) throw new ScreenshotFailure("SCREENSHOT_WRITE_FAILED", `${requested} is a directory`);
  if (!stat.isFile()) {
    if (policy.origin === "payload") throw refused(`${requested} is not a regular file`);
    return { path, kind: "stream" };
  }
  if (!isPng(path, stat) && !(policy.origin === "person" && policy.force)) {
    throw refused(
      `${requested} exists and is not a PNG; it was left untouched` +
        `${policy.origin === "person" ? " (pass --force to replace it)" : ""}`,
    );
  }
  // A person's symlink to a PNG: the file it points at is replaced, as a shell redirection would.
  return { path: link.isSymbolicLink() ? realOrSelf(path) : path, kind: "file" };
}
