import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { RunningVirtualDevice } from "../../../android/virtual/index.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";
import { attributeValues, DEMO, DEMO_IDS, execution, hierarchyNodeCount, OPERATOR } from "./support.ts";
import type { ErrorOutput, ExecutionOutput } from "../../helpers/cli-output.ts";

const session = virtualSession();
let demo: RunningVirtualDevice;
let big: RunningVirtualDevice;

const BIG_APP = "com.example.bigscreen";
const ROWS = 1_998;
/** One text longer than a log record (~4,000 bytes): the operator has to split its line. */
const LONG_TEXT = Array.from({ length: 600 }, (_, i) => `word${i}`).join(" ");

const node = (attrs: Record<string, string>, children = "") => {
  const all = {
    index: "0",
    text: "",
    "resource-id": "",
    class: "android.widget.TextView",
    package: BIG_APP,
    "content-desc": "",
    checkable: "false",
    checked: "false",
    clickable: "false",
    enabled: "true",
    focusable: "false",
    focused: "false",
    scrollable: "false",
    "long-clickable": "false",
    password: "false",
    selected: "false",
    bounds: "[0,0][1080,2400]",
    ...attrs,
  };
  const open = `<node ${Object.entries(all)
    .map(([k, v]) => `${k}="${v}"`)
    .join(" ")}`;
  return children ? `${open}>${children}</node>` : `${open} />`;
};

/** A screen of exactly 2,000 nodes: a frame, a list, and 1,998 rows (one of them with a very long text). */
function bigScreenXml(): string {
  const rows = Array.from({ length: ROWS }, (_, i) =>
    node({
      index: String(i),
      text: i === 1_000 ? LONG_TEXT : `Row ${i} &amp; more`,
      "resource-id": `${BIG_APP}:id/row_${i}`,
      bounds: `[0,${i}][1080,${i + 1}]`,
    }),
  ).join("");
  const list = node(
    { class: "android.widget.ListView", "resource-id": `${BIG_APP}:id/list`, scrollable: "true" },
    rows,
  );
  return (
    `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">` +
    `${node({ class: "android.widget.FrameLayout" }, list)}</hierarchy>`
  );
}

const homeXml =
  `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">` +
  `${node({ class: "android.widget.FrameLayout", package: "com.example.launcher", text: "Home" })}</hierarchy>`;

beforeAll(async () => {
  const scenario = {
    name: "big-screen",
    device: {
      settings: {
        secure: {
          accessibility_enabled: "1",
          enabled_accessibility_services: `${OPERATOR}/clawperator.operator.accessibilityservice.OperatorAccessibilityService`,
        },
      },
    },
    apps: [
      { package: "com.example.launcher", label: "Launcher", system: true, launchScreen: "home" },
      { package: BIG_APP, label: "Big Screen", launchScreen: "big" },
      { package: OPERATOR, label: "Clawperator Operator", operator: true },
    ],
    home: "home",
    screens: { home: { hierarchy_xml: homeXml }, big: { hierarchy_xml: bigScreenXml() } },
  };
  const file = join(session.harness.home, "big-screen.json");
  await writeFile(file, JSON.stringify(scenario));
  [demo, big] = await Promise.all([session.startDevice(), session.startDevice({ scenario: file })]);
});

describe("text with shell and JSON metacharacters", () => {
  const nasty =
    `He said "hi" & 'bye'; $(touch /tmp/clawperator-pwned) \`id\` $HOME \\n \\ back\n` +
    `second line\ttab 🚀 👩‍💻 ✓ <b>&amp;</b> '"'"'`;

  it("enter_text then read_text returns it identical, through adb shell quoting and logcat", async () => {
    const payload = execution([
      { id: "open", type: "open_app", params: { applicationId: DEMO } },
      { id: "type", type: "enter_text", params: { matcher: { resourceId: DEMO_IDS.search }, text: nasty } },
      { id: "read", type: "read_text", params: { matcher: { resourceId: DEMO_IDS.search } } },
    ]);
    const { exitCode, body } = await session.json<ExecutionOutput>([
      "execute",
      "--device-id",
      demo.serial,
      "--execution",
      JSON.stringify(payload),
    ]);
    expect(exitCode).toBe(0);
    const [, typed, read] = body.envelope.stepResults;
    expect(typed).toMatchObject({ id: "type", success: true });
    expect(typed!.data.text).toBe(nasty);
    expect(read).toMatchObject({ id: "read", success: true });
    expect(read!.data.text).toBe(nasty);
  });

  it("action type --text passes it as one argv value, unchanged", async () => {
    const typed = await session.json<ExecutionOutput>([
      "action",
      "type",
      "--device-id",
      demo.serial,
      "--resource-id",
      DEMO_IDS.search,
      "--text",
      nasty,
    ]);
    expect(typed.exitCode).toBe(0);
    expect(typed.body.envelope.stepResults[0]!.data.text).toBe(nasty);
    const read = await session.json<ExecutionOutput>([
      "action",
      "read",
      "--device-id",
      demo.serial,
      "--resource-id",
      DEMO_IDS.search,
    ]);
    expect(read.body.envelope.stepResults[0]!.data.text).toBe(nasty);
  });
});

describe("a payload that adb cannot carry once quoted", () => {
  it("is PAYLOAD_TOO_LARGE before anything is sent, though it is under 64,000 bytes, and --validate-only says so too", async () => {
    // enter_text's text stops at 512 characters (the APK's limit); a screenshot path has none of its own.
    const payload = execution([
      { id: "shot", type: "take_screenshot", params: { path: `/sdcard/${"'".repeat(14_000)}.png` } },
    ]);
    expect(Buffer.byteLength(JSON.stringify(payload))).toBeLessThan(64_000);
    for (const flags of [["--device-id", demo.serial], ["--validate-only"]]) {
      const { exitCode, body } = await session.json<ErrorOutput>([
        "execute",
        ...flags,
        "--execution",
        JSON.stringify(payload),
      ]);
      expect(exitCode).not.toBe(0);
      expect(body).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
      expect(body.message).toContain("once quoted for the device shell");
    }
  });
});

describe("a 2,000-node screen", () => {
  it("comes back whole in one snapshot, parses, and keeps the long line intact", async () => {
    const payload = execution([
      { id: "open", type: "open_app", params: { applicationId: BIG_APP } },
      { id: "snap", type: "snapshot_ui" },
    ]);
    const { exitCode, body } = await session.json<ExecutionOutput>([
      "execute",
      "--device-id",
      big.serial,
      "--execution",
      JSON.stringify(payload),
    ]);
    expect(exitCode).toBe(0);
    const xml = body.envelope.stepResults[1]!.data.text!;
    expect(hierarchyNodeCount(xml)).toBe(2_000);
    const ids = attributeValues(xml, "resource-id").filter((id) => id.includes(":id/row_"));
    expect(ids).toEqual(Array.from({ length: ROWS }, (_, i) => `${BIG_APP}:id/row_${i}`));
    expect(attributeValues(xml, "text")).toContain(LONG_TEXT);
    expect(attributeValues(xml, "text")).toContain("Row 1997 &amp; more");
  });

  it("inspect ui --output pretty shows all 2,000 nodes", async () => {
    const result = await session.cli(["inspect", "ui", "--device-id", big.serial, "--output", "pretty"]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout.trimEnd().split("\n")).toHaveLength(1 + 2_000);
  });
});
