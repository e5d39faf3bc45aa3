import { chmodSync, existsSync, mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { execa } from "execa";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { guardGroup, signalGroup } from "../../../core/host/process-group.ts";
import { REGISTRY_ENV, REGISTRY_SUBPATH } from "../registry/registry-path.ts";
import { gitRefProblem } from "./git-ref.ts";
import { DEFAULT_REPO_TRANSPORTS, repoTransport } from "./repo-url.ts";

/** The time limit of one git call unless config `skills.gitTimeoutMs` says otherwise: a clone on a slow link. */
export const DEFAULT_GIT_TIMEOUT_MS = 300_000;

export interface RepoOptions {
  /** The clone: ~/.clawperator/registry unless configured (skills.dir). */
  dir: string;
  url: string;
  ref?: string;
  /** Git's progress lines (clone, fetch), for people watching in pretty mode. */
  onProgress?: (line: string) => void;
  /** The transports git may use (default DEFAULT_REPO_TRANSPORTS). */
  allowedTransports?: readonly string[];
  /** The time limit of each git call (default DEFAULT_GIT_TIMEOUT_MS). */
  timeoutMs?: number;
}

export interface RepoResult {
  ok: true;
  action: "installed" | "updated" | "synced";
  dir: string;
  url: string;
  ref: string;
  commit: string;
  registryPath: string;
  /** The line the reference runtime tells users to add to a shell profile (spec/001 `skills install`). */
  export: string;
  /**
   * Whether that line is needed: only while CLAWPERATOR_SKILLS_REGISTRY points elsewhere (the clone's place is a
   * default one, found without it).
   */
  exportNeeded: boolean;
}

export interface GitCall {
  cwd?: string;
  onProgress?: (line: string) => void;
  what: string;
  /** A failing exit is an answer (empty), not an error: rev-parse of what may not exist. A time-out still throws. */
  mayFail?: boolean;
}

/**
 * One git command, with no way to stall: nothing can prompt (no terminal — git runs in a session of its own — no
 * askpass, no credential manager UI), only the allowed transports are reachable (GIT_ALLOW_PROTOCOL also covers
 * redirects and an existing clone's origin), and git with everything it started is killed at the time limit.
 */
export async function git(
  args: readonly string[],
  call: GitCall,
  options: Pick<RepoOptions, "allowedTransports" | "timeoutMs">,
): Promise<string> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_GIT_TIMEOUT_MS;
  const { child, release } = guardGroup(() =>
    execa("git", args, {
      ...(call.cwd ? { cwd: call.cwd } : {}),
      reject: false,
      stdin: "ignore",
      detached: true,
      env: {
        GIT_TERMINAL_PROMPT: "0",
        GIT_ASKPASS: "",
        SSH_ASKPASS_REQUIRE: "never",
        GCM_INTERACTIVE: "never",
        GIT_ALLOW_PROTOCOL: (options.allowedTransports ?? DEFAULT_REPO_TRANSPORTS).join(":"),
        LC_ALL: "C",
      },
    }),
  );
  const pgid = child.pid;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    if (pgid !== undefined) signalGroup(pgid, "SIGKILL");
  }, timeoutMs);
  let stderr = "";
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
    if (call.onProgress) for (const line of chunk.split(/[\r\n]+/)) if (line.trim()) call.onProgress(line.trim());
  });
  const result = await child;
  clearTimeout(timer);
  release();
  const command = ["git", ...args].join(" ");
  if (timedOut) {
    throw new ClawperatorError("SKILLS_SYNC_FAILED", `${call.what} timed out after ${timeoutMs} ms`, {
      hint: "Check the repository URL and your network connection, or raise config skills.gitTimeoutMs.",
      details: { command, timeoutMs },
    });
  }
  if (result.exitCode === undefined) {
    const cause = result.cause as NodeJS.ErrnoException | undefined;
    if (cause?.code === "ENOENT") {
      throw new ClawperatorError("SKILLS_GIT_NOT_FOUND", "git is not installed or not on PATH", {
        hint: "Install git (e.g. `sudo apt-get install git` or `brew install git`) and try again.",
      });
    }
    throw new ClawperatorError("SKILLS_SYNC_FAILED", `${call.what} failed: ${cause?.message ?? result.shortMessage}`);
  }
  if (result.exitCode !== 0) {
    if (call.mayFail) return "";
    const tail = stderr.trim().split(/\r?\n/).slice(-5).join("\n");
    throw new ClawperatorError("SKILLS_SYNC_FAILED", `${call.what} failed (git exit ${result.exitCode}): ${tail}`, {
      hint: "Check the skills repository URL and ref, and your network connection.",
      details: { command, exitCode: result.exitCode, stderr: tail },
    });
  }
  return String(result.stdout).trim();
}

/** USAGE for a ref git would not take as a name, or a repository URL whose transport is not allowed. */
export function checkInputs(options: Pick<RepoOptions, "url" | "ref" | "allowedTransports">): void {
  const problem = options.ref === undefined ? undefined : gitRefProblem(options.ref);
  if (problem) {
    throw new ClawperatorError("USAGE", `${JSON.stringify(options.ref)} is not a valid git ref: it ${problem}`, {
      hint: "Name a branch, a tag or a commit id, as `git check-ref-format --branch` accepts it.",
    });
  }
  const allowed = options.allowedTransports ?? DEFAULT_REPO_TRANSPORTS;
  const transport = repoTransport(options.url);
  if (!allowed.includes(transport)) {
    throw new ClawperatorError(
      "USAGE",
      `skills repository ${JSON.stringify(options.url)}: transport '${transport}' is not allowed (allowed: ${allowed.join(", ")})`,
      {
        hint: "Use an https, ssh or git URL or a local path, or list the transport in config skills.allowedRepoTransports.",
      },
    );
  }
}

const isClone = (dir: string) => existsSync(join(dir, ".git"));

async function checkout(options: RepoOptions, ref: string): Promise<string> {
  const { dir, onProgress } = options;
  await git(
    ["fetch", "--tags", "--force", ...(onProgress ? ["--progress"] : []), "origin"],
    { cwd: dir, what: "git fetch", ...(onProgress ? { onProgress } : {}) },
    options,
  );
  // A branch is taken from the remote (the clone is ours, never edited by hand); a tag or commit as it is. Each is
  // resolved to its commit id first, and only that id reaches checkout: git 2.39's checkout takes no
  // --end-of-options, and the ref was checked not to start with '-' (the forms here cannot, either).
  const resolve = (rev: string) =>
    git(
      ["rev-parse", "--verify", "--quiet", `${rev}^{commit}`],
      { cwd: dir, what: "git rev-parse", mayFail: true },
      options,
    );
  const commit = (await resolve(`refs/remotes/origin/${ref}`)) || (await resolve(ref));
  if (!/^[0-9a-f]{40,64}$/.test(commit)) {
    throw new ClawperatorError("SKILLS_SYNC_FAILED", `git checkout ${ref} failed: no branch, tag or commit ${ref}`, {
      hint: "Check the skills repository URL and ref.",
      details: { ref },
    });
  }
  await git(["checkout", "--force", "--detach", commit], { cwd: dir, what: `git checkout ${ref}` }, options);
  return git(["rev-parse", "HEAD"], { cwd: dir, what: "git rev-parse" }, options);
}

/** The remote's default branch (origin/HEAD), for install and update without a ref. */
async function defaultRef(options: RepoOptions): Promise<string> {
  const head = await git(
    ["rev-parse", "--abbrev-ref", "origin/HEAD"],
    { cwd: options.dir, what: "git rev-parse origin/HEAD", mayFail: true },
    options,
  );
  const ref = head.startsWith("origin/") ? head.slice("origin/".length) : "main";
  return gitRefProblem(ref) ? "main" : ref;
}

async function done(
  action: RepoResult["action"],
  options: RepoOptions,
  ref: string,
  commit: string,
): Promise<RepoResult> {
  const registryPath = join(options.dir, REGISTRY_SUBPATH);
  // What the clone fetches from, which an update without --repo does not choose.
  const origin = await git(
    ["remote", "get-url", "origin"],
    { cwd: options.dir, what: "git remote get-url origin", mayFail: true },
    options,
  );
  const fromEnv = process.env[REGISTRY_ENV];
  return {
    ok: true,
    action,
    dir: options.dir,
    url: origin || options.url,
    ref,
    commit,
    registryPath,
    export: `export ${REGISTRY_ENV}="${registryPath}"`,
    exportNeeded: fromEnv !== undefined && resolve(fromEnv) !== registryPath,
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
  await git(
    ["clone", ...(options.onProgress ? ["--progress"] : []), "--", options.url, options.dir],
    { what: `git clone ${options.url}`, ...(options.onProgress ? { onProgress: options.onProgress } : {}) },
    options,
  );
  // Like everything under ~/.clawperator, the clone is the user's alone.
  chmodSync(options.dir, 0o700);
  return true;
}

/** `skills install`: clone the repository (or refresh an existing clone) and check out the ref. */
export async function installSkills(options: RepoOptions): Promise<RepoResult> {
  checkInputs(options);
  await cloneIfMissing(options);
  const ref = options.ref ?? (await defaultRef(options));
  return done("installed", options, ref, await checkout(options, ref));
}

/** `skills update [--ref]`: fetch and move the clone to the ref (cloning first when there is none). */
export async function updateSkills(options: RepoOptions): Promise<RepoResult> {
  checkInputs(options);
  await cloneIfMissing(options);
  const ref = options.ref ?? (await defaultRef(options));
  return done("updated", options, ref, await checkout(options, ref));
}

/** `skills sync --ref`: pin the clone to exactly that ref. */
export async function syncSkills(options: RepoOptions & { ref: string }): Promise<RepoResult> {
  checkInputs(options);
  await cloneIfMissing(options);
  return done("synced", options, options.ref, await checkout(options, options.ref));
}
