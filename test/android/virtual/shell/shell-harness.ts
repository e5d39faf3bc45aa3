import { PassThrough } from "node:stream";
import type { Clock } from "../../../../core/host/clock.ts";
import { createDeviceState, type DeviceState } from "../../../../android/virtual/device/index.ts";
import type { AppSpec, DeviceProfile, Scenario } from "../../../../android/virtual/scenario/scenario-types.ts";
import { createDeviceShell } from "../../../../android/virtual/shell/index.ts";
import type { DeviceServices } from "../../../../android/virtual/device/device-services.ts";
import { FakeUi, node, screen } from "../operator/fake-ui.ts";

/** 2026-11-22 21:47:31.250 UTC, a Sunday. */
export const START_TIME = Date.UTC(2026, 10, 22, 21, 47, 31, 250);

export class ManualClock implements Pick<Clock, "now"> {
  constructor(public time = START_TIME) {}
  now(): number {
    return this.time;
  }
}

export const app = (pkg: string, extra: Partial<AppSpec> = {}): AppSpec => ({
  package: pkg,
  label: pkg.split(".").at(-1)!,
  versionName: "1.0",
  versionCode: 1,
  system: false,
  permissions: [],
  operator: false,
  ...extra,
});

export function testScenario(device: Partial<DeviceProfile> = {}, apps?: AppSpec[]): Scenario {
  return {
    name: "test",
    origin: "test scenario",
    device: {
      model: "Pixel 7",
      manufacturer: "Google",
      brand: "google",
      product: "panther",
      device: "panther",
      serial: "VIRT0001",
      sdk: 34,
      release: "14",
      screen: { width: 1080, height: 2400, density: 420 },
      props: {},
      settings: {},
      boot: { completeAfterMs: 0 },
      ...device,
    },
    apps: apps ?? [
      app("com.google.android.apps.nexuslauncher", { label: "Launcher", system: true }),
      app("com.android.settings", { label: "Settings", system: true, launchScreen: "settings" }),
      app("com.clawperator.operator.dev", {
        label: "Clawperator Operator",
        versionName: "0.3.1-d",
        versionCode: 31,
        operator: true,
        permissions: ["android.permission.POST_NOTIFICATIONS"],
      }),
      app("com.example.notes", { label: "Notes", versionName: "2.4.0", versionCode: 240, launchScreen: "notes" }),
    ],
    home: "home",
    screens: {},
    uris: [],
    refusedGlobalActions: [],
  };
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
  stdoutBytes: Buffer;
}

export interface RunOptions {
  stdin?: PassThrough;
  signal?: AbortSignal;
}

/** A device state, a FakeUi and the shell over them; `run` executes one command line as adb would. */
export class ShellHarness {
  readonly clock = new ManualClock();
  readonly state: DeviceState;
  readonly ui: FakeUi;
  readonly shell: DeviceServices;

  constructor(scenario: Scenario = testScenario()) {
    this.state = createDeviceState(scenario, { clock: this.clock });
    this.ui = new FakeUi(
      screen(
        node({ text: "Hello", "resource-id": "greeting", bounds: "[0,0][1080,200]", package: "com.example.notes" }),
      ),
    );
    this.shell = createDeviceShell(this.state, this.ui);
  }

  async run(line: string, options: RunOptions = {}): Promise<RunResult> {
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    const stdin = options.stdin ?? new PassThrough();
    if (!options.stdin) stdin.end();
    const code = await this.shell.run(line, {
      stdin,
      stdout: (data) => out.push(Buffer.from(data)),
      stderr: (data) => err.push(Buffer.from(data)),
      signal: options.signal ?? new AbortController().signal,
    });
    const stdoutBytes = Buffer.concat(out);
    return { code, stdout: stdoutBytes.toString("utf8"), stderr: Buffer.concat(err).toString("utf8"), stdoutBytes };
  }
}
