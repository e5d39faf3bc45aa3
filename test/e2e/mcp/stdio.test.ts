import { existsSync, watch } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { type CallToolResult, ResourceUpdatedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOOL_CATALOGUE } from "../../../runtime/tools/index.ts";
import { entry, writeSkillsRepo } from "../../helpers/skills-fixture.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";
import { stdioClient, textOf } from "./mcp-client.ts";

const session = virtualSession();
let serial: string;
let client: Client;
let stderr: () => string;
let transportStderr: () => NodeJS.EventEmitter;
let close: () => Promise<void>;
const ajv = new Ajv2020({ strict: false });
let outputSchemas: Map<string, object>;

/** A skill that holds the device: its script runs a 20 s sleep execution through the CLI, after saying so. */
async function addHoldingSkill(registryPath: string): Promise<void> {
  const registry = JSON.parse(await readFile(registryPath, "utf8"));
  const hold = entry("com.android.settings.hold", "com.android.settings", "hold", "Holds the device", ["run.js"]);
  // Entries' paths are relative to the repository's root, the folder above the registry's.
  const root = join(registryPath, "..", "..");
  await mkdir(join(root, hold.path, "scripts"), { recursive: true });
  // skill.json repeats the registry entry, as the skills generator writes it.
  await writeFile(join(root, hold.path, "skill.json"), JSON.stringify(hold));
  await writeFile(join(root, hold.skillFile), "---\nname: hold\ndescription: Holds the device\n---\n# hold\n");
  const execution = {
    commandId: "hold-1",
    taskId: "hold",
    source: "e2e",
    expectedFormat: "android-ui-automator",
    timeoutMs: 60000,
    actions: [{ id: "wait", type: "sleep", params: { durationMs: 30000 } }],
  };
  await writeFile(
    join(root, hold.scripts[0]!),
    `console.log("holding the device");
require("node:child_process").execFileSync(process.env.CLAWPERATOR_BIN, ["exec", "--execution", ${JSON.stringify(
      JSON.stringify(execution),
    )}, "--device", process.argv[2]], { stdio: "inherit" });\n`,
  );
  registry.skills.push(hold);
  await writeFile(registryPath, JSON.stringify(registry));
}

beforeAll(async () => {
  serial = (await session.startDevice()).serial;
  const { registry } = await writeSkillsRepo(join(session.harness.home, "skills-repo"));
  await addHoldingSkill(registry);
  const started = await stdioClient(session, { CLAWPERATOR_SKILLS_REGISTRY: registry });
  ({ client, stderr } = started);
  transportStderr = () => started.transport.stderr!;
  close = () => started.client.close();
  outputSchemas = new Map((await client.listTools()).tools.map((t) => [t.name, t.outputSchema as object]));
});
afterAll(async () => {
  await close?.();
});

/** Resolves once `condition` holds, checking as the server's stderr arrives. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => transportStderr().once("data", resolve));
}

const call = async (name: string, args: Record<string, unknown> = {}) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;

/** A successful result, its structured content checked against the tool's output schema. */
async function succeeds(name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  const result = await call(name, args);
  expect(result.isError, `${name}: ${textOf(result)}`).toBeFalsy();
  const valid = ajv.compile(outputSchemas.get(name)!);
  expect(valid(result.structuredContent), `${name}: ${ajv.errorsText(valid.errors)}`).toBe(true);
  return result;
}

/** A failed call: a result with isError, our code in its text and in its structured content. */
async function failsWith(name: string, args: Record<string, unknown>, code: string): Promise<CallToolResult> {
  const result = await call(name, args);
  expect(result.isError, `${name}: ${textOf(result)}`).toBe(true);
  expect(textOf(result)).toContain(code);
  expect(JSON.stringify(result.structuredContent)).toContain(`"code":"${code}"`);
  return result;
}

describe("clawperator mcp over stdio, driven by the SDK's Client", () => {
  it("initializes with tools, subscribable resources and prompts, and lists every catalogue tool", async () => {
    expect(client.getServerVersion()?.name).toBe("clawperator");
    expect(client.getServerCapabilities()).toMatchObject({ tools: {}, resources: { subscribe: true }, prompts: {} });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(TOOL_CATALOGUE.map((t) => t.name));
    for (const tool of tools) {
      expect(ajv.validateSchema(tool.inputSchema), `${tool.name} input: ${ajv.errorsText()}`).toBe(true);
      expect(ajv.validateSchema(tool.outputSchema!), `${tool.name} output: ${ajv.errorsText()}`).toBe(true);
      expect(tool.inputSchema.type).toBe("object");
      expect(Object.keys(tool.annotations ?? {}).sort()).toEqual([
        "destructiveHint",
        "idempotentHint",
        "openWorldHint",
        "readOnlyHint",
      ]);
    }
    const hints = new Map(tools.map((t) => [t.name, t.annotations!]));
    expect(hints.get("clawperator_snapshot")).toMatchObject({ readOnlyHint: true });
    expect(hints.get("clawperator_screenshot")).toMatchObject({ readOnlyHint: true });
    expect(hints.get("clawperator_click")).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(hints.get("clawperator_execute")).toMatchObject({ readOnlyHint: false, destructiveHint: true });
  });

  it("answers the observe tools with structured results their output schemas accept", async () => {
    const devices = await succeeds("clawperator_devices");
    expect(devices.structuredContent).toMatchObject({ devices: [{ serial, state: "device" }] });
    const snapshot = await succeeds("clawperator_snapshot", { deviceId: serial });
    expect(textOf(snapshot)).toContain("<hierarchy");
    const shot = await succeeds("clawperator_screenshot", { deviceId: serial });
    const image = shot.content.find((c) => c.type === "image");
    expect(image).toMatchObject({ type: "image", mimeType: "image/png" });
    expect(
      Buffer.from((image as { data: string }).data, "base64")
        .subarray(1, 4)
        .toString(),
    ).toBe("PNG");
  });

  it("runs every action tool, and reports a device failure as isError with its code", async () => {
    await succeeds("clawperator_open_app", { deviceId: serial, applicationId: "com.android.settings" });
    await succeeds("clawperator_wait", { deviceId: serial, matcher: { textEquals: "Settings" } });
    await succeeds("clawperator_read", { deviceId: serial, matcher: { textEquals: "Settings" } });
    await succeeds("clawperator_click", { deviceId: serial, matcher: { textEquals: "Display" } });
    await succeeds("clawperator_press_key", { deviceId: serial, key: "back" });
    await succeeds("clawperator_scroll", { deviceId: serial, direction: "down" });
    await succeeds("clawperator_open_uri", { deviceId: serial, uri: "https://clawperator.dev" });
    await succeeds("clawperator_press_key", { deviceId: serial, key: "home" });
    await failsWith(
      "clawperator_type",
      { deviceId: serial, matcher: { resourceId: "no.such:id/x" }, text: "hi" },
      "NODE_NOT_FOUND",
    );
    await succeeds("clawperator_execute", {
      deviceId: serial,
      execution: {
        commandId: "mcp-e2e-1",
        taskId: "t",
        source: "e2e",
        expectedFormat: "android-ui-automator",
        timeoutMs: 30_000,
        actions: [{ id: "s", type: "snapshot_ui" }],
      },
    });
  });

  it("turns bad input into isError results with EXECUTION_VALIDATION_FAILED, and an unknown tool into a protocol error", async () => {
    await failsWith(
      "clawperator_execute",
      { deviceId: serial, execution: { actions: "nope" } },
      "EXECUTION_VALIDATION_FAILED",
    );
    await failsWith("clawperator_click", { deviceId: serial, matcher: 7 }, "EXECUTION_VALIDATION_FAILED");
    await failsWith("clawperator_snapshot", { deviceId: "no-such-device" }, "DEVICE_NOT_FOUND");
    await expect(client.callTool({ name: "clawperator_nope", arguments: {} })).rejects.toMatchObject({ code: -32602 });
  });

  it("runs doctor, with a progress notification as each check starts, and the skills tools", async () => {
    const progress: Array<string | undefined> = [];
    const doctor = (await client.callTool({ name: "clawperator_doctor", arguments: { deviceId: serial } }, undefined, {
      onprogress: ({ message }) => progress.push(message),
    })) as CallToolResult;
    const { checks } = doctor.structuredContent as { checks: Array<{ id: string }> };
    expect(checks.length).toBeGreaterThan(1);
    expect(progress).toEqual(checks.map(({ id }, i) => expect.stringContaining(`${id} (${i + 1}/`)));
    const found = await succeeds("clawperator_skills_search", { app: "com.android.settings" });
    expect(JSON.stringify(found.structuredContent)).toContain("com.android.settings.hold");
    await succeeds("clawperator_skills_get", { skillId: "com.android.settings.hold" });
    await failsWith("clawperator_skills_get", { skillId: "no.such.skill" }, "SKILL_NOT_FOUND");
    await failsWith("clawperator_skills_search", {}, "EXECUTION_VALIDATION_FAILED");
  });

  it("runs the recording tools the catalogue gained on another branch, with nothing added here", async () => {
    await succeeds("clawperator_record_start", { deviceId: serial, sessionId: "mcp-e2e" });
    const stopped = await succeeds("clawperator_record_stop", { deviceId: serial, sessionId: "mcp-e2e" });
    expect(JSON.stringify(stopped.structuredContent)).toContain("mcp-e2e");
    const out = join(session.harness.home, "recordings");
    const pulled = await succeeds("clawperator_record_pull", { deviceId: serial, sessionId: "mcp-e2e", out });
    expect(pulled.structuredContent).toMatchObject({ ok: true, sessionId: "mcp-e2e", deviceId: serial });
  });

  it("lists and reads the devices and each device's screen and screenshot as resources", async () => {
    const { resources } = await client.listResources();
    const uris = resources.map((r) => r.uri);
    expect(uris).toContain("clawperator://devices");
    const screen = `clawperator://devices/${encodeURIComponent(serial)}/screen`;
    expect(uris).toContain(screen);
    const devices = await client.readResource({ uri: "clawperator://devices" });
    expect(JSON.stringify(devices.contents)).toContain(serial);
    const read = await client.readResource({ uri: screen });
    expect(read.contents[0]).toMatchObject({ uri: screen, mimeType: "text/plain" });
    // The screen as an agent reads it: the agent view's outline, with refs the action tools take.
    expect((read.contents[0] as { text: string }).text).toMatch(/^view \S+ com\.android\.launcher3\n.*\[ref=e1\]/);
    const png = await client.readResource({ uri: `clawperator://devices/${encodeURIComponent(serial)}/screenshot` });
    expect(png.contents[0]).toMatchObject({ mimeType: "image/png", blob: expect.any(String) });
  });

  it("tells a subscriber that a device's screen changed when an execution on it ends", async () => {
    const screen = `clawperator://devices/${encodeURIComponent(serial)}/screen`;
    const updated = new Promise<string>((resolve) =>
      client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => resolve(n.params.uri)),
    );
    await client.subscribeResource({ uri: screen });
    await succeeds("clawperator_press_key", { deviceId: serial, key: "home" });
    expect(await updated).toBe(screen);
    await client.unsubscribeResource({ uri: screen });
  });

  it("offers the operate-android prompt with the observe, act, verify loop", async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toContain("operate-android");
    const prompt = await client.getPrompt({ name: "operate-android" });
    const text = (prompt.messages[0]!.content as { text: string }).text;
    expect(text).toMatch(/observe/i);
    expect(text).toContain("resourceId");
    expect(text).toContain("clawperator_skills_search");
  });

  it("sends progress for a long skill run; a cancelled run is stopped, logged, and leaves the device usable", async () => {
    const controller = new AbortController();
    let progressed!: () => void;
    const firstProgress = new Promise<void>((resolve) => {
      progressed = resolve;
    });
    const run = client.callTool(
      { name: "clawperator_skills_run", arguments: { deviceId: serial, skillId: "com.android.settings.hold" } },
      undefined,
      { signal: controller.signal, onprogress: () => progressed(), timeout: 120_000 },
    );
    run.catch(() => {});
    // A run that ends before any progress fails the test with its own answer.
    await Promise.race([
      firstProgress,
      run.then((result) => {
        throw new Error(`the skill ended before any progress: ${textOf(result as CallToolResult)}`);
      }),
    ]);
    controller.abort("enough");
    await expect(run).rejects.toThrow(/enough|abort/i);
    // The server logs when the cancelled call has ended: its script's process group stopped, not run to its end.
    await until(() => stderr().includes("clawperator_skills_run: ended unawaited"));
    expect(stderr()).toContain("clawperator_skills_run: no longer awaited by the client");
    await succeeds("clawperator_snapshot", { deviceId: serial });
  });

  it("a cancelled execution stops the wait, holds the device's lock until the device is done, and says so", async () => {
    const locks = join(session.harness.home, ".clawperator", "locks");
    await mkdir(locks, { recursive: true, mode: 0o700 });
    const lockFile = `${encodeURIComponent(serial)}.lock`;
    const watcher = watch(locks);
    const locked = new Promise<void>((resolve) =>
      watcher.on("change", (_event, file) => {
        if (file === lockFile && existsSync(join(locks, lockFile))) resolve();
      }),
    );
    const controller = new AbortController();
    const execution = {
      commandId: "cancelled-1",
      taskId: "cancelled",
      source: "e2e",
      expectedFormat: "android-ui-automator",
      timeoutMs: 30000,
      actions: [{ id: "wait", type: "sleep", params: { durationMs: 4000 } }],
    };
    const run = client.callTool(
      { name: "clawperator_execute", arguments: { deviceId: serial, execution } },
      undefined,
      {
        signal: controller.signal,
      },
    );
    run.catch(() => {});
    await locked;
    watcher.close();
    controller.abort("enough");
    await expect(run).rejects.toThrow(/enough|abort/i);
    await until(() => stderr().includes("clawperator_execute: no longer awaited by the client"));
    expect(stderr()).toContain("holding the device's lock until then");
    // The device still runs the sleep: the next execution is refused, never run interleaved with it.
    await failsWith("clawperator_snapshot", { deviceId: serial }, "EXECUTION_CONFLICT_IN_FLIGHT");
    await until(() => stderr().includes("clawperator_execute: ended unawaited: it succeeded; its answer was not sent"));
    await succeeds("clawperator_snapshot", { deviceId: serial });
  });
});

it("a session that cannot start (a config that does not load) says why on stderr, exits 1, nothing on stdout", async () => {
  const config = join(session.harness.home, "broken.config.json");
  await writeFile(config, '{ "plugins": 5 }');
  for (const argv of [
    ["mcp", "--config", config],
    ["--config", config, "mcp"],
  ]) {
    const result = await session.cli(argv, { input: "" });
    expect(result.exitCode, argv.join(" ")).toBe(1);
    expect(result.stdout).toBe("");
    expect(JSON.parse(result.stderr).code).toBe("CONFIG_INVALID");
  }
  // Other commands keep their JSON answer on stdout.
  const devices = await session.cli(["devices", "--config", config]);
  expect(JSON.parse(devices.stdout).code).toBe("CONFIG_INVALID");
});
