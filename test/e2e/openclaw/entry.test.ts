import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildManifest } from "../../../plugins/openclaw/manifest.ts";
import type {
  OpenClawPluginApi,
  OpenClawTool,
  OpenClawToolContext,
  OpenClawToolResult,
} from "../../../plugins/openclaw/openclaw-api.ts";
import { REPO_ROOT } from "../../helpers/cli-paths.ts";
import { FIXTURE_SKILLS, writeSkillsRepo } from "../../helpers/skills-fixture.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";

/** A recording stand-in for OpenClaw's plugin API: what the entry registers, and the hooks it listens to. */
function fakeApi(pluginConfig: unknown = {}, rootDir = REPO_ROOT) {
  const tools = new Map<string, OpenClawTool>();
  /** What OpenClaw calls per agent run: each tool's factory, given the run's context. */
  const factories = new Map<string, (ctx: OpenClawToolContext) => OpenClawTool>();
  const hooks = new Map<string, () => Promise<void> | void>();
  const warnings: string[] = [];
  const api: OpenClawPluginApi = {
    pluginConfig,
    registrationMode: "full",
    rootDir,
    logger: { warn: (message) => warnings.push(message), info: () => {} },
    registerTool: (tool, opts) => {
      const make = typeof tool === "function" ? tool : () => tool;
      const name = opts?.name ?? (tool as OpenClawTool).name;
      factories.set(name, make);
      tools.set(name, make({}));
    },
    on: (hook, handler) => hooks.set(hook, handler),
  };
  return { api, tools, factories, hooks, warnings };
}

const manifest = JSON.parse(readFileSync(join(REPO_ROOT, "openclaw.plugin.json"), "utf8"));
const packageJson = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8"));
/** The built entry, exactly as OpenClaw loads it (package.json `openclaw.extensions`). */
const loadEntry = async () =>
  (await import(pathToFileURL(join(REPO_ROOT, packageJson.openclaw.extensions[0])).href)).default as {
    id: string;
    register(api: OpenClawPluginApi): void;
  };
const textOf = (result: OpenClawToolResult) =>
  result.content.flatMap((c) => (c.type === "text" ? [c.text] : [])).join("\n");

describe("the OpenClaw plugin package", () => {
  it("ships a manifest generated from the code: the tools the entry registers, the config it parses", async () => {
    expect(manifest).toEqual(JSON.parse(JSON.stringify(buildManifest())));
    const entry = await loadEntry();
    const { api, tools } = fakeApi();
    entry.register(api);
    expect(entry.id).toBe(manifest.id);
    expect([...tools.keys()]).toEqual(manifest.contracts.tools);
    expect(manifest.contracts.tools.length).toBeGreaterThanOrEqual(6);
    for (const dir of manifest.skills)
      expect(
        packageJson.files.some(
          (f: string) => dir.replace("./", "").startsWith(f) || f.startsWith(dir.replace("./", "")),
        ),
      ).toBe(true);
  });

  it("gives every tool parameters that are valid JSON Schema objects, and a config schema that refuses bad config", async () => {
    const ajv = new Ajv2020({ strict: false });
    const { api, tools } = fakeApi();
    (await loadEntry()).register(api);
    for (const tool of tools.values()) {
      expect(ajv.validateSchema(tool.parameters), `${tool.name}: ${ajv.errorsText()}`).toBe(true);
      expect(tool.parameters.type, tool.name).toBe("object");
      expect(tool.description.length, tool.name).toBeGreaterThan(20);
    }
    const validConfig = ajv.compile(manifest.configSchema);
    expect(validConfig({ deviceId: "emulator-5554", skillDirs: ["/skills"] })).toBe(true);
    expect(validConfig({ deviceId: "" })).toBe(false);
    expect(validConfig({ adbPath: "/usr/bin/adb", unknown: 1 })).toBe(false);
  });

  it("refuses invalid plugin config at registration with CONFIG_INVALID naming the setting", async () => {
    const entry = await loadEntry();
    expect(() => entry.register(fakeApi({ operatorPackage: "not a package" }).api)).toThrow(
      /CONFIG_INVALID|invalid config "operatorPackage"/,
    );
  });
});

describe("OpenClaw tool calls against a virtual device", () => {
  const session = virtualSession();
  const saved = { port: process.env.ANDROID_ADB_SERVER_PORT, home: process.env.CLAWPERATOR_HOME };
  let home: string;
  let serial: string;
  let registered: ReturnType<typeof fakeApi>;

  beforeAll(async () => {
    // The plugin runs in the gateway's process: it finds the private adb server through this process's env.
    process.env.ANDROID_ADB_SERVER_PORT = String(session.harness.serverPort);
    home = await mkdtemp(join(tmpdir(), "clawperator-openclaw-"));
    process.env.CLAWPERATOR_HOME = home;
    serial = (await session.startDevice()).serial;
    const { registry } = await writeSkillsRepo(join(home, "skills-repo"));
    // The installed plugin's root: the skills bridge writes the registry's skills under it.
    // A Clawperator config with an agent allowed one skill (the registry comes from the plugin's own config).
    const configPath = join(home, "clawperator.config.json");
    writeFileSync(
      configPath,
      JSON.stringify({ agents: { list: [{ id: "narrow", skills: [FIXTURE_SKILLS.echo.id] }] } }),
    );
    registered = fakeApi({ deviceId: serial, skillsRegistry: registry, configPath }, join(home, "plugin-root"));
    (await loadEntry()).register(registered.api);
  });

  afterAll(async () => {
    await registered?.hooks.get("gateway_stop")?.();
    await rm(home, { recursive: true, force: true });
    for (const [name, value] of [
      ["ANDROID_ADB_SERVER_PORT", saved.port],
      ["CLAWPERATOR_HOME", saved.home],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  const call = (name: string, params: unknown) => registered.tools.get(name)!.execute(`call-${name}`, params);

  it("lists the device", async () => {
    const result = await call("clawperator_devices", {});
    expect(textOf(result)).toContain(serial);
    expect((result.details as { devices: Array<{ serial: string }> }).devices.map((d) => d.serial)).toContain(serial);
  });

  it("gives the agent view as text, and an action by its ref returns the next screen's view by default", async () => {
    await call("clawperator_open_app", { applicationId: "com.android.settings", view: false });
    const seen = await call("clawperator_view", {});
    const outline = textOf(seen);
    expect(outline).not.toContain("<hierarchy");
    const ref = /"Display".*\[ref=(e\d+)\]/.exec(outline)?.[1];
    expect(ref, outline).toBeDefined();
    expect((seen.details as { view: { refs: Record<string, unknown> } }).view.refs[ref!]).toBeDefined();

    const clicked = await call("clawperator_click", { ref });
    // Structured content for programs: ids, the refs table; the outline is in the text only, read once.
    expect(clicked.details).toMatchObject({
      ok: true,
      deviceId: serial,
      view: { id: expect.stringMatching(/^v\d+$/) },
    });
    expect(JSON.stringify(clicked.details)).not.toContain("Brightness level");
    expect(textOf(clicked)).toMatch(/^ok\nview v\d+ com\.android\.settings[^\n]*\n[\s\S]*Brightness level/);
    await call("clawperator_press_key", { key: "back", view: false });
  });

  it("returns the snapshot XML as text and the envelope as details", async () => {
    const result = await call("clawperator_snapshot", {});
    expect(textOf(result)).toMatch(/^<\?xml[\s\S]*<hierarchy/);
    const details = result.details as {
      ok: boolean;
      deviceId: string;
      envelope: { status: string; stepResults: Array<{ actionType: string }> };
    };
    expect(details).toMatchObject({ ok: true, deviceId: serial, envelope: { status: "success" } });
    expect(details.envelope.stepResults[0]!.actionType).toBe("snapshot_ui");
  });

  it("runs a full execution and a single action, and reports a step failure in the envelope", async () => {
    const execution = {
      commandId: "openclaw-e2e-1",
      taskId: "openclaw-e2e",
      source: "openclaw-test",
      expectedFormat: "android-ui-automator",
      timeoutMs: 30_000,
      actions: [{ id: "open", type: "open_app", params: { applicationId: "com.android.settings" } }],
    };
    const executed = await call("clawperator_execute", { execution });
    expect(executed.details).toMatchObject({ ok: true, envelope: { commandId: "openclaw-e2e-1", status: "success" } });

    const click = await call("clawperator_click", { matcher: { textEquals: "No such node anywhere" } });
    // The code an agent branches on, as the CLI and serve give it, and the step (from the device log: the real
    // APK sends a failed envelope without step results); the envelope itself only clawperator_execute returns.
    const failed = click.details as { ok: boolean; error: { code: string; stepId: string }; envelope?: unknown };
    expect(failed.ok).toBe(false);
    expect(failed.error).toMatchObject({ code: "NODE_NOT_FOUND", stepId: "click" });
    expect(failed.envelope).toBeUndefined();
    expect(textOf(click)).toMatch(/^failed NODE_NOT_FOUND at click: /);

    // A step that fails without stopping the device fails the execution too (the reference's reconciliation).
    const read = await call("clawperator_execute", {
      execution: {
        ...execution,
        commandId: "openclaw-e2e-2",
        actions: [
          { id: "open", type: "open_app", params: { applicationId: "com.android.settings" } },
          {
            id: "r",
            type: "read_text",
            params: { matcher: { textEquals: "Display" }, validator: "regex", validatorPattern: "^zzz$" },
          },
        ],
      },
    });
    expect(read.details).toMatchObject({
      ok: false,
      envelope: { status: "failed", error: "Step r (read_text) failed: VALIDATOR_MISMATCH" },
      error: { code: "VALIDATOR_MISMATCH", stepId: "r" },
    });
  });

  it("returns the screenshot as an image, writing no file unless asked where", async () => {
    const result = await call("clawperator_screenshot", {});
    const image = result.content.find((c) => c.type === "image") as { data: string; mimeType: string } | undefined;
    expect(image?.mimeType).toBe("image/png");
    expect(Buffer.from(image!.data, "base64").subarray(1, 4).toString()).toBe("PNG");
    expect(textOf(result)).not.toMatch(/saved|\.png/);
    expect(result.details).toEqual({ deviceId: serial, bytes: Buffer.from(image!.data, "base64").length });
  });

  it("keeps catalogue codes: bad input and an unknown device are errors with their codes, not crashes", async () => {
    const bad = await call("clawperator_open_app", {});
    expect(bad.details).toMatchObject({ ok: false, error: { code: "EXECUTION_VALIDATION_FAILED" } });
    expect(textOf(bad)).toMatch(/^error EXECUTION_VALIDATION_FAILED: .*applicationId/);

    const wrongType = await call("clawperator_snapshot", { timeoutMs: "soon" });
    expect(wrongType.details).toMatchObject({ ok: false, error: { code: "EXECUTION_VALIDATION_FAILED" } });

    const missing = await call("clawperator_snapshot", { deviceId: "no-such-serial" });
    expect(missing.details).toMatchObject({ ok: false, error: { code: "DEVICE_NOT_FOUND" } });
  });

  it("runs doctor on the device: the DoctorReport as details, its readable rendering as text", async () => {
    const result = await call("clawperator_doctor", {});
    const report = result.details as { ok: boolean; deviceId: string; checks: Array<{ id: string; status: string }> };
    expect(report).toMatchObject({ ok: true, deviceId: serial });
    expect(report.checks.map((c) => c.id)).toEqual(
      expect.arrayContaining(["host.adb.presence", "device.discovery", "readiness.handshake"]),
    );
    expect(textOf(result)).toMatch(/handshake/i);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: asserts no ANSI escape (ESC [) reaches the model
    expect(textOf(result)).not.toMatch(/\x1b\[/);
  });

  it("searches, gets and runs registry skills on the device", async () => {
    const found = await call("clawperator_skills_search", { app: "com.android.settings" });
    expect((found.details as { skills: Array<{ id: string }> }).skills.map((s) => s.id)).toEqual([
      FIXTURE_SKILLS.device.id,
    ]);
    expect(textOf(found)).toContain(FIXTURE_SKILLS.device.summary);

    const got = await call("clawperator_skills_get", { skillId: FIXTURE_SKILLS.device.id });
    expect(got.details).toMatchObject({ id: FIXTURE_SKILLS.device.id, applicationId: "com.android.settings" });

    const ran = await call("clawperator_skills_run", { skillId: FIXTURE_SKILLS.device.id });
    expect(ran.details).toMatchObject({
      status: "success",
      skillId: FIXTURE_SKILLS.device.id,
      skillResult: { status: "success" },
    });
    expect(textOf(ran)).toMatch(/: success \(exit 0/);

    const unknown = await call("clawperator_skills_get", { skillId: "no.such.skill" });
    expect(unknown.details).toMatchObject({ ok: false, error: { code: "SKILL_NOT_FOUND" } });
    const noFilter = await call("clawperator_skills_search", {});
    expect(noFilter.details).toMatchObject({ ok: false, error: { code: "EXECUTION_VALIDATION_FAILED" } });
  });

  it("applies the skills allowlist of the agent OpenClaw names; an agent the config lacks gets the defaults", async () => {
    // The Clawperator config names agent "narrow" allowed one skill; "main" is OpenClaw's and not listed here.
    const asAgent = (agentId: string) => registered.factories.get("clawperator_skills_search")!({ agentId });
    const ids = async (agentId: string) =>
      (
        (await asAgent(agentId).execute("call", { app: "com.example.app" })).details as { skills: { id: string }[] }
      ).skills.map((s) => s.id);
    expect(await ids("narrow")).toEqual([FIXTURE_SKILLS.echo.id]);
    expect((await ids("main")).length).toBeGreaterThan(1);
    const blocked = await registered.factories.get("clawperator_skills_run")!({ agentId: "narrow" }).execute("call", {
      skillId: FIXTURE_SKILLS.shell.id,
    });
    expect(blocked.details).toMatchObject({
      ok: false,
      error: { code: "SKILL_NOT_ELIGIBLE", details: { blockedByAgentFilter: true } },
    });
  });

  it("bridges the registry's skills to OpenClaw skills when the gateway starts", async () => {
    await registered.hooks.get("gateway_start")!();
    const generated = join(home, "plugin-root", "plugins", "openclaw", "generated-skills");
    const markdown = readFileSync(join(generated, "clawperator-com-android-settings-read-title", "SKILL.md"), "utf8");
    expect(markdown).toContain(`"skillId":"${FIXTURE_SKILLS.device.id}"`);
    expect(markdown).toMatch(/metadata: .*"bins":\["adb"\]/);
    // The skill's own instructions come along; a skill the default agent may not use (gated) does not.
    expect(markdown).toContain(`# ${FIXTURE_SKILLS.device.id}`);
    expect(readdirSync(generated)).not.toContain("clawperator-com-example-app-needs-key");
    expect(registered.warnings).toEqual([]);
  });

  it("closes the runtime when the gateway stops and boots a new one on the next call", async () => {
    await registered.hooks.get("gateway_stop")!();
    const result = await call("clawperator_devices", {});
    expect(textOf(result)).toContain(serial);
  });
});
