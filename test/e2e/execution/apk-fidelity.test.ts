import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { accessibilityComponent } from "../../../android/virtual/device/index.ts";
import type { RunningVirtualDevice } from "../../../android/virtual/index.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";
import { execution, OPERATOR } from "./support.ts";
import type { ErrorOutput, ExecutionOutput, ValidatedOutput } from "../../helpers/cli-output.ts";

const session = virtualSession();
const makeDir = tempDirs("clawperator-e2e-fidelity-");
const APP = "com.example.shop";
const RECORDINGS = `/storage/emulated/0/Android/data/${OPERATOR}/files/recordings`;
let device: RunningVirtualDevice;

const node = (attrs: Record<string, string>) =>
  `<node ${Object.entries({
    class: "android.widget.TextView",
    package: APP,
    text: "",
    "resource-id": "",
    bounds: "[0,0][1080,100]",
    ...attrs,
  })
    .map(([k, v]) => `${k}="${v}"`)
    .join(" ")} />`;
const screen = (...nodes: string[]) =>
  `<hierarchy rotation="0"><node class="android.widget.FrameLayout" package="${APP}" ` +
  `bounds="[0,0][1080,2400]">${nodes.join("")}</node></hierarchy>`;

/** A recorded-app shape: a splash and a loading screen that move on by themselves, then content. */
async function writeScenario(): Promise<string> {
  const scenario = {
    name: "fidelity",
    device: {
      settings: {
        secure: { accessibility_enabled: "1", enabled_accessibility_services: accessibilityComponent(OPERATOR) },
      },
    },
    apps: [
      { package: OPERATOR, label: "Clawperator Operator", operator: true },
      { package: "com.example.launcher", label: "Launcher", system: true },
      { package: APP, label: "Shop", launchScreen: "splash", versionName: "4.2.1" },
    ],
    home: "home",
    screens: {
      home: { hierarchy_xml: screen().replaceAll(APP, "com.example.launcher") },
      splash: { hierarchy_xml: screen(node({ text: "Shop" })), after: { ms: 1_500, to: "loading" } },
      loading: { hierarchy_xml: screen(node({ text: "Loading…" })), after: { ms: 1_500, to: "content" } },
      content: {
        hierarchy_xml: screen(
          `<node class="android.widget.LinearLayout" package="${APP}" resource-id="${APP}:id/list" ` +
            `scrollable="true" bounds="[0,100][1080,700]">`,
          node({ "resource-id": `${APP}:id/item`, text: "Apples", bounds: "[0,100][1080,200]" }),
          node({ "resource-id": `${APP}:id/item`, text: "Pears", bounds: "[0,200][1080,300]" }),
          "</node>",
          node({ text: "Version", bounds: "[0,800][540,900]" }),
          node({ "resource-id": `${APP}:id/version`, text: "4.2.1 (build 77)", bounds: "[540,800][1080,900]" }),
          node({ "resource-id": `${APP}:id/name_row`, text: "Name", clickable: "true", bounds: "[0,1000][540,1100]" }),
          node({ "resource-id": `${APP}:id/name_value`, text: "not set", bounds: "[540,1000][1080,1100]" }),
          node({ text: "Checkout", clickable: "true", bounds: "[0,2000][1080,2200]" }),
        ),
        transitions: [
          { click: { resourceId: `${APP}:id/name_row` }, to: "edit" },
          { click: { textEquals: "Checkout" }, to: "checkout" },
        ],
        values: [
          {
            node: { resourceId: `${APP}:id/name_value` },
            mirror: { screen: "edit", field: { resourceId: `${APP}:id/name_field` } },
          },
        ],
      },
      edit: {
        hierarchy_xml: screen(
          node({
            class: "android.widget.EditText",
            "resource-id": `${APP}:id/name_field`,
            clickable: "true",
            focusable: "true",
          }),
        ),
      },
      checkout: { hierarchy_xml: screen(node({ text: "Pay now" })) },
    },
  };
  const path = join(await makeDir(), "fidelity.json");
  await writeFile(path, JSON.stringify(scenario));
  return path;
}

beforeAll(async () => {
  device = await session.startDevice({ scenario: await writeScenario() });
});

const run = (actions: unknown[], overrides: Record<string, unknown> = {}) =>
  session.json<ExecutionOutput>([
    "execute",
    "--execution",
    JSON.stringify(execution(actions, overrides)),
    "--device-id",
    device.serial,
  ]);

const steps = (body: ExecutionOutput) => body.envelope.stepResults.map((s) => [s.id, s.success, s.data]);

describe("real-app shapes through the CLI, the real adb and the virtual APK", () => {
  it("a splash that moves on by itself is polled by wait_for_node with timeoutMs, past what its retry alone would wait", async () => {
    const { exitCode, body } = await run([
      { id: "open", type: "open_app", params: { applicationId: APP } },
      // One attempt and no delay: only timeoutMs keeps it polling for the 3 s the splash and loading screens take.
      {
        id: "ready",
        type: "wait_for_node",
        params: {
          matcher: { textEquals: "Checkout" },
          timeoutMs: 10_000,
          retry: { maxAttempts: 1, initialDelayMs: 250 },
        },
      },
    ]);
    expect(exitCode).toBe(0);
    expect(steps(body)).toEqual([
      ["open", true, { application_id: APP }],
      ["ready", true, { resource_id: "", label: "Checkout" }],
    ]);
  });

  it("every new action type and param: read_text validators, all and container, read_key_value_pair, wait_for_navigation, recording", async () => {
    const { exitCode, body } = await run([
      {
        id: "nav",
        type: "wait_for_navigation",
        params: { expectedPackage: APP, expectedNode: { textEquals: "Version" }, timeoutMs: 5_000 },
      },
      {
        id: "version",
        type: "read_text",
        params: { matcher: { resourceId: `${APP}:id/version` }, validator: "VERSION" },
      },
      {
        id: "regex",
        type: "read_text",
        params: {
          matcher: { resourceId: `${APP}:id/version` },
          validator: "regex",
          validatorPattern: "(?i)BUILD \\d+\\)$",
        },
      },
      {
        id: "all",
        type: "read_text",
        params: { matcher: { resourceId: `${APP}:id/item` }, all: true, container: { resourceId: `${APP}:id/list` } },
      },
      { id: "kv", type: "read_key_value_pair", params: { labelMatcher: { textEquals: "Version" } } },
      { id: "rec", type: "start_recording", params: { sessionId: "s1" } },
      { id: "unrec", type: "STOP_RECORDING" },
      {
        id: "mismatch",
        type: "read_text",
        params: {
          matcher: { textEquals: "Version" },
          validator: "regex",
          validatorPattern: "^\\d",
          retry: { maxAttempts: 1 },
        },
      },
    ]);
    // The device went on after its failed steps, and the host reports the run as failed (the reference's rule).
    expect(exitCode).toBe(1);
    expect(body.envelope).toMatchObject({
      status: "failed",
      error: "Step mismatch (read_text) failed: VALIDATOR_MISMATCH",
    });
    expect(body.error).toMatchObject({ code: "VALIDATOR_MISMATCH", stepId: "mismatch" });
    expect(steps(body)).toEqual([
      ["nav", true, expect.objectContaining({ foreground_package: APP })],
      ["version", true, { text: "4.2.1 (build 77)", validator: "version" }],
      ["regex", true, { text: "4.2.1 (build 77)", validator: "regex" }],
      ["all", true, { text: "Apples\nPears", validator: "none" }],
      ["kv", true, { key: "Version", value: "4.2.1 (build 77)" }],
      ["rec", true, { sessionId: "s1", filePath: `${RECORDINGS}/s1.ndjson` }],
      ["unrec", true, { sessionId: "s1", filePath: `${RECORDINGS}/s1.ndjson`, eventCount: "0" }],
      // VALIDATOR_MISMATCH is a failed step; the device runs on (the APK's behaviour).
      ["mismatch", false, expect.objectContaining({ error: "VALIDATOR_MISMATCH", raw_text: "Version" })],
    ]);
  });

  it("click by coordinate, scroll_and_click's target alias, scroll_until with a matcher and clickAfter; a field mirrored on its settings row", async () => {
    const typed = await run([
      { id: "row", type: "click", params: { coordinate: { x: 270, y: 1050 } } },
      { id: "type", type: "enter_text", params: { matcher: { resourceId: `${APP}:id/name_field` }, text: "Ada" } },
      { id: "back", type: "press_key", params: { key: "BACK" } },
      { id: "shown", type: "read_text", params: { matcher: { resourceId: `${APP}:id/name_value` } } },
      { id: "find", type: "scroll_and_click", params: { target: { textEquals: "Name" }, clickAfter: false } },
      { id: "pay", type: "scroll_until", params: { matcher: { textEquals: "Checkout" }, clickAfter: true } },
      { id: "paid", type: "wait_for_node", params: { matcher: { textEquals: "Pay now" }, timeoutMs: 2_000 } },
    ]);
    expect(typed.exitCode).toBe(0);
    expect(steps(typed.body)).toEqual([
      ["row", true, { click_types: "click", x: "270", y: "1050" }],
      ["type", true, { text: "Ada", submit: "false" }],
      ["back", true, { key: "back" }],
      ["shown", true, { text: "Ada", validator: "none" }],
      ["find", true, expect.objectContaining({ click_after: "false" })],
      ["pay", true, expect.objectContaining({ termination_reason: "TARGET_FOUND", click_after: "true" })],
      ["paid", true, { resource_id: "", label: "Pay now" }],
    ]);
  });

  it("refuses before dispatch what the APK could not parse, naming the path, instead of timing out", async () => {
    // Nothing reaches the device, so nothing waits for a result (asserted as what the device ran, not as a time).
    const { services } = device.device;
    const deviceRun = services.run;
    const ran: string[] = [];
    services.run = (commandLine, shellSession) => {
      ran.push(commandLine);
      return deviceRun(commandLine, shellSession);
    };
    try {
      const { exitCode, body } = await run([{ id: "o", type: "open_app", params: { applicationId: "   " } }]);
      expect(exitCode).toBe(1);
      expect(body).toMatchObject({
        code: "EXECUTION_VALIDATION_FAILED",
        details: { path: "actions.0.params.applicationId" },
      });
    } finally {
      services.run = deviceRun;
    }
    expect(ran.filter((line) => line.includes("am broadcast"))).toEqual([]);
  });

  it("--validate-only reports the retry values the APK clamps, and what it accepts dispatches", async () => {
    const payload = execution([
      {
        id: "w",
        type: "wait_for_node",
        params: {
          matcher: { textEquals: "It's" },
          retry: { maxAttempts: 1, backoffMultiplier: 8, initialDelayMs: 100, maxDelayMs: 50 },
        },
      },
    ]);
    const checked = await session.json<ValidatedOutput>([
      "execute",
      "--execution",
      JSON.stringify(payload),
      "--validate-only",
    ]);
    expect(checked.exitCode).toBe(0);
    expect(checked.body.apkClamps).toEqual([
      { path: "actions.0.params.retry.backoffMultiplier", value: 8, applied: 5, reason: expect.any(String) },
      { path: "actions.0.params.retry.maxDelayMs", value: 50, applied: 100, reason: expect.any(String) },
    ]);
    expect(checked.body.execution.actions[0]).toMatchObject({ params: { retry: { backoffMultiplier: 8 } } });

    // A payload of quotes near the 64,000-byte limit: refused by both, never accepted by one and failed by the other.
    const quotes = execution([
      { id: "t", type: "take_screenshot", params: { path: `/sdcard/${"'".repeat(60_000)}.png` } },
    ]);
    for (const args of [["--validate-only"], ["--device-id", device.serial]]) {
      const { exitCode, body } = await session.json<ErrorOutput>([
        "execute",
        "--execution",
        JSON.stringify(quotes),
        ...args,
      ]);
      expect([exitCode, body.code]).toEqual([1, "PAYLOAD_TOO_LARGE"]);
    }
  });
});
