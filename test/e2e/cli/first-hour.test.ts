import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { RunningVirtualDevice } from "../../../android/virtual/index.ts";
import type { ViewedResult } from "../../../core/services/agent-views.ts";
import { REPO_ROOT } from "../../helpers/cli-paths.ts";
import { freePort } from "../../helpers/free-port.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";
import type { ErrorOutput, ExecutionOutput } from "../../helpers/cli-output.ts";

// What a new user meets in the first hour, offline and on the built-in virtual device: every error names its
// next step, and the README's own examples do what they say.
const session = virtualSession();
let device: RunningVirtualDevice;

beforeAll(async () => {
  device = await session.startDevice();
});

describe("operator setup without the network", () => {
  it("names the offline ways, and the virtual device's APK then sets up a fresh device", async () => {
    const fresh = await session.startDevice({ scenario: "fresh" });
    // Nothing listens on this port: the download cannot reach its server.
    const unreachable = `http://127.0.0.1:${await freePort()}/latest.json`;
    const setup = await session.json<ErrorOutput>(["operator", "setup", "--device-id", fresh.serial], {
      env: { CLAWPERATOR_APK_METADATA_URL: unreachable },
    });
    expect(setup.exitCode).toBe(1);
    expect(setup.body.code).toBe("OPERATOR_DOWNLOAD_FAILED");
    expect(setup.body.hint).toContain(`clawperator operator setup --apk <file> --device-id ${fresh.serial}`);
    expect(setup.body.hint).toContain("CLAWPERATOR_APK_METADATA_URL");
    expect(setup.body.hint).toContain("virtual operator-apk");
    // The document the hint names is in the package.
    expect(readFileSync(join(REPO_ROOT, "docs", "operator-apk.md"), "utf8")).toContain("`sha256_url`");

    const apk = join(session.harness.home, "operator.apk");
    expect((await session.cli(["virtual", "operator-apk", "--out", apk])).exitCode).toBe(0);
    const installed = await session.json<{ ok: boolean }>([
      "operator",
      "setup",
      "--apk",
      apk,
      "--device-id",
      fresh.serial,
    ]);
    expect(installed.body.ok).toBe(true);
    const doctor = await session.json<{ ok: boolean }>(["doctor", "--device-id", fresh.serial]);
    expect(doctor.body.ok).toBe(true);
    await session.stopDevice(fresh);
  });
});

describe("the README's examples on the virtual device", () => {
  const readmeExecution = () => {
    const md = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
    return /```json\n(\{[\s\S]*?"actions"[\s\S]*?\})\n```/.exec(md)![1]!;
  };

  it("the execution example opens Settings and goes into Network & internet; the next line's matcher finds Internet", async () => {
    const ran = await session.json<ExecutionOutput>([
      "execute",
      "--execution",
      readmeExecution(),
      "--device-id",
      device.serial,
    ]);
    expect(ran.exitCode, JSON.stringify(ran.body)).toBe(0);
    const view = await session.json<ViewedResult>(["observe", "view", "--device-id", device.serial]);
    expect(view.body.view!.outline).toContain('"Internet"');
    const internet = await session.json<ExecutionOutput>([
      ...["action", "click", "--selector", '{"textEquals":"Internet"}', "--device-id", device.serial],
    ]);
    expect(internet.exitCode).toBe(0);
    expect(
      (await session.json<ViewedResult>(["observe", "view", "--device-id", device.serial])).body.view!.outline,
    ).toContain("switch");
  });
});

describe("NODE_NOT_FOUND says how to look, and names what is close", () => {
  it("within --timeout-ms, with a hint to observe and the near match's ref, which then works", async () => {
    await session.cli(["action", "open-app", "--app", "com.android.settings", "--device-id", device.serial]);
    await session.cli([
      "action",
      "click",
      "--selector",
      '{"textEquals":"Network & internet"}',
      "--device-id",
      device.serial,
    ]);
    await session.cli(["action", "click", "--selector", '{"textEquals":"Internet"}', "--device-id", device.serial]);
    // Android writes "Wi‑Fi" with a non-breaking hyphen: the ASCII one finds nothing.
    const missed = await session.json<ExecutionOutput>([
      ...[
        "action",
        "click",
        "--selector",
        '{"textEquals":"Wi-Fi"}',
        "--device-id",
        device.serial,
        "--timeout-ms",
        "1500",
      ],
    ]);
    expect(missed.exitCode).toBe(1);
    expect(missed.body.error).toMatchObject({ code: "NODE_NOT_FOUND" });
    expect(missed.body.error!.hint).toContain(`clawperator observe view --device-id ${device.serial}`);
    const near = missed.body.error!.nearMatches!;
    expect(near[0]).toMatchObject({ label: "Wi‑Fi", matcher: { textEquals: "Wi‑Fi" } });
    expect(near[0]!.ref).toMatch(/^e\d+$/);
    expect(missed.body.error!.hint).toContain(`"Wi‑Fi" [ref=${near[0]!.ref}]`);
    const clicked = await session.json<ExecutionOutput>([
      "action",
      "click",
      "--ref",
      near[0]!.ref!,
      "--device-id",
      device.serial,
    ]);
    expect(clicked.exitCode, JSON.stringify(clicked.body)).toBe(0);
  });

  it("nothing close: the hint alone, no nearMatches", async () => {
    const missed = await session.json<ExecutionOutput>([
      ...["action", "click", "--selector", '{"textEquals":"Zzz no such node"}', "--device-id", device.serial],
      ...["--timeout-ms", "1500"],
    ]);
    expect(missed.body.error).toMatchObject({ code: "NODE_NOT_FOUND", hint: expect.stringContaining("observe view") });
    expect(missed.body.error).not.toHaveProperty("nearMatches");
  });
});

describe("the virtual device's own commands", () => {
  it("virtual touch answers in one line for people and a small JSON for scripts", async () => {
    const started = await session.json<{ serial: string }>(["virtual", "start", "--detach"]);
    const { serial } = started.body;
    try {
      const pretty = await session.cli(["virtual", "touch", serial, "--text", "Settings", "--output", "pretty"]);
      expect(pretty.stdout.trim().split("\n")).toEqual(['touch "Settings"; now in com.android.settings']);
      const json = await session.json<Record<string, unknown>>(["virtual", "touch", serial, "--text", "Display"]);
      expect(Object.keys(json.body).sort()).toEqual(["action", "deviceId", "events", "ok", "screen", "touched"]);
      expect(json.body.screen).toEqual({ packageName: "com.android.settings" });
      expect(json.body.events).toEqual(["TYPE_VIEW_CLICKED", "TYPE_WINDOW_STATE_CHANGED"]);

      // The device's view, kept for refs, goes with the device.
      expect((await session.cli(["observe", "view", "--device-id", serial])).exitCode).toBe(0);
      const views = join(session.harness.home, ".clawperator", "views", `${encodeURIComponent(serial)}.json`);
      expect(existsSync(views)).toBe(true);
      expect((await session.cli(["virtual", "stop", serial])).exitCode).toBe(0);
      expect(existsSync(views)).toBe(false);
    } finally {
      await session.cli(["virtual", "stop", serial]);
    }
  });
});
