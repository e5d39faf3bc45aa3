import { chmodSync, closeSync, mkdirSync, openSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { basename, dirname, join } from "node:path";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import type { RuntimeConfig } from "../../../core/services/runtime-config.ts";
import type { SkillAllowlistUpdate, SkillConfigWrite, SkillEntryUpdate } from "../../../core/services/skills.ts";
import { agentKey } from "../agents/agent-filter.ts";
import { isDangerousEnvName } from "../run/skill-env.ts";
import { type ConfigShape, configShape, globalConfigFile, readIfThere, sha256 } from "../service/config-file.ts";

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** A lock file beside the config: held only while one writer compares and renames. */
function lock(path: string): () => void {
  const file = join(dirname(path), `.${basename(path)}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      closeSync(openSync(file, "wx", 0o600));
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      // A lock older than a minute was left by a writer that died.
      try {
        if (Date.now() - statSync(file).mtimeMs > 60_000) rmSync(file, { force: true });
        else break;
      } catch {
        // gone meanwhile: try again
      }
    }
  }
  throw conflict(path, "another write of this file is in progress");
}

const conflict = (path: string, why: string, details: Json = {}) =>
  new ClawperatorError("SKILLS_CONFIG_CONFLICT", `${path} changed: ${why}`, {
    hint: "Read the skills status again (its config.hash) and retry the edit.",
    details: { path, ...details },
  });

/** Whether the config holds a secret value: any apiKey or env value of skills.entries. */
function holdsSecret(values: Json): boolean {
  const entries = isRecord(values.skills) && isRecord(values.skills.entries) ? values.skills.entries : {};
  return Object.values(entries).some(
    (e) =>
      isRecord(e) &&
      ((typeof e.apiKey === "string" && e.apiKey !== "") || (isRecord(e.env) && Object.keys(e.env).length > 0)),
  );
}

/** The indentation the file uses (its first indented line), so an edit keeps its look. */
const indentOf = (text: string) => /\n([ \t]+)\S/.exec(text)?.[1] ?? "  ";

/**
 * Reads the config file, applies `edit` to its values and writes it back atomically (a temporary file renamed over
 * it), refusing when the file is not JSON, when `ifHash` is not its current hash, or when it changed between the
 * read and the write (SKILLS_CONFIG_CONFLICT: the other writer's change stays). 0600 when it holds a secret.
 */
function editConfig(config: RuntimeConfig, ifHash: string | undefined, edit: (values: Json) => void) {
  const path = config.filepath ?? globalConfigFile();
  const before = readIfThere(path);
  const shape = configShape(path, before);
  if ("reason" in shape) {
    throw new ClawperatorError("SKILLS_CONFIG_NOT_WRITABLE", `${shape.reason}; clawperator edits JSON configs only`, {
      hint: `Edit skills.entries / agents.list in ${path} by hand, or move those settings to a JSON config.`,
      details: { path },
    });
  }
  const hash = before === undefined ? null : sha256(before);
  if (ifHash !== undefined && ifHash !== hash)
    throw conflict(path, "it is not the version the edit was made on", { expected: ifHash, current: hash });
  const text = before?.toString("utf8") ?? "";
  let document: Json;
  try {
    document = text.trim() === "" ? {} : (JSON.parse(text) as Json);
    if (!isRecord(document)) throw new Error("not an object");
  } catch (error) {
    throw new ClawperatorError("CONFIG_INVALID", `${path}: not a JSON object (${(error as Error).message})`, {
      details: { file: path },
    });
  }
  if (shape.shape === "package.json" && document.clawperator === undefined) document.clawperator = {};
  const values = shape.shape === "package.json" ? (document.clawperator as Json) : document;
  if (!isRecord(values)) throw new ClawperatorError("CONFIG_INVALID", `${path}: "clawperator" is not an object`);
  edit(values);
  const out = `${JSON.stringify(document, null, indentOf(text))}\n`;
  const secret = holdsSecret(values);
  let mode = 0o600;
  if (!secret && before !== undefined) mode = statSync(path).mode & 0o777;
  if (!secret && before === undefined) mode = 0o644;
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const release = lock(path);
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
  try {
    writeFileSync(temp, out, { mode, flag: "wx" });
    chmodSync(temp, mode);
    const now = readIfThere(path);
    if ((now === undefined ? null : sha256(now)) !== hash) throw conflict(path, "another writer changed it meanwhile");
    renameSync(temp, path);
  } finally {
    rmSync(temp, { force: true });
    release();
  }
  return { path, hash: sha256(out), mode: `0${mode.toString(8)}`, values, shape: shape.shape as ConfigShape };
}

const section = (values: Json, key: string): Json => {
  if (!isRecord(values[key])) values[key] = {};
  return values[key] as Json;
};

/** `skills.update` of OpenClaw: `enabled`, `apiKey` ("" removes it), `env` (a "" value removes that name). */
export async function updateEntry(config: RuntimeConfig, update: SkillEntryUpdate): Promise<SkillConfigWrite> {
  const skillKey = update.skillKey.trim();
  if (!skillKey) throw new ClawperatorError("USAGE", "a skillKey is required");
  const refused = Object.keys(update.env ?? {}).filter((name) => name.trim() && isDangerousEnvName(name.trim()));
  if (refused.length) {
    throw new ClawperatorError("USAGE", `skills.entries.${skillKey}.env may not set ${refused.join(", ")}`, {
      hint: "Variables that change how programs load code, find programs or whom they trust are refused.",
      details: { refused },
    });
  }
  let entry: Json = {};
  const written = editConfig(config, update.ifHash, (values) => {
    const entries = section(section(values, "skills"), "entries");
    entry = isRecord(entries[skillKey]) ? { ...(entries[skillKey] as Json) } : {};
    if (typeof update.enabled === "boolean") entry.enabled = update.enabled;
    if (typeof update.apiKey === "string") {
      const key = update.apiKey.trim();
      if (key) entry.apiKey = key;
      else delete entry.apiKey;
    }
    if (update.env) {
      const env: Json = isRecord(entry.env) ? { ...entry.env } : {};
      for (const [rawName, rawValue] of Object.entries(update.env)) {
        const name = rawName.trim();
        if (!name) continue;
        const value = String(rawValue).trim();
        if (value) env[name] = value;
        else delete env[name];
      }
      entry.env = env;
    }
    entries[skillKey] = entry;
  });
  return {
    ok: true,
    path: written.path,
    hash: written.hash,
    mode: written.mode,
    skillKey,
    entry: {
      ...(typeof entry.enabled === "boolean" ? { enabled: entry.enabled } : {}),
      apiKey: typeof entry.apiKey === "string" && entry.apiKey !== "",
      env: isRecord(entry.env) ? Object.keys(entry.env) : [],
    },
  };
}

const names = (list: unknown): string[] | undefined =>
  Array.isArray(list) ? list.map((s) => String(s).trim()).filter(Boolean) : undefined;

/**
 * An agent's `skills`: a list (deduplicated), `[]` for none, null to remove the key (every skill); or `add` and
 * `remove` applied to what the agent has now as the file says (its own list, else `agents.defaults.skills`, else
 * `everySkill()`). Only adding to "every skill" leaves it so; removing from it writes the list of all the others.
 */
export async function updateAllowlist(
  config: RuntimeConfig,
  update: SkillAllowlistUpdate,
  everySkill: () => string[],
): Promise<SkillConfigWrite> {
  const id = update.agentId.trim();
  const changes = update.add !== undefined || update.remove !== undefined;
  if ((update.skills !== undefined) === changes)
    throw new ClawperatorError(
      "USAGE",
      "an allowlist update sets `skills` or changes it with `add`/`remove`, not both",
    );
  let found: Json | undefined;
  const written = editConfig(config, update.ifHash, (values) => {
    const agents = section(values, "agents");
    const list = Array.isArray(agents.list) ? (agents.list as unknown[]) : [];
    found = list.find((a): a is Json => isRecord(a) && typeof a.id === "string" && agentKey(a.id) === agentKey(id));
    if (!found) {
      throw new ClawperatorError("AGENT_NOT_FOUND", `No agent "${id}" in the config's agents.list`, {
        hint: "Add the agent to agents.list first.",
        details: { agentId: id },
      });
    }
    let next: string[] | null;
    if (!changes) next = update.skills ?? null;
    else {
      const own = Object.hasOwn(found, "skills") ? names(found.skills) : undefined;
      const inherited = own ?? names(isRecord(agents.defaults) ? agents.defaults.skills : undefined);
      const remove = new Set(names(update.remove) ?? []);
      if (inherited === undefined && remove.size === 0) next = null;
      else next = [...(inherited ?? everySkill()), ...(names(update.add) ?? [])].filter((s) => !remove.has(s));
    }
    if (next === null) delete found.skills;
    else found.skills = [...new Set(next.map((s) => s.trim()).filter(Boolean))];
  });
  const agent = found!;
  return {
    ok: true,
    path: written.path,
    hash: written.hash,
    mode: written.mode,
    agent: {
      id: String(agent.id),
      default: agent.default === true,
      skills: Array.isArray(agent.skills) ? (agent.skills as string[]) : null,
    },
  };
}
