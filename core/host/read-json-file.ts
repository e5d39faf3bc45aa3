import { parseJson } from "../contracts/json-syntax.ts";
import { readFileBounded } from "./read-bounded.ts";

/** Far above any manifest (skill.json and the like); what such a file is read up to. */
export const MAX_MANIFEST_BYTES = 1024 * 1024;

/**
 * A JSON file read no further than `limit` bytes and parsed, or what is wrong with it: where it stops being JSON,
 * never its text (the path may lead to any file the user can read). Errors of opening or reading are thrown.
 */
export function readJsonFile(path: string, limit = MAX_MANIFEST_BYTES): { value: unknown } | { problem: string } {
  const read = readFileBounded(path, limit);
  return "tooLarge" in read ? { problem: `larger than ${limit} bytes` } : parseJson(read.bytes.toString("utf8"));
}
