import { randomBytes } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { basename, join, resolve } from "node:path";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { privateDir } from "../../../core/host/private-files.ts";
import type { SkillInstallOutcome, SkillInstallRequest } from "../../../core/services/skills.ts";
import { repoTransport } from "../repo/repo-url.ts";
import { checkInputs, git } from "../repo/skills-repo.ts";
import type { LocalSkills } from "../service/skills-service.ts";
import { parseFrontmatter } from "../sources/frontmatter.ts";
import { MAX_SKILL_FILE_BYTES } from "../sources/scan-folders.ts";

/** Where an installed skill remembers its source, for `skills update <name>`. */
const SOURCE_FILE = ".clawperator-source.json";
const SKIPPED = new Set([".git", "node_modules", SOURCE_FILE]);
/** A skill folder's name: what the managed folder may hold (no separators, no dot names). */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

interface InstalledSource {
  kind: "dir" | "git";
  source: string;
  ref?: string;
  commit?: string;
  installedAt: string;
}

const isGitUrl = (source: string) =>
  repoTransport(source) !== "file" || /\.git\/?$/.test(source) || source.startsWith("file://");

/** The skill's name from its SKILL.md (frontmatter name, else the folder's), or why it is not a skill. */
function skillName(dir: string, fallback: string): string {
  const file = join(dir, "SKILL.md");
  let text: string;
  try {
    if (statSync(file).size > MAX_SKILL_FILE_BYTES) throw new Error(`larger than ${MAX_SKILL_FILE_BYTES} bytes`);
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new ClawperatorError(
      "SKILL_VALIDATION_FAILED",
      `${dir} holds no readable SKILL.md (${(error as Error).message})`,
      {
        hint: "A skill is a folder with a SKILL.md (YAML frontmatter with name and description) at its top.",
        details: { dir },
      },
    );
  }
  const fm = parseFrontmatter(text);
  const problem = fm.problem ?? (fm.description ? undefined : { reason: "description is required", line: 1 });
  if (problem)
    throw new ClawperatorError("SKILL_VALIDATION_FAILED", `${file} is invalid: ${problem.reason}`, {
      details: { file, ...problem },
    });
  const name = fm.name?.trim() || fallback;
  if (!SAFE_NAME.test(name) || name.includes(".."))
    throw new ClawperatorError(
      "SKILL_VALIDATION_FAILED",
      `${JSON.stringify(name)} is not a skill name a folder can have`,
      {
        details: { name },
      },
    );
  return name;
}

/** Copies a skill folder: plain files and folders only (links are left out), without .git and node_modules. */
function copyTree(from: string, to: string, skipped: string[]): void {
  mkdirSync(to, { recursive: true, mode: 0o755 });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const source = join(from, entry.name);
    const stat = lstatSync(source);
    if (stat.isDirectory()) copyTree(source, join(to, entry.name), skipped);
    else if (stat.isFile()) copyFileSync(source, join(to, entry.name));
    else skipped.push(source);
  }
}

/** Puts `staged` in place as `target` (replacing one that is there only with `force`). */
function place(staged: string, target: string, force: boolean | undefined, name: string): void {
  if (existsSync(target)) {
    if (!force)
      throw new ClawperatorError("SKILL_ALREADY_INSTALLED", `Skill ${name} is already in ${target}`, {
        hint: "Pass --force to replace it, or `clawperator skills update` to update it from its source.",
        details: { name, dir: target },
      });
    const old = `${target}.old-${randomBytes(4).toString("hex")}`;
    renameSync(target, old);
    renameSync(staged, target);
    rmSync(old, { recursive: true, force: true });
    return;
  }
  renameSync(staged, target);
}

/**
 * `skills install <dir|git url>` (as `openclaw skills install`): the skill folder, or the repository's top (its
 * SKILL.md), copied into the managed folder ~/.clawperator/skills/<name> through a staging folder beside it;
 * a git URL is cloned with the registry's limits (allowed transports, time limit, no prompts).
 */
export async function installSkill(
  localSkills: LocalSkills,
  request: SkillInstallRequest,
  action: SkillInstallOutcome["action"] = "installed",
): Promise<SkillInstallOutcome> {
  const managed = localSkills.managedDir;
  if (!privateDir(managed, { followLink: true }))
    throw new ClawperatorError("SKILL_INSTALL_FAILED", `${managed} is not a folder of this user's alone`);
  const staging = join(managed, `.install-${randomBytes(6).toString("hex")}`);
  const cfg = localSkills.skillsConfig;
  const gitOptions = {
    ...(cfg.allowedRepoTransports ? { allowedTransports: cfg.allowedRepoTransports } : {}),
    ...(cfg.gitTimeoutMs ? { timeoutMs: cfg.gitTimeoutMs } : {}),
  };
  const local = resolve(localSkills.cwd, request.source);
  const fromDir = !isGitUrl(request.source) && existsSync(local);
  try {
    let origin: InstalledSource;
    let from: string;
    if (fromDir) {
      if (!statSync(local).isDirectory())
        throw new ClawperatorError("USAGE", `${local} is not a folder`, { details: { source: request.source } });
      from = local;
      origin = { kind: "dir", source: local, installedAt: new Date().toISOString() };
    } else {
      checkInputs({ url: request.source, ...(request.ref ? { ref: request.ref } : {}), ...gitOptions });
      from = join(staging, "clone");
      const progress = request.onProgress ? { onProgress: request.onProgress } : {};
      await git(
        ["clone", "--depth", "1", ...(request.onProgress ? ["--progress"] : []), "--", request.source, from],
        { what: `git clone ${request.source}`, ...progress },
        gitOptions,
      );
      if (request.ref) {
        await git(
          ["fetch", "--depth", "1", "origin", request.ref],
          { cwd: from, what: `git fetch ${request.ref}`, ...progress },
          gitOptions,
        );
        await git(
          ["checkout", "--force", "--detach", "FETCH_HEAD"],
          { cwd: from, what: `git checkout ${request.ref}` },
          gitOptions,
        );
      }
      const commit = await git(["rev-parse", "HEAD"], { cwd: from, what: "git rev-parse" }, gitOptions);
      origin = {
        kind: "git",
        source: request.source,
        ...(request.ref ? { ref: request.ref } : {}),
        commit,
        installedAt: new Date().toISOString(),
      };
    }
    const name = skillName(from, fromDir ? basename(from) : basename(request.source).replace(/\.git\/?$/, ""));
    const copy = join(staging, "skill");
    const skipped: string[] = [];
    copyTree(from, copy, skipped);
    writeFileSync(join(copy, SOURCE_FILE), `${JSON.stringify(origin, null, 2)}\n`, { mode: 0o644 });
    const target = join(managed, name);
    place(copy, target, request.force || action === "updated", name);
    for (const path of skipped)
      localSkills.logger.warn(`skills install: left out ${path} (not a plain file or folder)`);
    return {
      ok: true,
      action,
      name,
      dir: target,
      source: origin.source,
      ...(origin.ref ? { ref: origin.ref } : {}),
      ...(origin.commit ? { commit: origin.commit } : {}),
    };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** `skills update <name>`: a managed skill installed by `skills install`, installed again from its source. */
export async function updateSkill(
  localSkills: LocalSkills,
  name: string,
  options: { ref?: string; onProgress?: (line: string) => void } = {},
): Promise<SkillInstallOutcome> {
  const dir = join(localSkills.managedDir, name);
  let origin: InstalledSource;
  try {
    if (!SAFE_NAME.test(name)) throw new Error("not a skill name");
    origin = JSON.parse(readFileSync(join(dir, SOURCE_FILE), "utf8")) as InstalledSource;
  } catch {
    throw new ClawperatorError(
      "SKILL_NOT_FOUND",
      `No skill ${name} installed by skills install in ${localSkills.managedDir}`,
      {
        hint: "skills update <name> updates a skill `skills install <dir|git url>` put in the managed folder; `skills update` alone updates the registry clone.",
        details: { skillId: name, dir },
      },
    );
  }
  const ref = options.ref ?? origin.ref;
  return installSkill(
    localSkills,
    {
      source: origin.source,
      ...(ref ? { ref } : {}),
      force: true,
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    },
    "updated",
  );
}
