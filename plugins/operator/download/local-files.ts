import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { chmod, copyFile, link, lstat, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { clawperatorHome } from "../../../core/host/clawperator-home.ts";
import { randomHex } from "../../../core/host/random.ts";
import { writeFailure } from "./write-verified.ts";

/**
 * `~/.clawperator/downloads` (under $CLAWPERATOR_HOME when set), created 0700 and checked to be a real directory
 * of this user's that nobody else can write: an APK found there is installed on a phone.
 */
export async function privateDownloadsDir(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const dir = join(clawperatorHome(env), "downloads");
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const stat = await lstat(dir);
    const uid = process.getuid?.();
    if (!stat.isDirectory() || (uid !== undefined && stat.uid !== uid)) {
      throw new ClawperatorError("OPERATOR_DOWNLOAD_WRITE_FAILED", `${dir} is not a private folder of this user`, {
        hint: `Remove ${dir} (it is a link or belongs to another user), then retry.`,
        details: { path: dir },
      });
    }
    if ((stat.mode & 0o077) !== 0) await chmod(dir, 0o700);
  } catch (error) {
    throw writeFailure(dir, error);
  }
  return dir;
}

/** The SHA-256 of a file, or undefined when there is no such file. */
export async function fileSha256(path: string): Promise<string | undefined> {
  const hash = createHash("sha256");
  try {
    for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  } catch {
    return undefined;
  }
  return hash.digest("hex");
}

/** The hash a `<file>.sha256` beside the file records, when there is a readable one. */
export async function recordedSha256(path: string): Promise<string | undefined> {
  const word = (await readFile(`${path}.sha256`, "utf8").catch(() => "")).trim().split(/\s+/)[0];
  return word && /^[0-9a-f]{64}$/.test(word) ? word : undefined;
}

const aside = (path: string) => join(dirname(path), `.${basename(path)}.${randomHex(8)}.part`);

/** `<file>.sha256` in sha256sum's format, written aside and renamed so it is never seen half-written. */
export async function recordSha256(path: string, sha256: string, mode: number): Promise<void> {
  const target = `${path}.sha256`;
  const temporary = aside(target);
  try {
    await writeFile(temporary, `${sha256}  ${basename(path)}\n`, { mode, flag: "wx" });
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw writeFailure(target, error);
  }
}

/**
 * Points `operator.apk` (and its `.sha256`) in the downloads folder at the APK just verified: the path the spec's
 * first-run steps install from. A hard link where the file system has them, a copy elsewhere.
 */
export async function pointCurrent(dir: string, path: string, sha256: string): Promise<void> {
  const current = join(dir, "operator.apk");
  const temporary = aside(current);
  try {
    await link(path, temporary).catch(() => copyFile(path, temporary));
    await rename(temporary, current);
  } catch (error) {
    await rm(temporary, { force: true });
    throw writeFailure(current, error);
  }
  await recordSha256(current, sha256, 0o600);
}
