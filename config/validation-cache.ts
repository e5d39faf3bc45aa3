import { statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { ClawperatorConfig } from "./schema.ts";
import { cacheEntry } from "./startup-cache.ts";

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
 * environment evaluates differently each time). The schema needs zod, whose load is a cost on every
 * CLI start in a project with a config; an identical value seen before skips it. Only plain-JSON values are kept.
 */
export function validationCache(value: unknown): {
  get(): ClawperatorConfig | undefined;
  set(parsed: ClawperatorConfig): void;
} {
  if (!isPlainJson(value)) return { get: () => undefined, set: () => undefined };
  const entry = cacheEntry("config", [validatorFingerprint(), JSON.stringify(value)], ".json");
  return {
    get() {
      const text = entry.read();
      try {
        return text === undefined ? undefined : (JSON.parse(text) as ClawperatorConfig);
      } catch {
        // A damaged entry is as good as none: validate again.
        return undefined;
      }
    },
    set(parsed) {
      if (isPlainJson(parsed)) entry.write(JSON.stringify(parsed));
    },
  };
}
