import { chmodSync, existsSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { execa } from "execa";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { REGISTRY_ENV, REGISTRY_SUBPATH } from "../registry/registry-path.ts";

export interface RepoOptions {
  /** The clone: ~/.clawperator/skills unless configured. */
  dir: string;
  url: string;
  ref?: string;
  /** Git's progress lines (clone, fetch), for people watching in pretty mode. */
  onProgress?: (line: string) => void;
}

export interface RepoResult {
  ok: true;
  action: "installed" | "updated" | "synced";
  dir: string;
  url: string;
  ref: string;
  commit: string;
  registryPath: string;
  /** The line to add to a shell profile (spec/001 `skills install`). */
  export: string;
}

async function git(
  args: readonly string[],
  options: { cwd?: string; onProgress?: (line: string) => void; what: string },
): Promise<string> {
  const child = execa("git", args, {
    ...(options.cwd ? { cwd: options.cwd } : {}),
    reject: false,
    stdin: "ignore",
    // Never prompt for credentials: a private or mistyped URL fails instead of hanging.
    env: { GIT_TERMINAL_PROMPT: "0", GIT_ASKPASS: "", LC_ALL: "C" },
  });
  let stderr = "";
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
    if (options.onProgress) for (const line of chunk.split(/[\r\n]+/)) if (line.trim()) options.onProgress(line.trim());
  });
  const result = await child;
  if (result.exitCode === undefined) {
    const cause = result.cause as NodeJS.ErrnoException | undefined;
    if (cause?.code === "ENOENT") {
      throw new ClawperatorError("SKILLS_GIT_NOT_FOUND", "git is not installed or not on PATH", {
        hint: "Install git (e.g. `sudo apt-get install git` or `brew install git`) and try again.",
      });
    }
    throw new ClawperatorError(
      "SKILLS_SYNC_FAILED",
      `${options.what} failed: ${cause?.message ?? result.shortMessage}`,
    );
  }
  if (result.exitCode !== 0) {
    const tail = stderr.trim().split(/\r?\n/).slice(-5).join("\n");
    throw new ClawperatorError("SKILLS_SYNC_FAILED", `${options.what} failed (git exit ${result.exitCode}): ${tail}`, {
      hint: "Check the skills repository URL and ref, and your network connection.",
      details: { command: ["git", ...args].join(" "), exitCode: result.exitCode, stderr: tail },
    });
  }
  return String(result.stdout).trim();
}

const isClone = (dir: string) => existsSync(join(dir, ".git"));

async function checkout(dir: string, ref: string, onProgress?: (line: string) => void): Promise<string> {
  await git(["fetch", "--tags", "--force", ...(onProgress ? ["--progress"] : []), "origin"], {
    cwd: dir,
    what: "git fetch",
    ...(onProgress ? { onProgress } : {}),
  });
  // A branch is taken from the remote (the clone is ours, never edited by hand); a tag or commit as it is.
  const remote = await git(["rev-parse", "--verify", "--quiet", `refs/remotes/origin/${ref}`], {
    cwd: dir,
    what: "git rev-parse",
  }).catch(() => "");
  const target = remote || ref;
  await git(["checkout", "--force", "--detach", target], { cwd: dir, what: `git checkout ${ref}` });
  return git(["rev-parse", "HEAD"], { cwd: dir, what: "git rev-parse" });
}

/** The remote's default branch (origin/HEAD), for install and update without a ref. */
async function defaultRef(dir: string): Promise<string> {
  const head = await git(["rev-parse", "--abbrev-ref", "origin/HEAD"], {
    cwd: dir,
    what: "git rev-parse origin/HEAD",
  }).catch(() => "");
  return head.startsWith("origin/") ? head.slice("origin/".length) : "main";
}

function done(action: RepoResult["action"], options: RepoOptions, ref: string, commit: string): RepoResult {
  const registryPath = join(options.dir, REGISTRY_SUBPATH);
  return {
    ok: true,
    action,
    dir: options.dir,
    url: options.url,
    ref,
    commit,
    registryPath,
    export: `export ${REGISTRY_ENV}="${registryPath}"`,
  };
}

async function cloneIfMissing(options: RepoOptions): Promise<boolean> {
  if (isClone(options.dir)) return false;
  if (existsSync(options.dir) && existsSync(join(options.dir, "skills"))) {
    throw new ClawperatorError("SKILLS_SYNC_FAILED", `${options.dir} exists but is not a git clone`, {
      hint: `Move it away, then run clawperator skills install.`,
    });
  }
  mkdirSync(dirname(options.dir), { recursive: true, mode: 0o700 });
  await git(["clone", ...(options.onProgress ? ["--progress"] : []), "--", options.url, options.dir], {
    what: `git clone ${options.url}`,
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  // Like everything under ~/.clawperator, the clone is the user's alone.
  chmodSync(options.dir, 0o700);
  return true;
}

/** `skills install`: clone the repository (or refresh an existing clone) and check out the ref. */
export async function installSkills(options: RepoOptions): Promise<RepoResult> {
  await cloneIfMissing(options);
  const ref = options.ref ?? (await defaultRef(options.dir));
  return done("installed", options, ref, await checkout(options.dir, ref, options.onProgress));
}

/** `skills update [--ref]`: fetch and move the clone to the ref (cloning first when there is none). */
export async function updateSkills(options: RepoOptions): Promise<RepoResult> {
  await cloneIfMissing(options);
  const ref = options.ref ?? (await defaultRef(options.dir));
  return done("updated", options, ref, await checkout(options.dir, ref, options.onProgress));
}

/** `skills sync --ref`: pin the clone to exactly that ref. */
export async function syncSkills(options: RepoOptions & { ref: string }): Promise<RepoResult> {
  await cloneIfMissing(options);
  return done("synced", options, options.ref, await checkout(options.dir, options.ref, options.onProgress));
}
