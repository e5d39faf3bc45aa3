import { afterEach, describe, expect, it } from "vitest";
import { createDeviceState, type DeviceState } from "../../../../android/virtual/device/index.ts";
import { app, ManualClock, testScenario } from "../shell/shell-harness.ts";

const states: DeviceState[] = [];
const create = (...args: Parameters<typeof createDeviceState>) => {
  const state = createDeviceState(...args);
  states.push(state);
  return state;
};
afterEach(() => {
  for (const state of states.splice(0)) state.stop();
});

describe("createDeviceState", () => {
  it("derives getprop values from the profile, and profile.props override them", () => {
    const state = create(testScenario({ props: { "ro.product.model": "Custom Model", "persist.example": "x" } }));
    expect(state.properties.get("ro.product.model")).toBe("Custom Model");
    expect(state.properties.get("ro.product.manufacturer")).toBe("Google");
    expect(state.properties.get("ro.product.brand")).toBe("google");
    expect(state.properties.get("ro.product.name")).toBe("panther");
    expect(state.properties.get("ro.product.device")).toBe("panther");
    expect(state.properties.get("ro.serialno")).toBe("VIRT0001");
    expect(state.properties.get("ro.build.version.sdk")).toBe("34");
    expect(state.properties.get("ro.build.version.release")).toBe("14");
    expect(state.properties.get("ro.build.fingerprint")).toMatch(
      /^google\/panther\/panther:14\/[^/]+\/\d+:user\/release-keys$/,
    );
    expect(state.properties.get("ro.product.cpu.abi")).toBe("x86_64");
    expect(state.properties.get("ro.kernel.qemu")).toBe("0");
    expect(state.properties.get("persist.example")).toBe("x");
  });

  it("has adb and developer options on by default; scenario settings override and add", () => {
    const plain = create(testScenario());
    expect(plain.settings.get("global", "adb_enabled")).toBe("1");
    expect(plain.settings.get("global", "development_settings_enabled")).toBe("1");
    const custom = create(
      testScenario({ settings: { global: { adb_enabled: "0" }, secure: { accessibility_enabled: "1" } } }),
    );
    expect(custom.settings.get("global", "adb_enabled")).toBe("0");
    expect(custom.settings.get("global", "development_settings_enabled")).toBe("1");
    expect(custom.settings.get("secure", "accessibility_enabled")).toBe("1");
  });

  it("installs the scenario's apps in order with their permissions granted", () => {
    const state = create(testScenario());
    expect(state.packages.list().map((p) => p.packageName)).toEqual([
      "com.google.android.apps.nexuslauncher",
      "com.android.settings",
      "com.clawperator.operator.dev",
      "com.example.notes",
    ]);
    const operator = state.packages.get("com.clawperator.operator.dev")!;
    expect(operator.operator).toBe(true);
    expect([...operator.granted]).toEqual(["android.permission.POST_NOTIFICATIONS"]);
    expect(operator.versionName).toBe("0.3.1-d");
    expect(state.packages.get("com.example.notes")!.launchScreen).toBe("notes");
  });

  it("reads time from the given clock and logs with it", () => {
    const clock = new ManualClock(1_000_000);
    const state = create(testScenario(), { clock });
    state.log.write("I", "Test", "hello");
    expect(state.log.entries()[0]).toMatchObject({ timeMs: 1_000_000, tag: "Test", message: "hello" });
    expect(state.clock.now()).toBe(1_000_000);
  });

  it("reports the operator's accessibility service as enabled only when the settings say so", () => {
    const pkg = "com.clawperator.operator.dev";
    const component = `${pkg}/clawperator.operator.accessibilityservice.OperatorAccessibilityService`;
    const state = create(testScenario());
    expect(state.isAccessibilityServiceEnabled(pkg)).toBe(false);
    state.settings.put("secure", "accessibility_enabled", "1");
    state.settings.put("secure", "enabled_accessibility_services", `other/x:${component}`);
    expect(state.isAccessibilityServiceEnabled(pkg)).toBe(true);
  });
});

describe("boot completion", () => {
  it("is immediate for completeAfterMs 0", async () => {
    const state = create(testScenario({ boot: { completeAfterMs: 0 } }));
    expect(state.properties.get("sys.boot_completed")).toBe("1");
    expect(state.properties.get("dev.bootcomplete")).toBe("1");
    await state.whenBootCompleted();
  });

  it("flips sys.boot_completed and dev.bootcomplete after the configured delay", async () => {
    const started = performance.now();
    const state = create(testScenario({ boot: { completeAfterMs: 40 } }));
    expect(state.properties.get("sys.boot_completed")).toBeUndefined();
    expect(state.properties.get("dev.bootcomplete")).toBeUndefined();
    await state.whenBootCompleted();
    expect(performance.now() - started).toBeGreaterThanOrEqual(35);
    expect(state.properties.get("sys.boot_completed")).toBe("1");
    expect(state.properties.get("dev.bootcomplete")).toBe("1");
  });

  it("never completes for 'never', and stop() cancels a pending boot", async () => {
    const never = create(testScenario({ boot: { completeAfterMs: "never" } }));
    const pending = create(testScenario({ boot: { completeAfterMs: 30 } }));
    pending.stop();
    // A third device that boots later than the pending one would have: once it has, the others' timers had their
    // chance.
    const witness = create(testScenario({ boot: { completeAfterMs: 60 } }));
    await witness.whenBootCompleted();
    expect(never.properties.get("sys.boot_completed")).toBeUndefined();
    expect(pending.properties.get("sys.boot_completed")).toBeUndefined();
  });

  it("apps of a scenario without an operator are still installed", () => {
    const state = create(testScenario({}, [app("com.example.only")]));
    expect(state.packages.list().map((p) => p.packageName)).toEqual(["com.example.only"]);
  });
});
