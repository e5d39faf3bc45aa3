import { describe, expect, it } from "vitest";
import {
  avdHome,
  defaultProfile,
  hostAbi,
  listAvdNames,
  parseIni,
  parseSystemImage,
  readAvdMetadata,
  systemImagePackage,
  unsupportedReasons,
} from "../../../android/avd/index.ts";
import { tempDirs, writeFiles } from "../../helpers/temp-dirs.ts";

const makeDir = tempDirs("clawperator-avd-");

/** An AVD as Android Studio's avdmanager writes it. */
function avdFiles(
  name: string,
  config: Record<string, string>,
  pointer: Record<string, string> = {},
): Record<string, string> {
  const ini = (values: Record<string, string>) =>
    Object.entries(values)
      .map(([k, v]) => `${k}=${v}\n`)
      .join("");
  return {
    [`${name}.ini`]: ini({
      "avd.ini.encoding": "UTF-8",
      "path.rel": `avd/${name}.avd`,
      target: "android-35",
      ...pointer,
    }),
    [`${name}.avd/config.ini`]: ini(config),
  };
}

const PIXEL = {
  AvdId: "clawperator-pixel",
  "PlayStore.enabled": "true",
  "abi.type": "x86_64",
  "hw.device.name": "pixel_7",
  "image.sysdir.1": "system-images/android-35/google_apis_playstore/x86_64/",
  "tag.id": "google_apis_playstore",
};

describe("AVD ini files", () => {
  it("parses key=value lines, skipping comments and blanks, keeping '=' in values", () => {
    expect(parseIni("# c\n\na=1\r\nb = x=y \n;x\nnovalue\n")).toEqual({ a: "1", b: "x=y" });
  });

  it("reads the normalized metadata from <name>.ini and config.ini (path.rel under the AVD home's parent)", async () => {
    const android = await makeDir();
    const home = `${android}/avd`;
    await writeFiles(home, avdFiles("clawperator-pixel", PIXEL));
    expect(readAvdMetadata(home, "clawperator-pixel")).toEqual({
      name: "clawperator-pixel",
      exists: true,
      apiLevel: 35,
      abi: "x86_64",
      playStore: true,
      deviceProfile: "pixel_7",
      systemImage: "system-images;android-35;google_apis_playstore;x86_64",
      path: `${home}/clawperator-pixel.avd`,
    });
    expect(listAvdNames(home)).toEqual(["clawperator-pixel"]);
    expect(readAvdMetadata(home, "nope")).toMatchObject({
      name: "nope",
      exists: false,
      apiLevel: null,
      abi: null,
      playStore: false,
      systemImage: null,
    });
  });

  it("follows an absolute path and takes Google Play from tag.id when PlayStore.enabled is absent", async () => {
    const elsewhere = await makeDir();
    const home = await makeDir();
    await writeFiles(elsewhere, {
      "config.ini":
        "abi.type=arm64-v8a\nimage.sysdir.1=system-images/android-34/google_apis_playstore/arm64-v8a/\n" +
        "hw.device.name=pixel_6\n",
    });
    await writeFiles(home, { "old.ini": `path=${elsewhere}\ntarget=android-34\n` });
    expect(readAvdMetadata(home, "old")).toMatchObject({
      exists: true,
      apiLevel: 34,
      abi: "arm64-v8a",
      playStore: true,
      deviceProfile: "pixel_6",
      path: elsewhere,
    });
  });

  it("finds the AVD home as the SDK tools do", () => {
    expect(avdHome({ ANDROID_AVD_HOME: "/a", ANDROID_EMULATOR_HOME: "/e", HOME: "/h" })).toBe("/a");
    expect(avdHome({ ANDROID_EMULATOR_HOME: "/e", HOME: "/h" })).toBe("/e/avd");
    expect(avdHome({ ANDROID_USER_HOME: "/u", HOME: "/h" })).toBe("/u/avd");
    expect(avdHome({ HOME: "/h" })).toBe("/h/.android/avd");
  });
});

describe("system images and the support rule", () => {
  it("builds and parses system image package ids", () => {
    expect(systemImagePackage({ apiLevel: 35, playStore: true, abi: "arm64-v8a" })).toBe(
      "system-images;android-35;google_apis_playstore;arm64-v8a",
    );
    expect(systemImagePackage({ apiLevel: 30, playStore: false, abi: "x86_64" })).toBe(
      "system-images;android-30;google_apis;x86_64",
    );
    expect(parseSystemImage("system-images/android-35/google_apis/x86_64/")).toEqual({
      apiLevel: 35,
      tag: "google_apis",
      abi: "x86_64",
      package: "system-images;android-35;google_apis;x86_64",
    });
    expect(parseSystemImage("platforms;android-35")).toBeUndefined();
  });

  it("the default profile follows the host's ABI", () => {
    expect(hostAbi("arm64")).toBe("arm64-v8a");
    expect(hostAbi("x64")).toBe("x86_64");
    expect(defaultProfile("arm64")).toEqual({
      avdName: "clawperator-pixel",
      apiLevel: 35,
      playStore: true,
      abi: "arm64-v8a",
      deviceProfile: "pixel_7",
    });
    expect(defaultProfile("x64").abi).toBe("x86_64");
  });

  it("names every field that differs from the profile", () => {
    const profile = defaultProfile("x64");
    expect(
      unsupportedReasons({ apiLevel: 35, abi: "x86_64", playStore: true, deviceProfile: "pixel_7" }, profile),
    ).toEqual([]);
    expect(
      unsupportedReasons({ apiLevel: 30, abi: "arm64-v8a", playStore: false, deviceProfile: "pixel_4" }, profile),
    ).toEqual(["missing_play_store", "unsupported_api_level", "unsupported_abi", "unsupported_device_profile"]);
    // An arm64 AVD is supported on an arm64 host only.
    expect(
      unsupportedReasons(
        { apiLevel: 35, abi: "arm64-v8a", playStore: true, deviceProfile: "pixel_7" },
        defaultProfile("arm64"),
      ),
    ).toEqual([]);
    expect(
      unsupportedReasons({ apiLevel: null, abi: null, playStore: false, deviceProfile: null }, profile),
    ).toHaveLength(4);
  });
});
