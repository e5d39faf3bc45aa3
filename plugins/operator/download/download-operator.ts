import { stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { OPERATOR_PROTOCOL_LINE } from "../../../android/operator/protocol-line.ts";
import { isCompatible, parseVersion } from "../../../android/operator/version-compat.ts";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import type { RuntimeConfig } from "../../../core/services/runtime-config.ts";
import { type ChosenRelease, chooseRelease } from "./choose-release.ts";
import { guardedGet } from "./guarded-fetch.ts";
import { fileSha256, pointCurrent, privateDownloadsDir, recordedSha256, recordSha256 } from "./local-files.ts";
import { type ProgressStream, progressLine } from "./progress.ts";
import { metadataUrl, urlPolicy } from "./release-source.ts";
import { type OpenSink, writeVerified } from "./write-verified.ts";

export interface DownloadOperatorOptions {
  /** An exact release (x.y.z); default the newest of the protocol line this CLI drives. */
  version?: string;
  /** A file (or an existing folder) to write instead of ~/.clawperator/downloads. */
  out?: string;
  config: RuntimeConfig;
  env?: NodeJS.ProcessEnv;
  progress?: ProgressStream;
  /** Give up when the server sends nothing for this long (default 30 s). */
  idleTimeoutMs?: number;
  openSink?: OpenSink;
}

export interface OperatorDownload {
  ok: true;
  version: string;
  /** Whether the release is on the line this CLI drives (only `--version` can ask for another). */
  compatible: boolean;
  operatorProtocol: string;
  path: string;
  sha256: string;
  bytes: number;
  /** False when a verified copy of the same release was already there. */
  downloaded: boolean;
  /** Where the expected hash came from: latest.json, the release's `.sha256` file, or the local copy's record. */
  checksum: "inline" | "file" | "local";
  metadataUrl: string;
  apkUrl?: string;
  sha256Url?: string;
}

const IDLE_TIMEOUT_MS = 30_000;

async function* emptyBody(): AsyncIterable<Uint8Array> {}

function requestedVersion(version: string | undefined): string | undefined {
  if (version === undefined) return undefined;
  const parsed = parseVersion(version);
  if (!parsed || parsed.suffix === "d")
    throw new ClawperatorError("USAGE", `--version must be a release like 0.5.3, got "${version}"`, {
      details: { version },
    });
  return version.trim().replace(/^v/, "");
}

/** Where a release goes: `--out` (a file, or a folder to put it in), else the private downloads folder. */
async function targetOf(out: string | undefined, dir: string | undefined, version: string): Promise<string> {
  const name = `operator-v${version}.apk`;
  if (dir) return join(dir, name);
  const path = resolve(out!);
  const isFolder = await stat(path).then(
    (s) => s.isDirectory(),
    () => false,
  );
  return isFolder ? join(path, name) : path;
}

/**
 * `operator download`: the Operator APK of the line this CLI drives, from the release metadata (or `version`'s
 * immutable files), verified against its SHA-256 before it takes its final name. A verified copy of the same release
 * is not downloaded again; with `version`, one the CLI verified before is used without the network.
 */
export async function downloadOperator(options: DownloadOperatorOptions): Promise<OperatorDownload> {
  const version = requestedVersion(options.version);
  const metadata = metadataUrl(options.config, options.env);
  const policy = urlPolicy(metadata);
  policy.check(metadata, "the Operator release metadata");
  const dir = options.out === undefined ? await privateDownloadsDir(options.env) : undefined;
  const mode = dir ? 0o600 : 0o644;
  const base = { ok: true as const, operatorProtocol: OPERATOR_PROTOCOL_LINE, metadataUrl: metadata.href };
  const compatible = (v: string) => isCompatible(parseVersion(OPERATOR_PROTOCOL_LINE)!, parseVersion(v)!);

  if (version !== undefined) {
    const path = await targetOf(options.out, dir, version);
    const recorded = await recordedSha256(path);
    if (recorded && (await fileSha256(path)) === recorded) {
      if (dir) await pointCurrent(dir, path, recorded);
      const { size } = await stat(path);
      return {
        ...base,
        version,
        compatible: compatible(version),
        path,
        sha256: recorded,
        bytes: size,
        downloaded: false,
        checksum: "local",
      };
    }
  }

  const controller = new AbortController();
  let idle: NodeJS.Timeout | undefined;
  const stillAlive = () => {
    clearTimeout(idle);
    idle = setTimeout(() => controller.abort(), options.idleTimeoutMs ?? IDLE_TIMEOUT_MS);
  };
  stillAlive();
  try {
    const fetching = { metadata, policy, signal: controller.signal };
    const release: ChosenRelease = await chooseRelease(fetching, version);
    const path = await targetOf(options.out, dir, release.version);
    const found = {
      ...base,
      version: release.version,
      compatible: compatible(release.version),
      path,
      sha256: release.sha256,
      checksum: release.checksum,
      apkUrl: release.apkUrl.href,
      sha256Url: release.sha256Url.href,
    };

    let downloaded = false;
    if ((await fileSha256(path)) !== release.sha256) {
      stillAlive();
      const response = await guardedGet(release.apkUrl, "the Operator APK", fetching);
      const length = Number(response.headers.get("content-length") ?? Number.NaN);
      const expectedBytes = Number.isSafeInteger(length) && length >= 0 ? length : undefined;
      const progress = progressLine(options.progress ?? { write() {} }, `Operator ${release.version}`, expectedBytes);
      try {
        await writeVerified({
          chunks: response.body ?? emptyBody(),
          target: path,
          expected: release.sha256,
          ...(expectedBytes === undefined ? {} : { expectedBytes }),
          mode,
          source: release.apkUrl,
          onBytes: (received) => {
            stillAlive();
            progress.update(received);
          },
          ...(options.openSink ? { openSink: options.openSink } : {}),
        });
      } finally {
        progress.done();
      }
      downloaded = true;
    }
    await recordSha256(path, release.sha256, mode);
    if (dir) await pointCurrent(dir, path, release.sha256);
    const { size } = await stat(path);
    return { ...found, bytes: size, downloaded };
  } finally {
    clearTimeout(idle);
  }
}
