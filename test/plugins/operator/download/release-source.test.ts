import { describe, expect, it } from "vitest";
import { progressLine } from "../../../../plugins/operator/download/progress.ts";
import { metadataUrl, urlPolicy, versionedUrls } from "../../../../plugins/operator/download/release-source.ts";

describe("where releases come from", () => {
  it("CLAWPERATOR_APK_METADATA_URL, else operator.downloadUrl (a folder means its latest.json), else the default", () => {
    const config = { operator: { downloadUrl: "https://mirror.example.com/operator/" } };
    expect(metadataUrl({}, {}).href).toBe("https://downloads.clawperator.com/operator/latest.json");
    expect(metadataUrl(config, {}).href).toBe("https://mirror.example.com/operator/latest.json");
    expect(metadataUrl(config, { CLAWPERATOR_APK_METADATA_URL: "https://a.example/x.json" }).href).toBe(
      "https://a.example/x.json",
    );
    expect(() => metadataUrl({}, { CLAWPERATOR_APK_METADATA_URL: "not a url" })).toThrow(/is not a URL/);
  });

  it("versioned files sit beside latest.json", () => {
    const urls = versionedUrls(new URL("https://downloads.clawperator.com/operator/latest.json"), "0.5.3");
    expect(urls.apk.href).toBe("https://downloads.clawperator.com/operator/v0.5.3/operator-v0.5.3.apk");
    expect(urls.sha256.href).toBe("https://downloads.clawperator.com/operator/v0.5.3/operator-v0.5.3.apk.sha256");
  });

  it("https only; plain http only on this machine and only when the configured URL is http on it", () => {
    const remote = urlPolicy(new URL("https://downloads.clawperator.com/operator/latest.json"));
    expect(() => remote.check(new URL("https://r2.example.com/a.apk"), "the APK")).not.toThrow();
    for (const url of ["http://r2.example.com/a.apk", "http://127.0.0.1:8080/a.apk", "file:///etc/passwd"])
      expect(() => remote.check(new URL(url), "the APK")).toThrow(
        expect.objectContaining({ code: "OPERATOR_DOWNLOAD_INSECURE" }),
      );
    const local = urlPolicy(new URL("http://127.0.0.1:8080/latest.json"));
    for (const url of [
      "http://localhost:9/a.apk",
      "http://127.0.0.2/a.apk",
      "http://[::1]:9/a.apk",
      "https://x.example/a",
    ])
      expect(() => local.check(new URL(url), "the APK")).not.toThrow();
    expect(() => local.check(new URL("http://x.example/a.apk"), "the APK")).toThrow(/only https/);
  });
});

describe("download progress", () => {
  it("on a terminal: one line rewritten per percent, ended by a newline; elsewhere nothing", () => {
    const written: string[] = [];
    const progress = progressLine({ isTTY: true, write: (t) => written.push(t) }, "Operator 0.5.3", 2_000_000);
    for (const received of [10_000, 15_000, 1_000_000, 2_000_000]) progress.update(received);
    progress.done();
    expect(written).toEqual([
      "\rOperator 0.5.3 0.0 MB / 2.0 MB (0%)",
      "\rOperator 0.5.3 1.0 MB / 2.0 MB (50%)",
      "\rOperator 0.5.3 2.0 MB / 2.0 MB (100%)",
      "\n",
    ]);
    const quiet: string[] = [];
    const piped = progressLine({ isTTY: false, write: (t) => quiet.push(t) }, "x", 10);
    piped.update(5);
    piped.done();
    expect(quiet).toEqual([]);
  });
});
