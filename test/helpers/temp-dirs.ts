import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll } from "vitest";

/** Writes `files` (relative path → content) under `root`, creating folders as needed. */
export async function writeFiles(root: string, files: Readonly<Record<string, string>>): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  }
}

/**
 * Returns a maker of fresh temp directories (optionally pre-filled with files); every directory it made is
 * removed after the calling test file. Paths are real paths so they compare equal to what loaders report.
 */
export function tempDirs(prefix = "clawperator-test-"): (files?: Readonly<Record<string, string>>) => Promise<string> {
  const made: string[] = [];
  afterAll(async () => {
    await Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true })));
  });
  return async (files = {}) => {
    const dir = await realpath(await mkdtemp(join(tmpdir(), prefix)));
    made.push(dir);
    await writeFiles(dir, files);
    return dir;
  };
}
