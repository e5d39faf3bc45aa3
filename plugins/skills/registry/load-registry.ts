import { dirname } from "node:path";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { parseJson } from "../../../core/contracts/json-syntax.ts";
import { untrustedReason } from "../../../core/host/file-trust.ts";
import { readFileBounded } from "../../../core/host/read-bounded.ts";
import type { RegistrySkill } from "../../../core/services/skills.ts";
import { REGISTRY_ENV, type RegistryChoice } from "./registry-path.ts";

export interface LoadedRegistry {
  /** Absolute path of the registry file that was read. */
  path: string;
  /** The skills repository root: registry paths (`skills/<id>/...`) are relative to it. */
  root: string;
  how: RegistryChoice["kind"];
  schemaVersion?: string;
  generatedAt?: string;
  skills: RegistrySkill[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function readFailed(message: string, path: string, cause?: unknown): ClawperatorError {
  return new ClawperatorError("REGISTRY_READ_FAILED", message, {
    hint: `Fix ${REGISTRY_ENV}, run from the skills repository's parent, or run clawperator skills install.`,
    details: { registryPath: path },
    ...(cause === undefined ? {} : { cause }),
  });
}

/**
 * Parses one registry file. The shape check is by hand, not zod: `skills list` over a large registry must stay
 * fast, and only the `skills` array is required (docs/skills-registry.md#registry-file).
 */
export function parseRegistry(text: string, path: string, how: RegistryChoice["kind"]): LoadedRegistry {
  const parsed = parseJson(text);
  if ("problem" in parsed) throw readFailed(`Registry at ${path} is not valid JSON (${parsed.problem})`, path);
  const data = parsed.value;
  if (!isRecord(data) || !Array.isArray(data.skills)) throw readFailed("Invalid registry: skills array required", path);
  const skills = data.skills as unknown[];
  for (let i = 0; i < skills.length; i++) {
    const entry = skills[i];
    if (!isRecord(entry) || typeof entry.id !== "string" || entry.id === "") {
      throw readFailed(`Invalid registry: skills[${i}] needs a string id`, path);
    }
  }
  return {
    path,
    // The registry lives at <root>/skills/skills-registry.json; entry paths start with "skills/".
    root: dirname(dirname(path)),
    how,
    ...(typeof data.schemaVersion === "string" ? { schemaVersion: data.schemaVersion } : {}),
    ...(typeof data.generatedAt === "string" ? { generatedAt: data.generatedAt } : {}),
    skills: skills as RegistrySkill[],
  };
}

/** Far above a 10,000-skill registry (about 5 MB); a bound so a device or a huge file is never read whole. */
const MAX_REGISTRY_BYTES = 32 * 1024 * 1024;

/**
 * The registry's text, or why it could not be read. A registry names the scripts `skills run` executes, so one
 * another local user could have written or could replace (a default path such as ../../skills reaches /tmp from
 * /tmp/a/b) is refused, by the rule config files follow.
 */
function readText(path: string): string | NodeJS.ErrnoException {
  let read: ReturnType<typeof readFileBounded>;
  try {
    read = readFileBounded(path, MAX_REGISTRY_BYTES);
  } catch (error) {
    return error as NodeJS.ErrnoException;
  }
  if ("tooLarge" in read) throw readFailed(`Registry at ${path} is larger than ${MAX_REGISTRY_BYTES} bytes`, path);
  const reason = untrustedReason(path);
  if (reason !== undefined)
    throw readFailed(
      `Registry at ${path} refused: ${reason}; a registry another user could have written is never used`,
      path,
    );
  return read.bytes.toString("utf8");
}

/**
 * Reads the chosen registry with the registry's failure rules (docs/skills-registry.md#failure-rules): explicit and env
 * paths never fall back.
 */
export function loadRegistry(choice: RegistryChoice): LoadedRegistry {
  if (choice.kind !== "defaults") {
    const text = readText(choice.path);
    if (typeof text !== "string") {
      const message =
        text.code === "ENOENT"
          ? `Registry not found at configured path: ${choice.path}. Update ${REGISTRY_ENV} or run clawperator ` +
            `skills install.`
          : `Registry at ${choice.path} could not be read: ${text.message}`;
      throw readFailed(message, choice.path, text);
    }
    return parseRegistry(text, choice.path, choice.kind);
  }
  for (const path of choice.paths) {
    const text = readText(path);
    if (typeof text === "string") return parseRegistry(text, path, "defaults");
  }
  const managed = choice.paths[choice.paths.length - 1]!;
  throw new ClawperatorError("REGISTRY_READ_FAILED", `Registry not found at ${choice.paths.join(", ")}.`, {
    hint: `Verify ${managed}, run clawperator skills install, or set ${REGISTRY_ENV}.`,
    details: { searched: choice.paths },
  });
}
