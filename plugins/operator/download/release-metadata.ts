import { z } from "zod";
import { parseVersion } from "../../../android/operator/version-compat.ts";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";

/** latest.json as the release pipeline publishes it; other keys (`channel`, ...) are ignored. */
const LatestSchema = z.object({
  version: z.string().trim().min(1),
  apk_url: z.string().trim().min(1),
  sha256_url: z.string().trim().min(1),
  sha256: z.string().trim().min(1).optional(),
});

export interface LatestRelease {
  version: string;
  apkUrl: URL;
  sha256Url: URL;
  /** The hash given inline, when the metadata has one; else it is read from `sha256Url`. */
  sha256?: string;
}

const invalid = (url: URL, problem: string, details: Record<string, unknown> = {}) =>
  new ClawperatorError("OPERATOR_METADATA_INVALID", `the Operator release metadata at ${url.href} ${problem}`, {
    hint: "The download server published something that is not Operator release metadata; nothing was downloaded.",
    details: { url: url.href, ...details },
  });

/** Parses latest.json: a JSON object with version, apk_url and sha256_url (URLs may be relative to it). */
export function parseLatest(text: string, url: URL): LatestRelease {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw invalid(url, "is not JSON");
  }
  const parsed = LatestSchema.safeParse(json);
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? "")))].filter(Boolean);
    throw invalid(url, fields.length ? `lacks a valid ${fields.join(", ")}` : "is not a JSON object", { fields });
  }
  const { version, apk_url, sha256_url, sha256 } = parsed.data;
  if (!parseVersion(version)) throw invalid(url, `names version "${version}", which is not x.y.z`);
  const link = (value: string, field: string) => {
    try {
      return new URL(value, url);
    } catch {
      throw invalid(url, `has ${field} "${value}", which is not a URL`, { fields: [field] });
    }
  };
  return {
    version: version.replace(/^v/, ""),
    apkUrl: link(apk_url, "apk_url"),
    sha256Url: link(sha256_url, "sha256_url"),
    ...(sha256 === undefined ? {} : { sha256: sha256Hex(sha256, url) }),
  };
}

/** The hex SHA-256 of a `.sha256` file (its first word, as `sha256sum` writes it) or of an inline value. */
export function sha256Hex(text: string, url: URL): string {
  const word = text.trim().split(/\s+/)[0] ?? "";
  if (/^[0-9a-f]{64}$/i.test(word)) return word.toLowerCase();
  throw new ClawperatorError(
    "OPERATOR_METADATA_INVALID",
    `the checksum at ${url.href} is not a SHA-256 (64 hex digits)`,
    {
      hint: "The download server published a checksum that cannot be checked against; nothing was downloaded.",
      details: { url: url.href },
    },
  );
}
