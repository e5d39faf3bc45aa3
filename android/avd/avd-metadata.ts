import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, isAbsolute, join } from "node:path";
import { parseIni } from "./ini.ts";
import { PLAY_STORE_TAG, parseSystemImage } from "./system-image.ts";

/** What the ini files say about one AVD, normalized (docs/emulators.md#support-rule). */
export interface AvdMetadata {
  name: string;
  /** Whether `<name>.ini` exists. */
  exists: boolean;
  apiLevel: number | null;
  abi: string | null;
  playStore: boolean;
  deviceProfile: string | null;
  /** The system image's SDK package, `system-images;android-35;google_apis_playstore;x86_64`. */
  systemImage: string | null;
  /** The AVD's content directory (`<name>.avd`, holding config.ini). */
  path: string;
}

function readIni(path: string): Record<string, string> | undefined {
  try {
    return parseIni(readFileSync(path, "utf8"));
  } catch {
    return undefined;
  }
}

/** `<name>.ini` points at the content directory: `path` (absolute), else `path.rel` under the AVD home's parent. */
function contentDir(home: string, name: string, pointer: Record<string, string> | undefined): string {
  if (pointer?.path && isAbsolute(pointer.path) && existsSync(pointer.path)) return pointer.path;
  if (pointer?.["path.rel"]) {
    const relative = join(dirname(home), pointer["path.rel"]);
    if (existsSync(relative)) return relative;
  }
  return pointer?.path && isAbsolute(pointer.path) ? pointer.path : join(home, `${name}.avd`);
}

const TRUE = new Set(["true", "yes", "1"]);

/** Reads `<home>/<name>.ini` and the content directory's config.ini; `exists: false` when there is no AVD. */
export function readAvdMetadata(home: string, name: string): AvdMetadata {
  const pointer = readIni(join(home, `${name}.ini`));
  const path = contentDir(home, name, pointer);
  const config = pointer ? (readIni(join(path, "config.ini")) ?? {}) : {};
  const image = parseSystemImage(config["image.sysdir.1"] ?? "");
  const target = /^android-(\d+)$/.exec(pointer?.target ?? config.target ?? "");
  const apiLevel = image?.apiLevel ?? (target ? Number(target[1]) : null);
  const tag = config["tag.id"] ?? image?.tag;
  const playStore = TRUE.has((config["PlayStore.enabled"] ?? "").toLowerCase()) || tag === PLAY_STORE_TAG;
  return {
    name,
    exists: pointer !== undefined,
    apiLevel,
    abi: config["abi.type"] ?? image?.abi ?? null,
    playStore,
    deviceProfile: config["hw.device.name"] ?? null,
    systemImage: image?.package ?? null,
    path,
  };
}

/** Names of the AVDs in `home` (each `<name>.ini`), sorted. */
export function listAvdNames(home: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(home);
  } catch {
    return [];
  }
  return entries
    .filter((entry) => entry.endsWith(".ini"))
    .map((entry) => entry.slice(0, -".ini".length))
    .sort();
}
