import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zipFiles } from "../../../android/virtual/apk/zip-store.ts";
import type { SkillDependencyOutcome } from "../../../core/services/skills.ts";
import { running } from "../../helpers/process-running.ts";
import { type SkillsWorkspace, skillMd, skillsWorkspaces } from "../../helpers/skills-workspace.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";

const workspace = skillsWorkspaces("clawperator-skills-deps-");
const makeDir = tempDirs("clawperator-skills-deps-files-");
let w: SkillsWorkspace;
let server: Server;
let base = "";
const files = new Map<string, Buffer>();
const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");

/** A tar.gz made by the system's tar from `entries` (name → text) plus any extra tar arguments. */
async function tarball(entries: Record<string, string>, links: Record<string, string> = {}): Promise<Buffer> {
  const dir = await makeDir();
  const root = join(dir, "root");
  mkdirSync(root);
  for (const [name, text] of Object.entries(entries)) {
    mkdirSync(join(root, name, ".."), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  for (const [name, target] of Object.entries(links)) symlinkSync(target, join(root, name));
  const top = [...new Set([...Object.keys(entries), ...Object.keys(links)].map((n) => n.split("/")[0]!))];
  await execa("tar", ["-czf", join(dir, "out.tgz"), "-C", root, ...top]);
  return readFileSync(join(dir, "out.tgz"));
}

/** A tiny npm package and the registry documents npm asks for (a local registry: npm really installs it). */
async function npmPackage(port: number): Promise<void> {
  const dir = await makeDir();
  mkdirSync(join(dir, "package", "bin"), { recursive: true });
  writeFileSync(
    join(dir, "package", "package.json"),
    JSON.stringify({ name: "zz-tiny-cli", version: "1.0.0", bin: { "zz-tiny": "bin/zz-tiny.js" } }),
  );
  writeFileSync(join(dir, "package", "bin", "zz-tiny.js"), "#!/usr/bin/env node\nconsole.log('tiny');\n");
  await execa("tar", ["-czf", join(dir, "pkg.tgz"), "-C", dir, "package"]);
  const tgz = readFileSync(join(dir, "pkg.tgz"));
  files.set("/zz-tiny-cli/-/zz-tiny-cli-1.0.0.tgz", tgz);
  const version = {
    name: "zz-tiny-cli",
    version: "1.0.0",
    bin: { "zz-tiny": "bin/zz-tiny.js" },
    dist: {
      tarball: `http://127.0.0.1:${port}/zz-tiny-cli/-/zz-tiny-cli-1.0.0.tgz`,
      shasum: createHash("sha1").update(tgz).digest("hex"),
      integrity: `sha512-${createHash("sha512").update(tgz).digest("base64")}`,
    },
  };
  files.set(
    "/zz-tiny-cli",
    Buffer.from(
      JSON.stringify({ name: "zz-tiny-cli", "dist-tags": { latest: "1.0.0" }, versions: { "1.0.0": version } }),
    ),
  );
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const body = files.get(req.url ?? "");
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-length": body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  await npmPackage(port);
  const good = await tarball({ "tool-1.0/bin/tool": "#!/bin/sh\necho tool\n", "tool-1.0/README": "r" });
  files.set("/tool.tar.gz", good);
  files.set("/linky.tar.gz", await tarball({ "a.txt": "a" }, { evil: "/etc/passwd" }));
  files.set("/tool.zip", zipFiles([{ name: "z/readme.txt", data: Buffer.from("zipped") }]));

  w = await workspace();
  const log = join(w.home, "argv.log");
  for (const name of ["brew", "go", "uv"]) w.program(name, `echo "${name} $* GOBIN=$GOBIN" >> ${log}`);
  const install = [
    { id: "brew", kind: "brew", formula: "zz-formula", bins: ["zz-formula"] },
    { id: "go", kind: "go", module: "example.invalid/zz/cmd/zz@v1.2.3", bins: ["zz"] },
    { id: "uv", kind: "uv", package: "zz-uv-tool", bins: ["zz-uv"] },
    { id: "npm", kind: "node", package: "zz-tiny-cli", bins: ["zz-tiny"] },
    { id: "mac", kind: "download", url: `${base}/tool.tar.gz`, os: ["darwin"] },
    { id: "tar", kind: "download", url: `${base}/tool.tar.gz`, sha256: sha256(good), stripComponents: 1 },
    { id: "badsum", kind: "download", url: `${base}/tool.tar.gz`, sha256: "0".repeat(64), targetDir: "bad" },
    { id: "links", kind: "download", url: `${base}/linky.tar.gz`, targetDir: "links" },
    { id: "zip", kind: "download", url: `${base}/tool.zip`, targetDir: "zip" },
  ];
  w.skill(
    join(w.ws, "skills"),
    "tooled",
    skillMd(
      `name: tooled\ndescription: Has every kind of install.\nmetadata: ${JSON.stringify({ openclaw: { skillKey: "tooled-key", install } })}`,
    ),
  );
  w.skill(
    join(w.ws, "skills"),
    "slow",
    skillMd(
      `name: slow\ndescription: Its installer hangs.\nmetadata: ${JSON.stringify({ openclaw: { install: [{ id: "brew", kind: "brew", formula: "slow" }] } })}`,
    ),
  );
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const deps = (id: string, extra: string[] = [], env: Record<string, string> = {}) =>
  w.run(["skills", "install-deps", "tooled", "--install-id", id, "--json", ...extra], { env });

describe("skills install-deps: a skill's metadata.install options", () => {
  it("brew, go and uv run as OpenClaw runs them (stand-ins on PATH record their argv)", async () => {
    for (const id of ["brew", "go", "uv"]) {
      const result = await deps(id);
      expect(result.exitCode, result.stdout).toBe(0);
      expect(JSON.parse(result.stdout)).toMatchObject({
        ok: true,
        name: "tooled",
        skillKey: "tooled-key",
        installId: id,
      });
    }
    expect(readFileSync(join(w.home, "argv.log"), "utf8").trim().split("\n")).toEqual([
      "brew install zz-formula GOBIN=",
      `go install example.invalid/zz/cmd/zz@v1.2.3 GOBIN=${join(w.home, ".local", "bin")}`,
      "uv tool install zz-uv-tool GOBIN=",
    ]);
  });

  it("node: a real npm install of a tiny package from a local registry, into ~/.clawperator/tools/node/npm", async () => {
    const result = await deps("npm", [], { npm_config_registry: `${base}/`, npm_config_cache: join(w.home, ".npm") });
    expect(result.exitCode, result.stdout + result.stderr).toBe(0);
    const outcome = JSON.parse(result.stdout) as SkillDependencyOutcome;
    const prefix = join(w.home, ".clawperator", "tools", "node", "npm");
    expect(outcome).toMatchObject({
      kind: "node",
      command: ["npm", "install", "-g", "--ignore-scripts", "zz-tiny-cli"],
      binDir: join(prefix, "bin"),
    });
    expect(outcome.warnings.join("\n")).toContain("add it to PATH");
    expect((await execa(join(prefix, "bin", "zz-tiny"))).stdout).toBe("tiny");
  });

  it("download: verified against its sha256, extracted (tar.gz, zip) into ~/.clawperator/tools/<skillKey>", async () => {
    const tools = join(w.home, ".clawperator", "tools", "tooled-key");
    const tar = JSON.parse((await deps("tar")).stdout) as SkillDependencyOutcome;
    expect(tar).toMatchObject({ ok: true, kind: "download", targetDir: tools });
    expect(readFileSync(join(tools, "bin", "tool"), "utf8")).toContain("echo tool");
    expect(JSON.parse((await deps("zip")).stdout)).toMatchObject({ ok: true, targetDir: join(tools, "zip") });
    expect(readFileSync(join(tools, "zip", "z", "readme.txt"), "utf8")).toBe("zipped");
    const bad = await deps("badsum");
    expect(bad.exitCode).toBe(1);
    expect(JSON.parse(bad.stdout)).toMatchObject({
      code: "SKILL_INSTALL_FAILED",
      message: expect.stringContaining("SHA-256 mismatch"),
    });
    expect(existsSync(join(tools, "bad"))).toBe(false);
    const links = JSON.parse((await deps("links")).stdout);
    expect(links).toMatchObject({ code: "SKILL_INSTALL_FAILED", message: expect.stringContaining("links") });
    expect(existsSync(join(tools, "links"))).toBe(false);
  });

  it("an option for another OS, or one the skill does not have, is SKILL_INSTALL_UNSUPPORTED before anything runs", async () => {
    expect(JSON.parse((await deps("mac")).stdout)).toMatchObject({
      code: "SKILL_INSTALL_UNSUPPORTED",
      details: { os: ["darwin"], platform: "linux" },
    });
    expect(JSON.parse((await deps("nope")).stdout)).toMatchObject({ code: "SKILL_INSTALL_UNSUPPORTED" });
  });

  it("a hanging installer is stopped at the time limit with its whole process group", async () => {
    const pidFile = join(w.home, "slow.pid");
    w.program("brew", `sleep 60 & echo $! > ${pidFile}; wait`);
    const result = await w.run(["skills", "install-deps", "slow", "--timeout", "1500", "--json"]);
    expect(result.exitCode).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ code: "SKILL_INSTALL_TIMEOUT" });
    expect(running(Number(readFileSync(pidFile, "utf8")))).toBe(false);
  });

  it("what an installer prints comes back capped to its last bytes, and a failure says why", async () => {
    w.program("brew", 'head -c 300000 /dev/zero | tr "\\0" x; echo; echo "Error: no such formula" >&2; exit 3');
    const result = await w.run(["skills", "install-deps", "slow", "--json"]);
    const error = JSON.parse(result.stdout);
    expect(error).toMatchObject({
      code: "SKILL_INSTALL_FAILED",
      message: expect.stringContaining("exit 3"),
      details: { exitCode: 3, stderr: "Error: no such formula", truncated: { stdout: expect.any(Number) } },
    });
    expect(error.details.stdout.length).toBeLessThan(70_000);
  });
});
