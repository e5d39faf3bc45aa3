import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { encodeVirtualApk } from "../../../../../android/virtual/device/index.ts";
import { ShellHarness } from "../shell-harness.ts";

const OPERATOR = "com.clawperator.operator.dev";

describe("pm list packages", () => {
  it("lists every package, third-party only (-3), system only (-s), or by filter", async () => {
    const sh = new ShellHarness();
    expect((await sh.run("pm list packages")).stdout).toBe(
      "package:com.google.android.apps.nexuslauncher\npackage:com.android.settings\n" +
        "package:com.clawperator.operator.dev\npackage:com.example.notes\n",
    );
    expect((await sh.run("pm list packages -3")).stdout).toBe(
      "package:com.clawperator.operator.dev\npackage:com.example.notes\n",
    );
    expect((await sh.run("pm list packages -s")).stdout).toBe(
      "package:com.google.android.apps.nexuslauncher\npackage:com.android.settings\n",
    );
    expect((await sh.run(`pm list packages ${OPERATOR}`)).stdout).toBe(`package:${OPERATOR}\n`);
    expect((await sh.run("cmd package list packages notes")).stdout).toBe("package:com.example.notes\n");
    expect(await sh.run("pm list packages nothing.matches")).toMatchObject({ code: 0, stdout: "" });
  });
});

describe("pm path / clear", () => {
  it("prints package:<codePath>, or nothing with exit 1 when missing", async () => {
    const sh = new ShellHarness();
    const result = await sh.run(`'pm' 'path' '${OPERATOR}'`);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^package:\/data\/app\/~~[A-Za-z0-9_-]{22}==\/com\.clawperator\.operator\.dev-[A-Za-z0-9_-]{22}==\/base\.apk\n$/,
    );
    expect(await sh.run("pm path com.not.installed")).toEqual(
      expect.objectContaining({ code: 1, stdout: "", stderr: "" }),
    );
  });

  it("pm clear stops the app", async () => {
    const sh = new ShellHarness();
    sh.state.processes.pidOf("com.example.notes");
    expect(await sh.run("pm clear com.example.notes")).toMatchObject({ code: 0, stdout: "Success\n" });
    expect(sh.state.processes.running("com.example.notes")).toBeUndefined();
    expect(sh.ui.calls).toContain("forceStop:com.example.notes");
    expect(await sh.run("pm clear com.none")).toMatchObject({ code: 1, stdout: "Failed\n" });
  });
});

describe("pm grant / revoke", () => {
  it("grants and revokes runtime permissions", async () => {
    const sh = new ShellHarness();
    expect(await sh.run("pm grant com.example.notes android.permission.CAMERA")).toEqual(
      expect.objectContaining({ code: 0, stdout: "", stderr: "" }),
    );
    expect(sh.state.packages.get("com.example.notes")!.granted.has("android.permission.CAMERA")).toBe(true);
    expect((await sh.run("pm revoke com.example.notes android.permission.CAMERA")).code).toBe(0);
    expect(sh.state.packages.get("com.example.notes")!.granted.has("android.permission.CAMERA")).toBe(false);
  });

  it("prints PackageManager's exception and exits 255 when Android refuses", async () => {
    const sh = new ShellHarness();
    expect(await sh.run("pm grant com.example.notes android.permission.INTERNET")).toEqual(
      expect.objectContaining({
        code: 255,
        stderr:
          "Exception occurred while executing 'grant':\n" +
          "java.lang.SecurityException: Permission android.permission.INTERNET requested by com.example.notes " +
          "is not a changeable permission type\n",
      }),
    );
    expect((await sh.run("pm grant com.example.notes android.permission.MADE_UP")).stderr).toBe(
      "Exception occurred while executing 'grant':\n" +
        "java.lang.IllegalArgumentException: Unknown permission: android.permission.MADE_UP\n",
    );
    expect((await sh.run("pm revoke com.none android.permission.CAMERA")).stderr).toBe(
      "Exception occurred while executing 'revoke':\njava.lang.IllegalArgumentException: Unknown package: com.none\n",
    );
  });
});

describe("cmd package install", () => {
  const apk = encodeVirtualApk({
    package: "com.example.skill",
    label: "Skill",
    versionName: "1.2.0",
    versionCode: 12,
    permissions: ["android.permission.CAMERA"],
  });

  it("reads exactly -S bytes from a stream that stays open, installs, and pm list -3 shows it", async () => {
    const sh = new ShellHarness();
    const stdin = new PassThrough();
    stdin.write(apk.subarray(0, 10));
    const running = sh.run(`cmd package 'install' '-r' -S ${apk.length}`, { stdin });
    stdin.write(apk.subarray(10));
    expect(await running).toEqual(expect.objectContaining({ code: 0, stdout: "Success\n" }));
    expect((await sh.run("pm list packages -3")).stdout).toContain("package:com.example.skill\n");
    expect((await sh.run("dumpsys package com.example.skill")).stdout).toContain("    versionName=1.2.0\n");
    expect(sh.state.packages.get("com.example.skill")!.granted.size).toBe(0);
  });

  it("-g grants the requested permissions; an update keeps the uid; a downgrade fails", async () => {
    const sh = new ShellHarness();
    const install = (bytes: Buffer, flags = "") => {
      const stdin = new PassThrough();
      stdin.end(bytes);
      return sh.run(`cmd package install ${flags} -S ${bytes.length}`, { stdin });
    };
    expect((await install(apk, "-g")).stdout).toBe("Success\n");
    const uid = sh.state.packages.get("com.example.skill")!.uid;
    expect([...sh.state.packages.get("com.example.skill")!.granted]).toEqual(["android.permission.CAMERA"]);
    const newer = encodeVirtualApk({
      package: "com.example.skill",
      label: "Skill",
      versionName: "1.3.0",
      versionCode: 13,
    });
    expect((await install(newer, "-r")).stdout).toBe("Success\n");
    expect(sh.state.packages.get("com.example.skill")).toMatchObject({ uid, versionCode: 13 });
    expect(await install(apk, "-r")).toMatchObject({
      code: 1,
      stdout:
        "Failure [INSTALL_FAILED_VERSION_DOWNGRADE: Downgrade detected: Update version code 12 is older than " +
        "current 13]\n",
    });
  });

  it("refuses bytes that are not an APK with the package manager's parse failure", async () => {
    const sh = new ShellHarness();
    const stdin = new PassThrough();
    stdin.end("not an apk");
    const result = await sh.run("cmd package install -r -S 10", { stdin });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /^Failure \[INSTALL_PARSE_FAILED_NOT_APK: Failed parse during installPackageLi: \/data\/app\/vmdl\d+\.tmp\/base\.apk \(at Binary XML file line #-1\): Failed to read manifest from APK\]\n$/,
    );
    expect((await sh.run("pm list packages -3")).stdout).toBe(
      "package:com.clawperator.operator.dev\npackage:com.example.notes\n",
    );
  });

  it("installs from a file on the device with pm install", async () => {
    const sh = new ShellHarness();
    sh.state.fs.write("/data/local/tmp/skill.apk", apk);
    expect((await sh.run("pm install -r /data/local/tmp/skill.apk")).stdout).toBe("Success\n");
    expect(sh.state.packages.get("com.example.skill")).toBeDefined();
  });
});

describe("dumpsys package", () => {
  it("prints a Packages block with the version lines tools grep", async () => {
    const { stdout, code } = await new ShellHarness().run(`dumpsys package ${OPERATOR}`);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Packages:\n {2}Package \[com\.clawperator\.operator\.dev\] \([0-9a-f]{7}\):\n/);
    expect(stdout).toMatch(/\n {4}versionCode=31 minSdk=\d+ targetSdk=34\n {4}versionName=0\.3\.1-d\n/);
    expect(stdout).toContain("        android.permission.POST_NOTIFICATIONS: granted=true");
    expect(stdout).toMatch(/\n {4}firstInstallTime=2026-11-22 21:47:31\n/);
  });

  it("prints no Packages block for a package that is not installed", async () => {
    const { stdout, code } = await new ShellHarness().run("dumpsys package com.none");
    expect(code).toBe(0);
    expect(stdout).not.toContain("versionName=");
    expect(stdout).toContain("Unable to find package: com.none");
  });
});
