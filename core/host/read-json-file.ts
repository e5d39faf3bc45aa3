import { parseJson } from "../contracts/json-syntax.ts";
import { readFileBounded } from "./read-bounded.ts";

/** Far above any manifest (skill.json and the like); what such a file is read up to. */
export const MAX_MANIFEST_BYTES = 1024 * 1024;

/**
 * A JSON file read no further than `limit` bytes and parsed, or what is wrong with it: that it cannot be read, or
 * where it stops being JSON, never its text (the path may lead to any file the user can read).
 */
export function readJsonFile(path: string, limit = MAX_MANIFEST_BYTES): { value: unknown } | { problem: string } {
  let read: ReturnType<typeof readFileBounded>;
  try {
    read = readFileBounded(path, limit);
  } catch (error) {
    return { problem: `cannot be read (${(error as NodeJS.ErrnoException).code ?? "error"})` };
  }
  return "tooLarge" in read ? { problem: `larger than ${limit} bytes` } : parseJson(read.bytes.toString("utf8"));
}
