import { describe, expect, it } from "vitest";
import { ShellHarness, testScenario } from "../shell-harness.ts";

describe("getprop / setprop", () => {
  it("prints one value, an empty line for an unknown key, or the default", async () => {
    const sh = new ShellHarness();
    expect(await sh.run("getprop ro.build.version.sdk")).toEqual(expect.objectContaining({ code: 0, stdout: "34\n" }));
    expect((await sh.run("getprop sys.boot_completed")).stdout).toBe("1\n");
    expect((await sh.run("getprop no.such.prop")).stdout).toBe("\n");
    expect((await sh.run("getprop no.such.prop fallback")).stdout).toBe("fallback\n");
  });

  it("lists every property sorted as [key]: [value]", async () => {
    const lines = (await new ShellHarness().run("getprop")).stdout.trimEnd().split("\n");
    expect(lines).toContain("[ro.product.model]: [Pixel 7]");
    expect(lines.every((l) => /^\[[^\]]+\]: \[.*\]$/.test(l))).toBe(true);
    const keys = lines.map((l) => l.slice(1, l.indexOf("]")));
    expect(keys).toEqual([...keys].sort());
  });

  it("setprop sets; read-only properties refuse a second value", async () => {
    const sh = new ShellHarness();
    expect((await sh.run("setprop debug.x 5; getprop debug.x")).stdout).toBe("5\n");
    expect(await sh.run("setprop ro.product.model Other")).toMatchObject({
      code: 1,
      stderr: "Failed to set property 'ro.product.model' to 'Other'.\nSee dmesg for error reason.\n",
    });
  });
});

describe("settings", () => {
  it("gets, puts, deletes and lists, printing null for unset keys", async () => {
    const sh = new ShellHarness();
    expect((await sh.run("settings get global adb_enabled")).stdout).toBe("1\n");
    expect((await sh.run("settings get global development_settings_enabled")).stdout).toBe("1\n");
    expect((await sh.run("settings get secure enabled_accessibility_services")).stdout).toBe("null\n");
    expect(await sh.run("settings put secure accessibility_enabled 1")).toMatchObject({ code: 0, stdout: "" });
    expect(sh.state.settings.get("secure", "accessibility_enabled")).toBe("1");
    expect((await sh.run("settings list secure")).stdout).toBe("accessibility_enabled=1\n");
    expect((await sh.run("settings delete secure accessibility_enabled")).stdout).toBe("Deleted 1 rows\n");
    expect((await sh.run("settings delete secure accessibility_enabled")).stdout).toBe("Deleted 0 rows\n");
  });

  it("rejects a bad namespace or missing arguments with exit 255", async () => {
    const sh = new ShellHarness();
    expect(await sh.run("settings get nowhere x")).toMatchObject({
      code: 255,
      stdout: "",
      stderr: expect.stringMatching(/^Invalid namespace 'nowhere'\n/),
    });
    expect((await sh.run("settings get global")).code).toBe(255);
  });
});

describe("wm", () => {
  it("prints the profile's size and density", async () => {
    const sh = new ShellHarness(testScenario({ screen: { width: 720, height: 1600, density: 320 } }));
    expect((await sh.run("wm size")).stdout).toBe("Physical size: 720x1600\n");
    expect((await sh.run("wm density")).stdout).toBe("Physical density: 320\n");
    expect((await sh.run("wm frobnicate")).code).toBe(255);
  });

  it("uses the profile for the adb banner", () => {
    expect(new ShellHarness().shell.banner()).toEqual({ name: "panther", model: "Pixel 7", device: "panther" });
  });
});
