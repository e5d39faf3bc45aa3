import { createHash, randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { chmod, lstat, mkdir, readdir, rename, rm } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { privateDir } from "../../../core/host/private-files.ts";
import type { InstallSpec } from "../sources/install-spec.ts";
import { downloadTarget } from "./install-command.ts";
import { runInstaller } from "./run-installer.ts";
import { extractZip } from "./unzip.ts";

/** What one download may be (OpenClaw's limit). */
export const MAX_DOWNLOAD_BYTES = 268_435_456;

const failed = (message: string, details: Record<string, unknown> = {}) =>
  new ClawperatorError("SKILL_INSTALL_FAILED", message, { details });

type ArchiveType = "tar.gz" | "tar.bz2" | "zip";

function archiveType(spec: InstallSpec, filename: string): ArchiveType | undefined {
  const explicit = spec.archive?.trim().toLowerCase();
  if (explicit === "tar.gz" || explicit === "tar.bz2" || explicit === "zip") return explicit;
  if (explicit) throw new ClawperatorError("SKILL_INSTALL_UNSUPPORTED", `unsupported archive type: ${explicit}`);
  const lower = filename.toLowerCase();
  if (lower.endsWith(".tar.gz") || lower.endsWith(".tgz")) return "tar.gz";
  if (lower.endsWith(".tar.bz2") || lower.endsWith(".tbz2")) return "tar.bz2";
  if (lower.endsWith(".zip")) return "zip";
  return undefined;
}

/** Streams the URL into `file`, at most MAX_DOWNLOAD_BYTES, and returns its sha256. */
async function fetchTo(url: string, file: string, signal: AbortSignal, onLine: (l: string) => void) {
  let response: Response;
  try {
    response = await fetch(url, { signal, redirect: "follow" });
  } catch (error) {
    throw failed(`download of ${url} failed: ${(error as Error).message}`, { url });
  }
  if (!response.ok || !response.body) throw failed(`download of ${url} failed (HTTP ${response.status})`, { url });
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > MAX_DOWNLOAD_BYTES)
    throw failed(`${url} is ${declared} bytes, over the ${MAX_DOWNLOAD_BYTES}-byte limit`, { url });
  const hash = createHash("sha256");
  let bytes = 0;
  let reported = 0;
  const counted = Readable.fromWeb(response.body as import("node:stream/web").ReadableStream).map((chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > MAX_DOWNLOAD_BYTES) throw failed(`${url} is over the ${MAX_DOWNLOAD_BYTES}-byte limit`, { url });
    if (bytes - reported >= 1_048_576) {
      reported = bytes;
      onLine(`downloaded ${bytes} bytes`);
    }
    hash.update(chunk);
    return chunk;
  });
  await pipeline(counted, createWriteStream(file, { mode: 0o600, flags: "wx" }));
  onLine(`downloaded ${bytes} bytes`);
  return { sha256: hash.digest("hex"), bytes };
}

/** Refuses a staged tree holding anything but folders and regular files (links, devices): nothing may lead out. */
async function checkTree(dir: string): Promise<void> {
  for (const entry of await readdir(dir)) {
    const path = join(dir, entry);
    const stat = await lstat(path);
    if (stat.isDirectory()) await checkTree(path);
    else if (!stat.isFile() || stat.nlink > 1)
      throw failed(`the archive holds ${entry}, which is not a plain file or folder; nothing was installed`);
  }
}

/** The members of a tar archive that are not plain files or folders, or have absolute or `..` names. */
async function unsafeTarMembers(file: string, type: ArchiveType, timeoutMs: number, env: NodeJS.ProcessEnv) {
  const listed = await runInstaller(["tar", type === "tar.gz" ? "-tzvf" : "-tjvf", file], {
    timeoutMs,
    baseEnv: env,
    env: { LC_ALL: "C" },
    maxBytes: 16 * 1_048_576,
  });
  if (listed.exitCode !== 0) throw failed(`tar could not read the archive: ${listed.stderr.split("\n").at(-1)}`);
  const names = await runInstaller(["tar", type === "tar.gz" ? "-tzf" : "-tjf", file], {
    timeoutMs,
    baseEnv: env,
    env: { LC_ALL: "C" },
    maxBytes: 16 * 1_048_576,
  });
  const bad = listed.stdout.split("\n").filter((line) => line && !"-d".includes(line[0]!));
  for (const name of names.stdout.split("\n").filter(Boolean))
    if (name.startsWith("/") || name.split("/").includes("..")) bad.push(name);
  return bad;
}

/** Moves the staged tree into `target`, file by file, replacing what is there. */
async function publish(staging: string, target: string): Promise<void> {
  await mkdir(target, { recursive: true, mode: 0o755 });
  for (const entry of await readdir(staging)) {
    const from = join(staging, entry);
    const to = join(target, entry);
    if ((await lstat(from)).isDirectory()) {
      await publish(from, to);
      continue;
    }
    await rm(to, { recursive: true, force: true });
    await rename(from, to);
  }
}

/**
 * `kind: download`: the URL fetched into a private temporary folder, checked against `sha256` when the spec gives
 * one, then extracted (tar.gz, tar.bz2, zip; by `archive` or the file name; `extract: false` keeps the file) into a
 * staging folder, checked to hold only plain files and folders, and moved into the skill's tools folder.
 */
export async function installDownload(input: {
  spec: InstallSpec & { url: string };
  toolsRoot: string;
  timeoutMs: number;
  signal: AbortSignal;
  env: NodeJS.ProcessEnv;
  onLine: (line: string) => void;
}): Promise<{ targetDir: string; bytes: number; sha256: string; extracted: boolean }> {
  const { spec } = input;
  const target = downloadTarget(input.toolsRoot, spec);
  let filename = "download";
  try {
    filename = basename(new URL(spec.url).pathname) || filename;
  } catch {
    // a URL the spec parser kept always parses
  }
  const temp = join(dirname(input.toolsRoot), ".downloads", randomBytes(8).toString("hex"));
  if (!privateDir(temp)) throw failed(`cannot make the private download folder ${temp}`);
  try {
    const file = join(temp, filename);
    input.onLine(`downloading ${spec.url}`);
    const { sha256, bytes } = await fetchTo(spec.url, file, input.signal, input.onLine);
    if (spec.sha256 && sha256 !== spec.sha256) {
      throw failed(
        `SHA-256 mismatch for ${filename}: expected ${spec.sha256}, got ${sha256}; the download was discarded`,
        {
          expected: spec.sha256,
          actual: sha256,
        },
      );
    }
    const type = archiveType(spec, filename);
    const extract = spec.extract ?? type !== undefined;
    if (!extract) {
      await mkdir(target, { recursive: true, mode: 0o755 });
      await chmod(file, 0o644);
      await rename(file, join(target, filename));
      return { targetDir: target, bytes, sha256, extracted: false };
    }
    if (!type)
      throw new ClawperatorError("SKILL_INSTALL_UNSUPPORTED", "extract requested but the archive type is unknown");
    const staging = join(temp, "extracted");
    await mkdir(staging, { mode: 0o700 });
    const strip = Math.max(0, Math.floor(spec.stripComponents ?? 0));
    if (type === "zip") await extractZip(file, staging, strip);
    else {
      const unsafe = await unsafeTarMembers(file, type, input.timeoutMs, input.env);
      if (unsafe.length)
        throw failed(
          `the archive holds links or paths leaving it (${unsafe.slice(0, 3).join("; ")}); nothing was installed`,
        );
      const untar = await runInstaller(
        [
          "tar",
          type === "tar.gz" ? "-xzf" : "-xjf",
          file,
          "-C",
          staging,
          "--no-same-owner",
          `--strip-components=${strip}`,
        ],
        { timeoutMs: input.timeoutMs, baseEnv: input.env, env: { LC_ALL: "C" }, signal: input.signal },
      );
      if (untar.exitCode !== 0) throw failed(`tar could not extract the archive: ${untar.stderr.split("\n").at(-1)}`);
    }
    await checkTree(staging);
    input.onLine(`extracting into ${target}`);
    await publish(staging, target);
    return { targetDir: target, bytes, sha256, extracted: true };
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}
