import { lstat, readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { ErrorOutput } from "../../helpers/cli-output.ts";
import { freePort } from "../../helpers/free-port.ts";
import { cutOff, releaseServer, type Route, serve, sha256, status } from "../../helpers/release-server.ts";
import { STACK_FRAME } from "../../helpers/run-cli.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";

/**
 * `operator download` and `operator setup` without --apk against a local download server laid out like
 * downloads.clawperator.com: latest.json, then v<x.y.z>/operator-v<x.y.z>.apk and its .sha256.
 */
const session = virtualSession();
const server = releaseServer();
const makeDir = tempDirs();
let apk: Buffer;

beforeAll(async () => {
  const out = join(session.harness.home, "operator-0.5.3.apk");
  const made = await session.json(["virtual", "operator-apk", "--out", out, "--version-name", "0.5.3"]);
  expect(made.exitCode).toBe(0);
  apk = await readFile(out);
});

const latest = (version: string, extra: Record<string, unknown> = {}) =>
  serve(
    JSON.stringify({
      version,
      apk_url: `${server.origin}/operator/v${version}/operator-v${version}.apk`,
      sha256_url: `${server.origin}/operator/v${version}/operator-v${version}.apk.sha256`,
      ...extra,
    }),
    "application/json",
  );

/** Runs the CLI with its own Clawperator home and the local server as the release source. */
async function run(args: string[], options: { home?: string; metadata?: string } = {}) {
  const home = options.home ?? (await makeDir());
  const result = await session.json(args, {
    env: {
      CLAWPERATOR_HOME: home,
      CLAWPERATOR_APK_METADATA_URL: options.metadata ?? `${server.origin}/operator/latest.json`,
    },
  });
  expect(result.stderr).not.toMatch(STACK_FRAME);
  return { ...result, home, downloads: join(home, "downloads") };
}

/** What the downloads folder holds (no APK, checksum or partial file may be left by a failure). */
const contents = async (dir: string) => (await readdir(dir).catch(() => [])).sort();

const release053 = () => ({ "/operator/latest.json": latest("0.5.3"), ...server.release("/operator", "0.5.3", apk) });

describe("operator download", () => {
  it("downloads the newest release of the 0.5 line, verifies it, keeps it private; a second run downloads nothing", async () => {
    server.routes(release053());
    const first = await run(["operator", "download"]);
    expect(first.exitCode).toBe(0);
    const path = join(first.downloads, "operator-v0.5.3.apk");
    expect(first.body).toEqual({
      ok: true,
      version: "0.5.3",
      compatible: true,
      operatorProtocol: "0.5",
      path,
      sha256: sha256(apk),
      bytes: apk.length,
      downloaded: true,
      checksum: "file",
      metadataUrl: `${server.origin}/operator/latest.json`,
      apkUrl: `${server.origin}/operator/v0.5.3/operator-v0.5.3.apk`,
      sha256Url: `${server.origin}/operator/v0.5.3/operator-v0.5.3.apk.sha256`,
    });
    // Not a terminal: no progress, stdout is the result alone.
    expect(first.stderr).toBe("");
    expect(await readFile(path)).toEqual(apk);
    expect(await readFile(join(first.downloads, "operator.apk"))).toEqual(apk);
    expect(await readFile(`${path}.sha256`, "utf8")).toBe(`${sha256(apk)}  operator-v0.5.3.apk\n`);
    expect((await lstat(first.downloads)).mode & 0o777).toBe(0o700);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await contents(first.downloads)).toEqual([
      "operator-v0.5.3.apk",
      "operator-v0.5.3.apk.sha256",
      "operator.apk",
      "operator.apk.sha256",
    ]);

    const again = await run(["operator", "download"], { home: first.home });
    expect(again.body).toMatchObject({ version: "0.5.3", downloaded: false, path });
    expect(server.hits.get("/operator/v0.5.3/operator-v0.5.3.apk")).toBe(1);
  });

  it("an inline sha256 in latest.json is used; --out writes a file or into a folder", async () => {
    server.routes({
      "/operator/latest.json": latest("0.5.3", { sha256: sha256(apk) }),
      ...server.release("/operator", "0.5.3", apk),
    });
    const folder = await makeDir();
    const into = await run(["operator", "download", "--out", folder]);
    expect(into.body).toMatchObject({ checksum: "inline", path: join(folder, "operator-v0.5.3.apk") });
    expect(server.hits.get("/operator/v0.5.3/operator-v0.5.3.apk.sha256")).toBeUndefined();
    const file = join(folder, "op.apk");
    const named = await run(["operator", "download", "--out", file]);
    expect(named.body).toMatchObject({ path: file, downloaded: true });
    expect(await readFile(file)).toEqual(apk);
    expect(await contents(named.downloads)).toEqual([]);
  });

  it("--version takes that release's immutable files; later, its verified copy is used without the network", async () => {
    server.routes(server.release("/operator", "0.5.2", apk));
    const first = await run(["operator", "download", "--version", "0.5.2"]);
    expect(first.body).toMatchObject({ version: "0.5.2", downloaded: true, checksum: "file" });
    expect(server.hits.get("/operator/latest.json")).toBeUndefined();
    server.routes({});
    const offline = await run(["operator", "download", "--version", "0.5.2"], { home: first.home });
    expect(offline.body).toMatchObject({ version: "0.5.2", downloaded: false, checksum: "local" });

    const missing = await run(["operator", "download", "--version", "0.5.9"]);
    expect(missing).toMatchObject({ exitCode: 1, body: { code: "OPERATOR_RELEASE_NOT_FOUND" } });
    expect((await run(["operator", "download", "--version", "latest"])).body).toMatchObject({ code: "USAGE" });
  });

  it("latest.json on a newer line: the newest published 0.5.x, not the latest", async () => {
    server.routes({
      "/operator/latest.json": latest("0.6.0"),
      ...server.release("/operator", "0.6.0", apk),
      ...server.release("/operator", "0.5.0", apk),
      ...server.release("/operator", "0.5.1", apk),
      ...server.release("/operator", "0.5.2", apk),
    });
    const result = await run(["operator", "download"]);
    expect(result.body).toMatchObject({ version: "0.5.2", compatible: true, checksum: "file" });
    expect(server.hits.get("/operator/v0.6.0/operator-v0.6.0.apk")).toBeUndefined();

    server.routes({ "/operator/latest.json": latest("0.4.2"), ...server.release("/operator", "0.4.2", apk) });
    expect((await run(["operator", "download"])).body).toMatchObject({
      code: "OPERATOR_RELEASE_NOT_FOUND",
      details: { latest: "0.4.2", operatorProtocol: "0.5" },
    });
  });

  it("the base URL comes from the config's operator.downloadUrl (a folder URL means its latest.json)", async () => {
    server.routes(release053());
    const project = await makeDir({
      "clawperator.config.json": JSON.stringify({ operator: { downloadUrl: `${server.origin}/operator/` } }),
    });
    const home = await makeDir();
    const result = await session.json(["operator", "download", "--config", join(project, "clawperator.config.json")], {
      env: { CLAWPERATOR_HOME: home },
    });
    expect(result.body).toMatchObject({ version: "0.5.3", metadataUrl: `${server.origin}/operator/latest.json` });
  });

  it("a redirect on this machine is followed; to plain http elsewhere it is refused, as is an http base URL", async () => {
    server.routes({ "/moved.json": status(302, { location: "/operator/latest.json" }), ...release053() });
    const followed = await run(["operator", "download"], { metadata: `${server.origin}/moved.json` });
    expect(followed.body).toMatchObject({ version: "0.5.3", downloaded: true });

    server.routes({
      "/operator/latest.json": latest("0.5.3"),
      "/operator/v0.5.3/operator-v0.5.3.apk.sha256": serve(sha256(apk)),
      "/operator/v0.5.3/operator-v0.5.3.apk": status(301, { location: "http://downloads.example.com/op.apk" }),
    });
    const refused = await run(["operator", "download"]);
    expect(refused).toMatchObject({
      exitCode: 1,
      body: { code: "OPERATOR_DOWNLOAD_INSECURE", details: { url: "http://downloads.example.com/op.apk" } },
    });
    expect(await contents(refused.downloads)).toEqual([]);

    const plain = await run(["operator", "download"], {
      metadata: "http://downloads.example.com/operator/latest.json",
    });
    expect(plain.body).toMatchObject({ code: "OPERATOR_DOWNLOAD_INSECURE" });
  });
});

describe("operator download faults: a clear code each, nothing kept", () => {
  const faults: [string, () => Record<string, Route>, Record<string, unknown>][] = [
    ["latest.json missing (404)", () => ({}), { code: "OPERATOR_DOWNLOAD_FAILED", details: { status: 404 } }],
    [
      "the server failing (500)",
      () => ({ "/operator/latest.json": status(500) }),
      { code: "OPERATOR_DOWNLOAD_FAILED", details: { reason: "http", status: 500 } },
    ],
    [
      "metadata that is not JSON",
      () => ({ "/operator/latest.json": serve("<html>maintenance</html>") }),
      { code: "OPERATOR_METADATA_INVALID" },
    ],
    [
      "metadata without sha256_url",
      () => ({ "/operator/latest.json": serve(JSON.stringify({ version: "0.5.3", apk_url: "x.apk" })) }),
      { code: "OPERATOR_METADATA_INVALID", details: { fields: ["sha256_url"] } },
    ],
    [
      "a checksum file without a hash",
      () => ({ ...release053(), "/operator/v0.5.3/operator-v0.5.3.apk.sha256": serve("not found\n") }),
      { code: "OPERATOR_METADATA_INVALID" },
    ],
    [
      "a download cut off mid-way",
      () => ({ ...release053(), "/operator/v0.5.3/operator-v0.5.3.apk": cutOff(apk) }),
      { code: "OPERATOR_DOWNLOAD_FAILED", details: { reason: "truncated" } },
    ],
  ];
  it.each(faults)("%s", async (_, routes, expected) => {
    server.routes(routes());
    const result = await run(["operator", "download"]);
    expect(result.exitCode).toBe(1);
    expect(result.body).toMatchObject(expected);
    expect(await contents(result.downloads)).toEqual([]);
  });

  it("a checksum mismatch names the expected and the actual hash; the file is not kept", async () => {
    const wrong = "0".repeat(64);
    server.routes({ "/operator/latest.json": latest("0.5.3"), ...server.release("/operator", "0.5.3", apk, wrong) });
    const result = await run(["operator", "download"]);
    expect(result.exitCode).toBe(1);
    expect(result.body).toMatchObject({
      code: "OPERATOR_CHECKSUM_MISMATCH",
      details: { expectedSha256: wrong, actualSha256: sha256(apk) },
    });
    const { message } = result.body as ErrorOutput;
    expect(message).toContain(wrong);
    expect(message).toContain(sha256(apk));
    expect(await contents(result.downloads)).toEqual([]);
  });

  it("no server listening, a name that does not resolve: OPERATOR_DOWNLOAD_FAILED saying which", async () => {
    const closed = await run(["operator", "download"], {
      metadata: `http://127.0.0.1:${await freePort()}/operator/latest.json`,
    });
    expect(closed.body).toMatchObject({ code: "OPERATOR_DOWNLOAD_FAILED", details: { reason: "network" } });
    const dns = await run(["operator", "download"], { metadata: "https://operator.invalid/latest.json" });
    expect(dns.body).toMatchObject({ code: "OPERATOR_DOWNLOAD_FAILED", details: { reason: "dns" } });
    expect(await contents(dns.downloads)).toEqual([]);
  });

  it("a target that cannot be written: OPERATOR_DOWNLOAD_WRITE_FAILED, no file beside it", async () => {
    server.routes(release053());
    const folder = await makeDir({ "not-a-folder": "x" });
    const result = await run(["operator", "download", "--out", join(folder, "not-a-folder", "op.apk")]);
    expect(result.body).toMatchObject({ code: "OPERATOR_DOWNLOAD_WRITE_FAILED", details: { cause: "ENOTDIR" } });
    expect(await contents(folder)).toEqual(["not-a-folder"]);
  });
});

describe("operator setup without --apk", () => {
  it("downloads, verifies and installs the Operator; doctor then passes", async () => {
    server.routes(release053());
    const device = await session.startDevice({ scenario: "fresh" });
    const setup = await run(["operator", "setup", "--device-id", device.serial]);
    expect(setup.exitCode).toBe(0);
    expect(setup.body).toMatchObject({
      install: "installed",
      apk: { versionName: "0.5.3", path: join(setup.downloads, "operator-v0.5.3.apk") },
      download: { version: "0.5.3", downloaded: true },
    });
    const doctor = await session.json(["doctor", "--device-id", device.serial]);
    expect(doctor.exitCode).toBe(0);
  });

  it("a checksum mismatch installs nothing; only the release Operator is downloadable", async () => {
    server.routes({
      "/operator/latest.json": latest("0.5.3"),
      ...server.release("/operator", "0.5.3", apk, "f".repeat(64)),
    });
    const device = await session.startDevice({ scenario: "fresh" });
    const setup = await run(["operator", "setup", "--device-id", device.serial]);
    expect(setup).toMatchObject({
      exitCode: 1,
      body: { code: "OPERATOR_CHECKSUM_MISMATCH", details: { phase: "download" } },
    });
    expect(device.device.state.packages.get("com.clawperator.operator")).toBeUndefined();

    const debug = await run([
      "operator",
      "setup",
      "--device-id",
      device.serial,
      "--receiver-package",
      "com.clawperator.operator.dev",
    ]);
    expect(debug.body).toMatchObject({ code: "USAGE", hint: expect.stringContaining("--apk <path>") });
  });
});
