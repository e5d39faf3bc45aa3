import { createHash } from "node:crypto";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { clawperatorHome } from "../../../core/host/clawperator-home.ts";
import type { SkillPrecedence } from "../../../core/kernel/contributions.ts";
import type { SkillInstallPlan } from "../../../core/services/skills.ts";
import type { InstallSpec } from "../sources/install-spec.ts";
import type { InstallPreferences } from "../status/install-options.ts";
import { userHome } from "../../../core/host/user-home.ts";

const SAFE = {
  brew: /^[a-z0-9][a-z0-9+._@-]*(\/[a-z0-9][a-z0-9+._@-]*){0,2}$/,
  node: /^(@[a-z0-9._-]+\/)?[a-z0-9._-]+(@[a-z0-9^~>=<.*|-]+)?$/,
  go: /^[a-zA-Z0-9][a-zA-Z0-9._/-]*@[a-z0-9v._-]+$/,
  uv: /^[a-z0-9][a-z0-9._-]*(\[[a-z0-9,._-]+\])?(([><=!~]=?|===?)[a-z0-9.*_-]+)?$/i,
};

export const unsupported = (message: string, details: Record<string, unknown> = {}) =>
  new ClawperatorError("SKILL_INSTALL_UNSUPPORTED", message, { details });

function safe(value: string, kind: keyof typeof SAFE): string {
  const v = value.trim();
  if (!v || v.startsWith("-") || !SAFE[kind].test(v))
    throw unsupported(`the ${kind} install names ${JSON.stringify(value)}, which is not a safe ${kind} package name`);
  return v;
}

/**
 * The warning an install of a skill from a folder nobody vetted carries (bundled, managed and extra skills were put
 * there on purpose); status shows it before the install, the install's result repeats it.
 */
export function untrustedRecipe(name: string, precedence: SkillPrecedence): string | undefined {
  if (precedence === "bundled" || precedence === "managed" || precedence === "extra") return undefined;
  return `${name} is a ${precedence} skill: check that its install recipe is one you trust`;
}

/** A folder name for a skill key (OpenClaw's tools/<key>): the key when it is plain, else a slug and a hash. */
export function toolsFolder(skillKey: string): string {
  if (/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(skillKey) && !skillKey.includes("..")) return skillKey;
  const slug =
    skillKey
      .replace(/[^A-Za-z0-9._-]+/g, "-")
      .replace(/^[-.]+|[-.]+$/g, "")
      .slice(0, 48) || "skill";
  return `${slug}-${createHash("sha256").update(skillKey).digest("hex").slice(0, 10)}`;
}

const inside = (root: string, path: string) => {
  const rel = relative(root, path);
  return !rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel);
};

/** The skill's tools folder, or `targetDir` inside it (OpenClaw refuses one outside it too). */
export function downloadTarget(toolsRoot: string, spec: InstallSpec): string {
  const raw = spec.targetDir?.trim();
  if (!raw) return toolsRoot;
  const target = resolve(toolsRoot, raw);
  if (!inside(toolsRoot, target))
    throw unsupported(`targetDir ${raw} is outside the skill's tools folder`, { targetDir: raw, root: toolsRoot });
  return target;
}

/** The folder a skill's downloads go to (OpenClaw's ~/.openclaw/tools/<key>, ours under the Clawperator home). */
export const toolsRoot = (skillKey: string) => join(clawperatorHome(), "tools", toolsFolder(skillKey));

/** Where npm's "global" installs go: a prefix of ours, as OpenClaw's, so no root is needed and nothing overwritten. */
export const npmPrefix = () => join(clawperatorHome(), "tools", "node", "npm");

/**
 * The command a package-manager install runs (argv), the variables it is given (paths only) and where it puts the
 * programs; SKILL_INSTALL_UNSUPPORTED for a download or a name that is not a safe package name. Pure: setting the
 * prefix up is the installer's job.
 */
export function installCommand(
  spec: InstallSpec,
  prefs: InstallPreferences,
): { argv: string[]; env?: Record<string, string>; binDir?: string } {
  switch (spec.kind) {
    case "brew":
      return { argv: ["brew", "install", safe(spec.formula!, "brew")] };
    case "node": {
      const pkg = safe(spec.package!, "node");
      if (prefs.nodeManager === "pnpm") return { argv: ["pnpm", "add", "-g", "--ignore-scripts", pkg] };
      if (prefs.nodeManager === "yarn") return { argv: ["yarn", "global", "add", "--ignore-scripts", pkg] };
      if (prefs.nodeManager === "bun") return { argv: ["bun", "add", "-g", "--ignore-scripts", pkg] };
      const prefix = npmPrefix();
      return {
        argv: ["npm", "install", "-g", "--ignore-scripts", pkg],
        env: { NPM_CONFIG_PREFIX: prefix, npm_config_prefix: prefix },
        binDir: join(prefix, "bin"),
      };
    }
    case "go": {
      const bin = join(userHome(), ".local", "bin");
      return { argv: ["go", "install", safe(spec.module!, "go")], env: { GOBIN: bin }, binDir: bin };
    }
    case "uv":
      return { argv: ["uv", "tool", "install", safe(spec.package!, "uv")] };
    default:
      throw unsupported(`no command for a ${spec.kind} install`);
  }
}

/**
 * What choosing an option would do, for a person to read before it runs: the command and its variables, or the URL
 * and the folder a download goes to. Undefined for an option the installer would refuse.
 */
export function installPlan(
  spec: InstallSpec,
  prefs: InstallPreferences,
  skillKey: string,
): SkillInstallPlan | undefined {
  try {
    if (spec.kind === "download")
      return {
        url: spec.url!,
        targetDir: downloadTarget(toolsRoot(skillKey), spec),
        ...(spec.sha256 ? { sha256: spec.sha256 } : {}),
      };
    const { argv, env } = installCommand(spec, prefs);
    return { command: argv, ...(env ? { env } : {}) };
  } catch (error) {
    if (error instanceof ClawperatorError) return undefined;
    throw error;
  }
}
