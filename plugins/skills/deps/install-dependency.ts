import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { findOnPath } from "../../../core/host/executables.ts";
import { privateDir } from "../../../core/host/private-files.ts";
import type { EventBus } from "../../../core/services/event-bus.ts";
import type { SkillDependencyOutcome, SkillDependencyRequest } from "../../../core/services/skills.ts";
import type { LocalSkills } from "../service/skills-service.ts";
import { frontmatterOf } from "../sources/catalog.ts";
import { type InstallSpec, installIdOf } from "../sources/install-spec.ts";
import { skillMetadata } from "../sources/skill-metadata.ts";
import {
  type InstallPreferences,
  installPreferences,
  preferredSpec,
  specsForPlatform,
} from "../status/install-options.ts";
import { installDownload } from "./download.ts";
import { installCommand, toolsRoot, unsupported, untrustedRecipe } from "./install-command.ts";
import { runInstaller } from "./run-installer.ts";

/** OpenClaw's limits on an install's time: 300000 ms unless asked, between 1000 and 900000. */
export const DEFAULT_INSTALL_TIMEOUT_MS = 300_000;
const clampTimeout = (ms: number | undefined) => Math.min(Math.max(ms ?? DEFAULT_INSTALL_TIMEOUT_MS, 1_000), 900_000);

/** The option asked for (by id), else the preferred one, among those this OS may run. */
function chooseSpec(localSkills: LocalSkills, name: string, installId: string | undefined, prefs: InstallPreferences) {
  const record = localSkills.record(name);
  const metadata = skillMetadata(frontmatterOf(record));
  const usable = specsForPlatform(metadata, localSkills.platform);
  const hasBin = (b: string) => findOnPath(b, localSkills.env) !== undefined;
  const ids = metadata.install.map((spec, index) => installIdOf(spec, index));
  if (installId !== undefined) {
    const index = ids.indexOf(installId.trim());
    if (index < 0)
      throw unsupported(`skill ${name} has no install option "${installId}"`, { skillId: name, options: ids });
    const chosen = usable.find((u) => u.index === index);
    if (!chosen) {
      const os = [...new Set([...metadata.osGates.flat(), ...(metadata.install[index]!.os ?? [])])];
      throw unsupported(
        `install option "${installId}" of ${name} is for ${os.join("/") || "another OS"}, not ${localSkills.platform}`,
        {
          skillId: name,
          os,
          platform: localSkills.platform,
        },
      );
    }
    return { record, metadata, spec: chosen.spec, installId: ids[index]! };
  }
  const preferred = preferredSpec(
    usable.map((u) => u.spec),
    prefs,
    hasBin,
  );
  if (!preferred)
    throw unsupported(`skill ${name} has no install option for ${localSkills.platform}`, {
      skillId: name,
      options: ids,
    });
  return { record, metadata, spec: preferred, installId: ids[metadata.install.indexOf(preferred)]! };
}

/**
 * OpenClaw's `skills.install`: runs one of a skill's `metadata.install[]` options, refusing one for another OS or
 * naming an unsafe package: `brew install`, a global npm/pnpm/yarn/bun install (npm into
 * ~/.clawperator/tools/node/npm), `go install` (GOBIN ~/.local/bin), `uv tool install`, or a download verified and
 * extracted into ~/.clawperator/tools/<skillKey>. Each line of output goes to `onProgress` and the event bus; the
 * installer runs in its own process group, killed at the time limit; what it printed comes back capped.
 */
export async function installDependency(
  localSkills: LocalSkills,
  request: SkillDependencyRequest,
  host: { events?: () => EventBus | undefined } = {},
): Promise<SkillDependencyOutcome> {
  const prefs = installPreferences(localSkills.skillsConfig.install);
  const { record, metadata, spec, installId } = chooseSpec(localSkills, request.name, request.installId, prefs);
  const name = record.entry.id;
  const skillKey = metadata.skillKey ?? name;
  const timeoutMs = clampTimeout(request.timeoutMs);
  const events = host.events?.();
  const onLine = (line: string) => {
    request.onProgress?.(line);
    events?.emit("clawperator:skills-install-progress", { name, installId, line });
  };
  const untrusted = untrustedRecipe(name, record.origin.precedence);
  const warnings = untrusted ? [untrusted] : [];
  const base = { ok: true as const, name, skillKey, installId, kind: spec.kind, warnings };

  if (spec.kind === "download") {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const signal = request.signal ? AbortSignal.any([controller.signal, request.signal]) : controller.signal;
    try {
      const done = await installDownload({
        spec: spec as InstallSpec & { url: string },
        toolsRoot: toolsRoot(skillKey),
        timeoutMs,
        signal,
        env: localSkills.env,
        onLine,
      });
      return {
        ...base,
        message: done.extracted ? `Downloaded and extracted to ${done.targetDir}` : `Downloaded to ${done.targetDir}`,
        url: spec.url!,
        targetDir: done.targetDir,
        stdout: `downloaded=${done.bytes} sha256=${done.sha256}`,
        stderr: "",
      };
    } catch (error) {
      if (controller.signal.aborted)
        throw new ClawperatorError("SKILL_INSTALL_TIMEOUT", `download of ${spec.url} took over ${timeoutMs} ms`, {
          details: { name, installId, timeoutMs },
        });
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  const { argv, env, binDir } = installCommand(spec, prefs);
  // npm's prefix of ours exists, private, before npm writes into it.
  if (env?.NPM_CONFIG_PREFIX) privateDir(env.NPM_CONFIG_PREFIX);
  if (findOnPath(argv[0]!, localSkills.env) === undefined) {
    throw new ClawperatorError("SKILL_INSTALL_FAILED", `${argv[0]} is not installed (not on PATH)`, {
      hint: `Install ${argv[0]} first, or choose another install option of ${name} (skills status lists them).`,
      details: { name, installId, command: argv },
    });
  }
  onLine(`$ ${argv.join(" ")}`);
  const run = await runInstaller(argv, {
    timeoutMs,
    baseEnv: localSkills.env,
    ...(env ? { env } : {}),
    onLine,
    ...(request.signal ? { signal: request.signal } : {}),
  });
  const output = {
    stdout: run.stdout,
    stderr: run.stderr,
    ...(run.truncated ? { truncated: run.truncated } : {}),
  };
  if (run.timedOut)
    throw new ClawperatorError("SKILL_INSTALL_TIMEOUT", `${argv.join(" ")} took over ${timeoutMs} ms; it was stopped`, {
      details: { name, installId, command: argv, timeoutMs, ...output },
    });
  if (run.exitCode !== 0) {
    const last = (run.stderr || run.stdout)
      .split("\n")
      .filter((l) => l.trim())
      .at(-1);
    throw new ClawperatorError(
      "SKILL_INSTALL_FAILED",
      `${argv.join(" ")} failed (${run.aborted ? "cancelled" : run.exitCode === undefined ? (run.startError ?? "did not start") : `exit ${run.exitCode}`})${last ? `: ${last.slice(0, 200)}` : ""}`,
      { details: { name, installId, command: argv, exitCode: run.exitCode ?? null, ...output } },
    );
  }
  if (binDir && !(localSkills.env.PATH ?? "").split(":").includes(binDir))
    warnings.push(`the programs went to ${binDir}: add it to PATH so the skill finds them`);
  return { ...base, message: "Installed", command: argv, ...(binDir ? { binDir } : {}), ...output };
}
