import { cp, mkdir, symlink } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { DoctorReport } from "../../../core/doctor/report.ts";
import { NO_EMULATOR_SCAN } from "../../helpers/adb-harness.ts";
import { REPO_ROOT } from "../../helpers/cli-paths.ts";
import { cliSandbox, json } from "../../helpers/run-cli.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";
import { outline } from "./report.ts";

const cli = cliSandbox();
// The adb server doctor starts must not pick up emulators other tests run on 5555-5585, and the device asked for is
// one that is never connected: the run always ends at device discovery.
const env = { ...NO_EMULATOR_SCAN };
const NOWHERE = ["--device-id", "127.0.0.1:1"];
const makeDir = tempDirs();

// The example plugin installed as a package, plus a plugin in the config whose check throws.
const CONFIG = `import { defineConfig } from "clawperator/config";
import { definePlugin, ok, skip } from "clawperator";

const broken = definePlugin({
  name: "broken",
  setup(ctx) {
    ctx.checks.add({
      id: "broken.host.probe",
      phase: "host",
      order: -75,
      critical: false,
      description: "A check with a bug",
      load: async () => ({ default: { run() { throw new TypeError("cannot read properties of undefined (reading 'port')"); } } }),
    });
  },
});

// The shortest check and command: inline, synchronous, a result helper; defaults for the rest.
const mini = definePlugin({
  name: "mini",
  setup(ctx) {
    ctx.checks.add({ id: "mini.home", run: () => ok("home is set") });
    ctx.checks.add({ id: "mini.elsewhere", run: () => skip("only on another OS") });
    ctx.commands.add({ path: ["mini"], description: "mini", run: () => ({ n: 1 }), pretty: (r) => \`n=\${r.n}\` });
  },
});

export default defineConfig({ plugins: ["clawperator-plugin-hello", broken, mini] });
`;

describe("checks contributed by plugins named in the config", () => {
  let project = "";
  beforeAll(async () => {
    project = await makeDir({ "clawperator.config.ts": CONFIG });
    const modules = join(project, "node_modules");
    await mkdir(modules);
    await cp(join(REPO_ROOT, "examples/hello-plugin"), join(modules, "clawperator-plugin-hello"), { recursive: true });
    await symlink(REPO_ROOT, join(modules, "clawperator"), "dir");
    for (const peer of ["zod", "h3"]) await symlink(join(REPO_ROOT, "node_modules", peer), join(modules, peer), "dir");
  });

  it("run in their phase and order; a check that throws is a DOCTOR_FAILED result naming its plugin, and doctor goes on", async () => {
    const result = await cli.run(["doctor", ...NOWHERE], { cwd: project, env });
    const report = json<DoctorReport>(result);
    expect(result.exitCode).toBe(1);
    expect(outline(report)).toEqual([
      ["host.node.version", "pass", undefined],
      ["host.adb.presence", "pass", undefined],
      ["broken.host.probe", "fail", "DOCTOR_FAILED"],
      ["host.adb.server", "pass", undefined],
      ["hello.host.tmpdir-writable", "pass", undefined],
      ["mini.home", "pass", undefined],
      ["device.discovery", "fail", "DEVICE_NOT_FOUND"],
    ]);
    expect(report.checks[2]).toEqual({
      id: "broken.host.probe",
      status: "fail",
      code: "DOCTOR_FAILED",
      summary:
        'Check broken.host.probe of plugin "broken" failed to run: cannot read properties of undefined ' +
        "(reading 'port')",
      evidence: { plugin: "broken" },
    });
    expect(report.checks[4]!.summary).toMatch(/^temp directory .+ is writable$/);
  });

  it("--json, --format json and --output json print the same report", async () => {
    const outlines = [];
    for (const flags of [[], ["--json"], ["--format", "json"], ["--output", "json"]])
      outlines.push(
        outline(json<DoctorReport>(await cli.run(["doctor", ...NOWHERE, ...flags], { cwd: project, env }))),
      );
    expect(new Set(outlines.map((o) => JSON.stringify(o))).size).toBe(1);
  });

  it("an inline command runs, its result rendered by its own pretty", async () => {
    expect(json(await cli.run(["mini"], { cwd: project, env }))).toEqual({ n: 1 });
    expect((await cli.run(["mini", "--output", "pretty"], { cwd: project, env })).stdout.trim()).toBe("n=1");
  });
});
