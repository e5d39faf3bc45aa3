import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { basename, extname, join } from "node:path";
import type { RuntimeConfig } from "../../../core/services/runtime-config.ts";
import type { SkillsConfigFile } from "../../../core/services/skills.ts";
import { userHome } from "../../../core/host/user-home.ts";

/** The global config cosmiconfig reads when no project has one (env-paths' config dir for "clawperator"). */
export function globalConfigFile(env: NodeJS.ProcessEnv = process.env): string {
  const home = userHome();
  const base =
    process.platform === "darwin"
      ? join(home, "Library", "Preferences")
      : process.platform === "win32"
        ? (env.APPDATA ?? join(home, "AppData", "Roaming"))
        : (env.XDG_CONFIG_HOME ?? join(home, ".config"));
  return join(base, "clawperator", "config.json");
}

export const sha256 = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex");

/** The file's bytes, or undefined when it does not exist. */
export function readIfThere(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** How a config file holds its values: a JSON object, or package.json's `clawperator` key. */
export type ConfigShape = "json" | "package.json";

/** Whether a config file can be edited, and how; TypeScript, JavaScript and YAML are the user's to edit. */
export function configShape(path: string, bytes: Buffer | undefined): { shape: ConfigShape } | { reason: string } {
  const name = basename(path);
  if (name === "package.json") return { shape: "package.json" };
  const ext = extname(name);
  if (ext === ".json") return { shape: "json" };
  if (name === ".clawperatorrc") {
    try {
      JSON.parse(bytes?.toString("utf8") ?? "{}");
      return { shape: "json" };
    } catch {
      return { reason: `${path} is YAML` };
    }
  }
  const kind = [".ts", ".mts", ".cts"].includes(ext)
    ? "TypeScript"
    : [".js", ".mjs", ".cjs"].includes(ext)
      ? "JavaScript"
      : "YAML";
  return { reason: `${path} is ${kind}` };
}

/**
 * The config file `skills configure` and `skills allowlist` write: the one the runtime loaded when it is JSON
 * (or package.json), else, with none loaded, the global ~/.config/clawperator/config.json. A TypeScript,
 * JavaScript or YAML config is never rewritten.
 */
export function configFileOf(config: RuntimeConfig): SkillsConfigFile {
  const path = config.filepath ?? globalConfigFile();
  let bytes: Buffer | undefined;
  try {
    bytes = readIfThere(path);
  } catch (error) {
    return { path, hash: null, writable: false, reason: `${path} cannot be read: ${(error as Error).message}` };
  }
  const shape = configShape(path, bytes);
  return {
    path,
    hash: bytes === undefined ? null : sha256(bytes),
    writable: "shape" in shape,
    ...("reason" in shape
      ? { reason: `${shape.reason}: edit skills.entries and agents.list in it by hand (clawperator writes JSON only)` }
      : {}),
  };
}
