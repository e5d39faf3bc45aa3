import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { clawperatorHome } from "../core/execution/device-lock.ts";
import type { ClawperatorConfig } from "./schema.ts";

/** Whether `value` is plain JSON (no functions, class instances, undefined or non-finite numbers). */
function isPlainJson(value: unknown): boolean {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isPlainJson);
  if (typeof value !== "object" || Object.getPrototypeOf(value) !== Object.prototype) return false;
  return Object.values(value).every(isPlainJson);
}

/** This build of the validator: the file's URL (bundle chunks are named by content hash) and its mtime. */
function validatorFingerprint(): string {
  const url = import.meta.url;
  try {
    return `${url}@${statSync(fileURLToPath(url)).mtimeMs}`;
  } catch {
    return url;
  }
}

/**
 * Remembers configs the schema accepted, by a hash of the evaluated value (not the file: a config that reads the
 * environment evaluates differently each time). The schema needs zod, whose load costs about 30 ms on every
 * CLI start in a project with a config; an identical value seen before skips it. Only plain-JSON values are kept.
 */
export function validationCache(value: unknown): { get(): ClawperatorConfig | undefined; set(parsed: ClawperatorConfig): void } {
  if (!isPlainJson(value)) return { get: () => undefined, set: () => undefined };
  const key = createHash("sha256").update(validatorFingerprint()).update("\0").update(JSON.stringify(value)).digest("hex").slice(0, 32);
  const file = join(clawperatorHome(), "cache", "config", `${key}.json`);
  return {
    get() {
      try {
        return JSON.parse(readFileSync(file, "utf8")) as ClawperatorConfig;
      } catch {
        return undefined;
      }
    },
    set(parsed) {
      if (!isPlainJson(parsed)) return;
      try {
        mkdirSync(join(clawperatorHome(), "cache", "config"), { recursive: true });
        writeFileSync(file, JSON.stringify(parsed));
      } catch {
        // A read-only home only costs the next start the validation.
      }
    },
  };
}
