import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import type { RuntimeConfig } from "../../../core/services/runtime-config.ts";

/** Where the Operator's releases are published (docs/operator-apk.md). */
export const DEFAULT_METADATA_URL = "https://downloads.clawperator.com/operator/latest.json";

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * Which URLs a download may touch. Only https, so that nobody on the path can swap the APK and its hash together;
 * plain http only when the configured URL itself is http on this machine (a test server, a local mirror), and then
 * only to this machine.
 */
export interface UrlPolicy {
  check(url: URL, what: string): void;
}

export function urlPolicy(base: URL): UrlPolicy {
  const localHttp = base.protocol === "http:" && LOOPBACK.test(base.hostname);
  return {
    check(url, what) {
      if (url.protocol === "https:") return;
      if (localHttp && url.protocol === "http:" && LOOPBACK.test(url.hostname)) return;
      throw new ClawperatorError("OPERATOR_DOWNLOAD_INSECURE", `refused ${what} ${url.href}: only https is allowed`, {
        hint: localHttp
          ? "With an http URL on this machine configured, only http URLs on this machine are allowed besides https."
          : "Point operator.downloadUrl (or CLAWPERATOR_APK_METADATA_URL) at an https URL; plain http is accepted only on this machine (localhost).",
        details: { url: url.href, what },
      });
    },
  };
}

/** The release metadata URL: CLAWPERATOR_APK_METADATA_URL, else the config's operator.downloadUrl, else the default. */
export function metadataUrl(config: RuntimeConfig, env: NodeJS.ProcessEnv = process.env): URL {
  const configured = env.CLAWPERATOR_APK_METADATA_URL || config.operator?.downloadUrl || DEFAULT_METADATA_URL;
  let url: URL;
  try {
    url = new URL(configured);
  } catch {
    throw new ClawperatorError("USAGE", `the Operator download URL "${configured}" is not a URL`, {
      hint: "Set operator.downloadUrl (or CLAWPERATOR_APK_METADATA_URL) to the URL of the releases' latest.json.",
      details: { url: configured },
    });
  }
  // A folder URL means its latest.json.
  return url.pathname.endsWith("/") ? new URL("latest.json", url) : url;
}

/** The immutable files of one version, beside latest.json: `v<x.y.z>/operator-v<x.y.z>.apk` and its `.sha256`. */
export function versionedUrls(metadata: URL, version: string): { apk: URL; sha256: URL } {
  const apk = new URL(`v${version}/operator-v${version}.apk`, metadata);
  return { apk, sha256: new URL(`${apk.pathname}.sha256`, apk) };
}
