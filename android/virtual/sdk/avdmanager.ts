import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { avdHome, AVD_NAME } from "../../avd/avd-home.ts";
import { listAvdNames, readAvdMetadata } from "../../avd/avd-metadata.ts";
import { serializeIni } from "../../avd/ini.ts";
import { parseSystemImage } from "../../avd/system-image.ts";
import { lockHolder } from "./avd-lock.ts";
import { IMAGE_TAGS, installedPackages } from "./sdk-packages.ts";
import { parseToolArgs, type ToolIo } from "./tool-io.ts";

/** Hardware profiles the stand-in knows: id → [display name, width, height, density]. */
const DEVICES: Record<string, [string, number, number, number]> = {
  pixel_7: ["Pixel 7", 1080, 2400, 420],
  pixel_7_pro: ["Pixel 7 Pro", 1440, 3120, 560],
  pixel_8: ["Pixel 8", 1080, 2400, 420],
  pixel_6: ["Pixel 6", 1080, 2400, 420],
  pixel_5: ["Pixel 5", 1080, 2340, 440],
  pixel_4: ["Pixel 4", 1080, 2280, 440],
  medium_phone: ["Medium Phone", 1080, 2400, 420],
};

const CREATE_SPEC = {
  name: { short: "n", value: true },
  package: { short: "k", value: true },
  device: { short: "d", value: true },
  force: { short: "f", value: false },
  path: { short: "p", value: true },
  abi: { short: "b", value: true },
  tag: { short: "g", value: true },
  sdcard: { short: "c", value: true },
  skin: { short: "s", value: true },
  snapshot: { short: "a", value: false },
} as const;

function error(io: ToolIo, message: string): number {
  io.err(`Error: ${message}\n`);
  return 1;
}

async function createAvd(sdkRoot: string, argv: readonly string[], io: ToolIo): Promise<number> {
  const { options, unknown } = parseToolArgs(argv, CREATE_SPEC);
  if (unknown.length > 0) return error(io, `Flag '${unknown[0]}' is not valid for 'create avd'.`);
  const name = options.name;
  const pkg = options.package;
  if (typeof name !== "string" || name === "")
    return error(io, "The parameter --name must be defined for action 'create avd'");
  if (typeof pkg !== "string" || pkg === "")
    return error(
      io,
      `Package path (-k) not specified. Valid system image paths are:\n${installedImages(sdkRoot).join("\n")}`,
    );
  if (!AVD_NAME.test(name))
    return error(io, `AVD name '${name}' contains invalid characters.\nAllowed characters are: a-z A-Z 0-9 . _ -`);
  const image = parseSystemImage(pkg);
  if (!image || !installedImages(sdkRoot).includes(pkg)) {
    return error(
      io,
      `Package path is not valid. Valid system image paths are:\n${installedImages(sdkRoot).join("\n") || "null"}`,
    );
  }
  const deviceId = typeof options.device === "string" ? options.device : "medium_phone";
  const device = DEVICES[deviceId];
  if (!device) return error(io, `No device found matching --device ${deviceId}`);

  const home = avdHome(io.env);
  const existing = readAvdMetadata(home, name);
  if (existing.exists && options.force !== true)
    return error(io, `Android Virtual Device '${name}' already exists.\nUse --force if you want to replace it.`);
  if (existing.exists && lockHolder(existing.path) !== undefined)
    return error(io, `AVD '${name}' is currently running and cannot be replaced.`);

  io.out("Do you wish to create a custom hardware profile? [no] ");
  const answer = (await io.readLine())?.trim().toLowerCase() ?? "no";
  io.out("\n");
  if (answer === "yes" || answer === "y")
    return error(io, "the virtual SDK stand-in creates AVDs from its hardware profiles only; answer no.");

  const content = typeof options.path === "string" ? options.path : join(home, `${name}.avd`);
  rmSync(content, { recursive: true, force: true });
  mkdirSync(content, { recursive: true });
  mkdirSync(home, { recursive: true });
  const [displayName, width, height, density] = device;
  const tag = image.tag!;
  writeFileSync(
    join(home, `${name}.ini`),
    serializeIni({
      "avd.ini.encoding": "UTF-8",
      path: content,
      "path.rel": `${basename(dirname(content))}/${basename(content)}`,
      target: `android-${image.apiLevel}`,
    }),
  );
  writeFileSync(
    join(content, "config.ini"),
    serializeIni({
      AvdId: name,
      "PlayStore.enabled": String(tag === "google_apis_playstore"),
      "abi.type": image.abi!,
      "avd.ini.displayname": name.replace(/_/g, " "),
      "avd.ini.encoding": "UTF-8",
      "hw.cpu.arch": image.abi === "arm64-v8a" ? "arm64" : "x86_64",
      "hw.device.manufacturer": "Google",
      "hw.device.name": deviceId,
      "hw.lcd.density": String(density),
      "hw.lcd.height": String(height),
      "hw.lcd.width": String(width),
      "image.sysdir.1": `system-images/android-${image.apiLevel}/${tag}/${image.abi}/`,
      "tag.display": IMAGE_TAGS[tag] ?? tag,
      "tag.id": tag,
      target: `android-${image.apiLevel}`,
    }),
  );
  io.out(`Created AVD '${name}' based on ${IMAGE_TAGS[tag] ?? tag} (${displayName}), ${image.abi} processor\n`);
  return 0;
}

function installedImages(sdkRoot: string): string[] {
  return installedPackages(sdkRoot)
    .map((p) => p.id)
    .filter((id) => id.startsWith("system-images;"));
}

function deleteAvd(argv: readonly string[], io: ToolIo): number {
  const { options } = parseToolArgs(argv, { name: { short: "n", value: true } });
  const name = options.name;
  if (typeof name !== "string" || name === "")
    return error(io, "The parameter --name must be defined for action 'delete avd'");
  const home = avdHome(io.env);
  const avd = readAvdMetadata(home, name);
  if (!avd.exists) return error(io, `There is no Android Virtual Device named '${name}'.`);
  if (lockHolder(avd.path) !== undefined)
    return error(io, `AVD '${name}' is currently running in the Emulator; stop it before deleting it.`);
  io.out(`Deleting file ${join(home, `${name}.ini`)}\nDeleting folder ${avd.path}\n\n`);
  rmSync(join(home, `${name}.ini`), { force: true });
  if (existsSync(avd.path)) rmSync(avd.path, { recursive: true, force: true });
  io.out(`AVD '${name}' deleted.\n`);
  return 0;
}

function listAvds(argv: readonly string[], io: ToolIo): number {
  const home = avdHome(io.env);
  const names = listAvdNames(home);
  if (argv.includes("-c") || argv.includes("--compact")) {
    io.out(names.map((n) => `${n}\n`).join(""));
    return 0;
  }
  io.out("Available Android Virtual Devices:\n");
  io.out(
    names
      .map((name) => {
        const avd = readAvdMetadata(home, name);
        return (
          `    Name: ${name}\n  Device: ${avd.deviceProfile ?? "unknown"}\n    Path: ${avd.path}\n` +
          `  Target: ${avd.playStore ? "Google Play" : "Google APIs"}\n` +
          `          Based on: Android API ${avd.apiLevel ?? "?"} Tag/ABI: ` +
          `${avd.systemImage?.split(";").slice(2).join("/") ?? "?"}\n`
        );
      })
      .join("---------\n"),
  );
  return 0;
}

/**
 * The stand-in `avdmanager`: `create avd`, `delete avd`, `list avd`, `list device`, writing the ini files the real one
 * writes.
 */
export async function runAvdmanager(sdkRoot: string, argv: readonly string[], io: ToolIo): Promise<number> {
  const args = argv.filter((arg) => arg !== "-s" && arg !== "--silent" && arg !== "-v" && arg !== "--verbose");
  const [verb, noun, ...rest] = args;
  if (verb === "create" && noun === "avd") return createAvd(sdkRoot, rest, io);
  if (verb === "delete" && noun === "avd") return deleteAvd(rest, io);
  if (verb === "list" && (noun === "avd" || noun === undefined || noun?.startsWith("-")))
    return listAvds(noun === "avd" ? rest : args.slice(1), io);
  if (verb === "list" && noun === "device") {
    io.out(
      Object.keys(DEVICES)
        .map((id) =>
          rest.includes("-c") ? `${id}\n` : `id: "${id}"\n    Name: ${DEVICES[id]![0]}\n    OEM : Google\n---------\n`,
        )
        .join(""),
    );
    return 0;
  }
  io.err(
    "Usage:\n      avdmanager [global options] [action] [action options]\n\n" +
      "Valid actions are composed of a verb and an optional direct object:\n" +
      "-   list              : Lists existing targets or virtual devices.\n" +
      "-   list avd          : Lists existing Android Virtual Devices.\n" +
      "-   list device       : Lists existing devices.\n" +
      "-   create avd        : Creates a new Android Virtual Device.\n" +
      "-   delete avd        : Deletes an Android Virtual Device.\n",
  );
  return 1;
}
