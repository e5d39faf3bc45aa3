import { readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { RunningVirtualDevice } from "../../../android/virtual/index.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";
import {
  attributeValues,
  DEMO,
  DEMO_IDS,
  execution,
  hierarchyNodeCount,
  PNG_SIGNATURE,
  RESULT_KEYS,
  SETTINGS,
} from "./support.ts";
import type { ExecutionOutput } from "../../helpers/cli-output.ts";

const session = virtualSession();
let device: RunningVirtualDevice;

beforeAll(async () => {
  device = await session.startDevice();
});

/** Runs an execution given inline and returns the parsed result; the device is the only one connected. */
async function execute(actions: unknown[], overrides: Record<string, unknown> = {}) {
  const payload = execution(actions, overrides);
  const run = await session.json<ExecutionOutput>(["execute", "--execution", JSON.stringify(payload)]);
  return { ...run, payload };
}

const snapshotOf = async (): Promise<string> => {
  const { exitCode, body } = await session.json<ExecutionOutput>(["observe", "snapshot"]);
  expect(exitCode).toBe(0);
  return body.envelope.stepResults[0]!.data.text!;
};

describe("devices and packages", () => {
  it("devices lists the connected virtual device as a JSON array of {serial, state}", async () => {
    const { exitCode, body } = await session.json(["devices"]);
    expect(exitCode).toBe(0);
    expect(body).toEqual([expect.objectContaining({ serial: device.serial, state: "device" })]);
  });

  it("devices --output pretty prints one readable row per device", async () => {
    const result = await session.cli(["devices", "--output", "pretty"]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout.trim().split("\n")).toEqual([
      expect.stringMatching(new RegExp(`^${device.serial.replace(/\./g, "\\.")}\\s+device\\b`)),
    ]);
  });

  it("packages list returns every installed application id, sorted; --third-party leaves system apps out", async () => {
    const all = await session.json<{ packages: string[] }>(["packages", "list"]);
    expect(all.exitCode).toBe(0);
    expect(all.body).toMatchObject({ deviceId: device.serial, thirdPartyOnly: false });
    expect(all.body.packages).toEqual(expect.arrayContaining([SETTINGS, DEMO, "com.clawperator.operator"]));
    expect(all.body.packages).toEqual([...all.body.packages].sort());

    const thirdParty = await session.json<{ packages: string[]; thirdPartyOnly: boolean }>([
      "packages",
      "list",
      "--third-party",
    ]);
    expect(thirdParty.exitCode).toBe(0);
    expect(thirdParty.body.thirdPartyOnly).toBe(true);
    expect(thirdParty.body.packages).toContain(DEMO);
    expect(thirdParty.body.packages).not.toContain(SETTINGS);
    expect(thirdParty.body.packages.every((p: string) => all.body.packages.includes(p))).toBe(true);
  });
});

describe("execute", () => {
  it("--execution <json> runs every step and prints the result {ok, envelope, deviceId, terminalSource, executionId, mode, timings}", async () => {
    const { exitCode, body, payload } = await execute([
      { id: "open", type: "open_app", params: { applicationId: SETTINGS } },
      { id: "snap", type: "snapshot_ui" },
    ]);
    expect(exitCode).toBe(0);
    expect(Object.keys(body).sort()).toEqual(RESULT_KEYS);
    expect(body).toMatchObject({
      ok: true,
      deviceId: device.serial,
      terminalSource: "clawperator_result",
      mode: "direct",
    });
    expect(body.executionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.timings.totalMs).toBeGreaterThan(0);
    expect(body.envelope).toMatchObject({
      commandId: payload.commandId,
      taskId: payload.taskId,
      status: "success",
      error: null,
    });
    const [open, snap] = body.envelope.stepResults;
    expect(open).toMatchObject({
      id: "open",
      actionType: "open_app",
      success: true,
      data: { application_id: SETTINGS },
    });
    expect(snap).toMatchObject({
      id: "snap",
      actionType: "snapshot_ui",
      success: true,
      data: { actual_format: "hierarchy_xml" },
    });
    expect(hierarchyNodeCount(snap!.data.text!)).toBeGreaterThan(10);
    expect(attributeValues(snap!.data.text!, "package")).toContain(SETTINGS);
  });

  it("--execution <path>, exec <path> and --execution - (stdin) run the same payload", async () => {
    const payload = execution([{ id: "open", type: "open_app", params: { applicationId: DEMO } }]);
    const file = join(session.harness.home, "open-demo.json");
    await writeFile(file, JSON.stringify(payload));

    const runs = [
      await session.json<ExecutionOutput>(["execute", "--execution", file]),
      await session.json<ExecutionOutput>(["exec", file]),
      await session.json<ExecutionOutput>(["execute", "--execution", "-"], { input: JSON.stringify(payload) }),
    ];
    for (const run of runs) {
      expect(run.exitCode).toBe(0);
      expect(run.body.envelope).toMatchObject({ commandId: payload.commandId, status: "success" });
      expect(run.body.envelope.stepResults).toEqual([
        { id: "open", actionType: "open_app", success: true, data: { application_id: DEMO } },
      ]);
    }
  });

  it("a failing step gives ok:false, the device's failed envelope and exit code 1", async () => {
    const { exitCode, body } = await execute([
      { id: "open", type: "open_app", params: { applicationId: DEMO } },
      // One attempt: the default retry preset would keep looking for seconds.
      {
        id: "missing",
        type: "wait_for_node",
        params: { matcher: { textEquals: "No such button anywhere" }, retry: { maxAttempts: 1 } },
      },
    ]);
    expect(exitCode).toBe(1);
    expect(body.ok).toBe(false);
    expect(body.envelope.status).toBe("failed");
    expect(body.envelope).toMatchObject({
      stepResults: [],
      error: expect.stringMatching(
        /^Task execution failed: No UI node found matching criteria: NodeMatcher\(.*textEquals=No such button anywhere/,
      ),
    });
  });

  it("--output pretty prints a readable summary instead of JSON", async () => {
    const payload = execution([{ id: "open", type: "open_app", params: { applicationId: DEMO } }]);
    const result = await session.cli(["execute", "--execution", JSON.stringify(payload), "--output", "pretty"]);
    expect(result.exitCode).toBe(0);
    expect(() => JSON.parse(result.stdout)).toThrow();
    const lines = result.stdout.trim().split("\n");
    expect(lines[0]).toMatch(
      new RegExp(`^ok\\s+${payload.commandId} on ${device.serial.replace(/\./g, "\\.")} \\(\\d+(\\.\\d+)? ms\\)$`),
    );
    expect(lines[1]).toMatch(/^\s+1\. open open_app: ok$/);
    expect(lines[2]).toMatch(new RegExp(`^\\s+application_id: ${DEMO.replace(/\./g, "\\.")}$`));
  });
});

describe("--timeout-ms", () => {
  it("overrides the execution's timeout within the limits: the device receives the new timeoutMs", async () => {
    const received: number[] = [];
    const unsubscribe = device.device.state.log.subscribe((entries) => {
      for (const entry of entries) {
        const m = /\[Clawperator-Command\] start .*timeoutMs=(\d+)/.exec(entry.message);
        if (m) received.push(Number(m[1]));
      }
    });
    try {
      const payload = execution([{ id: "open", type: "open_app", params: { applicationId: DEMO } }], {
        timeoutMs: 60_000,
      });
      const viaExecute = await session.json([
        "execute",
        "--execution",
        JSON.stringify(payload),
        "--timeout-ms",
        "4321",
      ]);
      expect(viaExecute.exitCode).toBe(0);
      const viaSnapshot = await session.json(["observe", "snapshot", "--timeout", "7654"]);
      expect(viaSnapshot.exitCode).toBe(0);
      expect(received).toEqual([4_321, 7_654]);
    } finally {
      unsubscribe();
    }
  });

  it.each([
    [["observe", "snapshot", "--timeout-ms", "999"]],
    [["observe", "screenshot", "--timeout-ms", "120001"]],
    [["inspect", "ui", "--timeout-ms", "500"]],
    [
      [
        "execute",
        "--execution",
        JSON.stringify(execution([{ id: "s", type: "snapshot_ui" }])),
        "--timeout-ms",
        "200000",
      ],
    ],
  ])("%j outside 1000–120000 ms is EXECUTION_VALIDATION_FAILED before anything is sent", async (args) => {
    const { exitCode, body } = await session.json(args);
    expect(exitCode).toBe(1);
    expect(body).toMatchObject({ code: "EXECUTION_VALIDATION_FAILED", details: { path: "timeoutMs" } });
  });
});

describe("observe and inspect", () => {
  it("observe snapshot returns the current screen as hierarchy_xml in data.text", async () => {
    await execute([{ id: "open", type: "open_app", params: { applicationId: DEMO } }]);
    const { exitCode, body } = await session.json<ExecutionOutput>(["observe", "snapshot"]);
    expect(exitCode).toBe(0);
    expect(body).toMatchObject({ ok: true, deviceId: device.serial, terminalSource: "clawperator_result" });
    const [step] = body.envelope.stepResults;
    expect(step).toMatchObject({ actionType: "snapshot_ui", success: true, data: { actual_format: "hierarchy_xml" } });
    hierarchyNodeCount(step!.data.text!);
    expect(attributeValues(step!.data.text!, "resource-id")).toEqual(
      expect.arrayContaining([DEMO_IDS.search, DEMO_IDS.units, DEMO_IDS.temperature]),
    );
  });

  it("observe screenshot --path writes a PNG there and reports the path", async () => {
    const path = join(session.harness.home, "screen.png");
    const { exitCode, body } = await session.json<ExecutionOutput>(["observe", "screenshot", "--path", path]);
    expect(exitCode).toBe(0);
    expect(body.envelope.stepResults[0]).toMatchObject({
      actionType: "take_screenshot",
      success: true,
      data: { path },
    });
    const png = await readFile(path);
    expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    // IHDR: the image has the device's screen size.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([
      device.device.scenario.device.screen.width,
      device.device.scenario.device.screen.height,
    ]);
  });

  it("observe screenshot without --path writes the PNG to a temp file", async () => {
    const { exitCode, body } = await session.json<ExecutionOutput>(["observe", "screenshot"]);
    expect(exitCode).toBe(0);
    const path = body.envelope.stepResults[0]!.data.path!;
    expect(path.startsWith(session.harness.home)).toBe(true);
    expect(path).toMatch(/\.png$/);
    expect((await stat(path)).size).toBeGreaterThan(PNG_SIGNATURE.length);
    expect((await readFile(path)).subarray(0, 8)).toEqual(PNG_SIGNATURE);
  });

  it("inspect ui --output pretty prints the screen as an indented tree, one node per line", async () => {
    const nodes = hierarchyNodeCount(await snapshotOf());
    const result = await session.cli(["inspect", "ui", "--output", "pretty"]);
    expect(result.exitCode).toBe(0);
    const [header, ...tree] = result.stdout.trimEnd().split("\n");
    expect(header).toMatch(new RegExp(`^${device.serial.replace(/\./g, "\\.")} — 1 window\\(s\\), rotation 0$`));
    expect(tree).toHaveLength(nodes);
    expect(tree[0]).toMatch(/^\S/);
    expect(tree.some((line) => line.startsWith("    "))).toBe(true);
    expect(tree.find((line) => line.includes(`#${DEMO_IDS.search}`))).toMatch(/^\s+EditText\b/);
    expect(tree.find((line) => line.includes(`#${DEMO_IDS.units}`))).toMatch(/\(.*checkable.*\)/);
  });

  it("inspect ui in json mode is the observe snapshot result", async () => {
    const { exitCode, body } = await session.json<ExecutionOutput>(["inspect", "ui"]);
    expect(exitCode).toBe(0);
    expect(body.envelope.stepResults[0]).toMatchObject({
      actionType: "snapshot_ui",
      success: true,
      data: { actual_format: "hierarchy_xml" },
    });
  });
});
