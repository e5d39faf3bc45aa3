import { OPERATOR_PROTOCOL_LINE } from "../../../android/operator/protocol-line.ts";
import { isCompatible, parseVersion } from "../../../android/operator/version-compat.ts";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { boundedText, guardedGet } from "./guarded-fetch.ts";
import { parseLatest, sha256Hex } from "./release-metadata.ts";
import { type UrlPolicy, versionedUrls } from "./release-source.ts";

export interface ChosenRelease {
  version: string;
  apkUrl: URL;
  sha256Url: URL;
  /** The expected SHA-256, lower-case hex. */
  sha256: string;
  /** Where the hash came from: inline in latest.json, or its `.sha256` file. */
  checksum: "inline" | "file";
  /** latest.json's release, the `--version` asked for, or the newest of our line when latest.json moved past it. */
  via: "latest" | "requested" | "newest-of-line";
}

interface Fetching {
  metadata: URL;
  policy: UrlPolicy;
  signal: AbortSignal;
}

const METADATA_LIMIT = 64 * 1024;
const CHECKSUM_LIMIT = 4 * 1024;
/** Patch numbers tried past the last one found when latest.json is on a newer line (releases are numbered in order). */
const PROBE_MISSES = 3;
/** Patch numbers tried before concluding that the line has no release at all. */
const PROBE_FIRST_MISSES = 10;

const notPublished = (version: string, fetching: Fetching) =>
  new ClawperatorError(
    "OPERATOR_RELEASE_NOT_FOUND",
    `Operator ${version} is not published at ${new URL(".", fetching.metadata).href}`,
    {
      hint: `Leave out --version for the newest Operator ${OPERATOR_PROTOCOL_LINE}.x, or name a published version.`,
      details: { version, url: fetching.metadata.href },
    },
  );

const isNotFound = (error: unknown) => error instanceof ClawperatorError && error.details?.status === 404;

/** The hash in a `.sha256` file; when it does not exist (404), `whenMissing`'s error, or undefined without one. */
async function checksumAt(url: URL, fetching: Fetching, whenMissing?: () => ClawperatorError) {
  let response: Response;
  try {
    response = await guardedGet(url, "the Operator checksum", fetching);
  } catch (error) {
    if (!isNotFound(error)) throw error;
    if (whenMissing) throw whenMissing();
    return undefined;
  }
  return sha256Hex(await boundedText(response, url, "the Operator checksum", CHECKSUM_LIMIT), url);
}

/** One version's immutable files. */
async function requested(version: string, fetching: Fetching): Promise<ChosenRelease> {
  const urls = versionedUrls(fetching.metadata, version);
  const sha256 = (await checksumAt(urls.sha256, fetching, () => notPublished(version, fetching)))!;
  return { version, apkUrl: urls.apk, sha256Url: urls.sha256, sha256, checksum: "file", via: "requested" };
}

/** The highest `<line>.N` whose files exist: latest.json names a newer line, and no index of versions exists. */
async function newestOfLine(fetching: Fetching, latest: string): Promise<ChosenRelease> {
  let found: ChosenRelease | undefined;
  let misses = 0;
  for (let patch = 0; misses < (found ? PROBE_MISSES : PROBE_FIRST_MISSES); patch++) {
    const version = `${OPERATOR_PROTOCOL_LINE}.${patch}`;
    const urls = versionedUrls(fetching.metadata, version);
    const sha256 = await checksumAt(urls.sha256, fetching);
    if (sha256 === undefined) {
      misses++;
      continue;
    }
    misses = 0;
    found = { version, apkUrl: urls.apk, sha256Url: urls.sha256, sha256, checksum: "file", via: "newest-of-line" };
  }
  if (found) return found;
  throw new ClawperatorError(
    "OPERATOR_RELEASE_NOT_FOUND",
    `no Operator ${OPERATOR_PROTOCOL_LINE}.x is published at ${new URL(".", fetching.metadata).href} (the latest is ${latest})`,
    {
      hint: `This CLI drives Operator ${OPERATOR_PROTOCOL_LINE}.x; pass --version with a published ${OPERATOR_PROTOCOL_LINE}.x release.`,
      details: { url: fetching.metadata.href, latest, operatorProtocol: OPERATOR_PROTOCOL_LINE },
    },
  );
}

/**
 * The release to download: `version` when given; else latest.json's when it is on the protocol line this CLI
 * drives, else the newest release of that line (never blindly the latest, which a newer line would make
 * incompatible). The expected SHA-256 is known before any APK byte is fetched.
 */
export async function chooseRelease(fetching: Fetching, version?: string): Promise<ChosenRelease> {
  if (version !== undefined) return requested(version, fetching);
  const response = await guardedGet(fetching.metadata, "the Operator release metadata", fetching);
  const latest = parseLatest(
    await boundedText(response, fetching.metadata, "the Operator release metadata", METADATA_LIMIT),
    fetching.metadata,
  );
  const line = parseVersion(OPERATOR_PROTOCOL_LINE)!;
  const found = parseVersion(latest.version)!;
  if (!isCompatible(line, found)) {
    if (found.major > line.major || (found.major === line.major && found.minor > line.minor))
      return newestOfLine(fetching, latest.version);
    throw new ClawperatorError(
      "OPERATOR_RELEASE_NOT_FOUND",
      `the newest Operator at ${fetching.metadata.href} is ${latest.version}; this CLI drives Operator ${OPERATOR_PROTOCOL_LINE}.x`,
      {
        hint: "The download server has no release of this line yet; check operator.downloadUrl or CLAWPERATOR_APK_METADATA_URL.",
        details: { url: fetching.metadata.href, latest: latest.version, operatorProtocol: OPERATOR_PROTOCOL_LINE },
      },
    );
  }
  const sha256 =
    latest.sha256 ?? (await checksumAt(latest.sha256Url, fetching, () => notPublished(latest.version, fetching)))!;
  return {
    version: latest.version,
    apkUrl: latest.apkUrl,
    sha256Url: latest.sha256Url,
    sha256,
    checksum: latest.sha256 ? "inline" : "file",
    via: "latest",
  };
}
