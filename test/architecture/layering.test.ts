import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative, sep } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/cli-paths.ts";

/**
 * The dependency rules of docs/design.md#dependency-rules, checked on every import of every source file (static,
 * dynamic, type-only and re-exports alike): each top-level folder may import only the folders listed for it.
 */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  core: [],
  config: ["core"],
  android: ["core", "config"],
  // A plugin reaches other plugins only through core's tokens and registries (checked separately below).
  plugins: ["core", "android", "plugins"],
  // The composition root: boots the kernel with the built-in plugin list.
  runtime: ["core", "config", "android", "plugins"],
  cli: ["core", "config", "runtime"],
  testing: ["core", "android"],
  "index.ts": ["core", "config", "runtime"],
  // A plugin of another host (OpenClaw), not of ours: a front end over the runtime, as cli is. Nothing imports it.
  "plugins/openclaw": ["core", "runtime"],
};
const FRONT_ENDS = ["plugins/openclaw"];

/**
 * Between android/'s folders: the Operator protocol rides on the adb client; the virtual device is an oracle of the
 * host side, so it never reuses the host's code (adb, hierarchy, operator) and keeps its own copy of the APK's
 * behaviour (android/virtual/protocol/, android/virtual/tree/), sharing only file formats (apk, avd). A folder not
 * listed imports no other.
 */
const ANDROID_ALLOWED: Readonly<Record<string, readonly string[]>> = {
  operator: ["adb"],
  virtual: ["apk", "avd"],
};
const SOURCE_ROOTS = Object.keys(ALLOWED).filter((root) => !FRONT_ENDS.includes(root));

function sourceFiles(root: string): string[] {
  const path = join(REPO_ROOT, root);
  if (root.endsWith(".ts")) return [path];
  return readdirSync(path, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.m?ts$/.test(entry.name) && !entry.name.endsWith(".d.ts"))
    .map((entry) => join(entry.parentPath, entry.name));
}

interface Edge {
  from: string;
  line: number;
  to: string;
}

/** Every relative import of a file, with its line, resolved to a path under the repository. */
function importsOf(file: string): Edge[] {
  const text = readFileSync(file, "utf8");
  const info = ts.preProcessFile(text, true, true);
  return info.importedFiles
    .filter((ref) => ref.fileName.startsWith("."))
    .map((ref) => ({
      from: relative(REPO_ROOT, file),
      line: ts.getLineAndCharacterOfPosition(ts.createSourceFile(file, text, ts.ScriptTarget.Latest), ref.pos).line + 1,
      to: relative(REPO_ROOT, normalize(join(dirname(file), ref.fileName))),
    }));
}

/** The layer of a path: its top-level folder, or the front end under plugins/ it belongs to. */
const top = (path: string) => {
  const posix = path.split(sep).join("/");
  return FRONT_ENDS.find((front) => posix.startsWith(`${front}/`)) ?? path.split(sep)[0]!;
};

function violations(edges: readonly Edge[]): string[] {
  const broken: string[] = [];
  for (const edge of edges) {
    const from = top(edge.from);
    const to = top(edge.to);
    if (from === "android" && to === "android") {
      const fromFolder = edge.from.split(sep)[1]!;
      const toFolder = edge.to.split(sep)[1]!;
      const allowed = ANDROID_ALLOWED[fromFolder] ?? [];
      if (fromFolder !== toFolder && !allowed.includes(toFolder))
        broken.push(
          `${edge.from}:${edge.line} imports ${edge.to} (android/${fromFolder}/ may import only ` +
            `${allowed.map((folder) => `android/${folder}/`).join(", ") || "itself"} of android/)`,
        );
      continue;
    }
    if (from === to && from !== "plugins") continue;
    const where = `${edge.from}:${edge.line} imports ${edge.to}`;
    if (!ALLOWED[from]!.includes(to)) {
      broken.push(`${where} (${from}/ may import only ${ALLOWED[from]!.join(", ") || "itself"})`);
      continue;
    }
    if (from === "plugins" && to === "plugins") {
      const [, fromPlugin] = edge.from.split(sep);
      const [, toPlugin] = edge.to.split(sep);
      // plugins/index.ts is the built-in list and may name every plugin's entry.
      if (fromPlugin !== toPlugin && fromPlugin !== "index.ts")
        broken.push(`${where} (a plugin never imports another plugin)`);
    }
  }
  return broken;
}

describe("layering (docs/design.md#dependency-rules)", () => {
  const edges = SOURCE_ROOTS.flatMap((root) => sourceFiles(root).flatMap(importsOf));

  it("every import of every source file points the allowed way", () => {
    expect(edges.length).toBeGreaterThan(500);
    expect(violations(edges)).toEqual([]);
  });

  it("the check catches each kind of break, naming file:line", () => {
    const fake = (from: string, to: string): Edge => ({
      from: from.split("/").join(sep),
      line: 7,
      to: to.split("/").join(sep),
    });
    expect(
      violations([
        fake("core/kernel/kernel.ts", "android/adb/adb-socket.ts"),
        fake("config/schema.ts", "plugins/index.ts"),
        fake("android/operator/x.ts", "plugins/adb/index.ts"),
        fake("plugins/virtual/commands/demo.ts", "plugins/operator/commands/x.ts"),
        fake("plugins/skills/index.ts", "cli/main.ts"),
        fake("cli/main.ts", "plugins/index.ts"),
        fake("plugins/index.ts", "plugins/adb/index.ts"),
        fake("plugins/openclaw/entry.ts", "runtime/tools/index.ts"),
        fake("plugins/openclaw/entry.ts", "plugins/skills/index.ts"),
        fake("runtime/boot.ts", "plugins/openclaw/entry.ts"),
        fake("android/virtual/virtual-device.ts", "android/operator/dispatch-script.ts"),
        fake("android/virtual/ui/screen-model.ts", "android/hierarchy/index.ts"),
        fake("android/virtual/sdk/emulator-tool.ts", "android/adb/server-address.ts"),
        fake("android/virtual/sdk/avdmanager.ts", "android/avd/ini.ts"),
        fake("android/virtual/ui/screen-model.ts", "android/virtual/tree/index.ts"),
        fake("android/operator/dispatch-script.ts", "android/adb/request-limit.ts"),
        fake("android/hierarchy/parse.ts", "android/virtual/tree/read-dump.ts"),
        fake("android/adb/adb-socket.ts", "android/operator/x.ts"),
      ]),
    ).toEqual(
      [
        "core/kernel/kernel.ts:7 imports android/adb/adb-socket.ts (core/ may import only itself)",
        "config/schema.ts:7 imports plugins/index.ts (config/ may import only core)",
        "android/operator/x.ts:7 imports plugins/adb/index.ts (android/ may import only core, config)",
        "plugins/virtual/commands/demo.ts:7 imports plugins/operator/commands/x.ts (a plugin never imports " +
          "another plugin)",
        "plugins/skills/index.ts:7 imports cli/main.ts (plugins/ may import only core, android, plugins)",
        "cli/main.ts:7 imports plugins/index.ts (cli/ may import only core, config, runtime)",
        "plugins/openclaw/entry.ts:7 imports plugins/skills/index.ts (plugins/openclaw/ may import only core, runtime)",
        "runtime/boot.ts:7 imports plugins/openclaw/entry.ts (runtime/ may import only core, config, android, plugins)",
        "android/virtual/virtual-device.ts:7 imports android/operator/dispatch-script.ts (android/virtual/ may " +
          "import only android/apk/, android/avd/ of android/)",
        "android/virtual/ui/screen-model.ts:7 imports android/hierarchy/index.ts (android/virtual/ may import only " +
          "android/apk/, android/avd/ of android/)",
        "android/virtual/sdk/emulator-tool.ts:7 imports android/adb/server-address.ts (android/virtual/ may import " +
          "only android/apk/, android/avd/ of android/)",
        "android/hierarchy/parse.ts:7 imports android/virtual/tree/read-dump.ts (android/hierarchy/ may import only " +
          "itself of android/)",
        "android/adb/adb-socket.ts:7 imports android/operator/x.ts (android/adb/ may import only itself of android/)",
      ].map((line) => line.split("/").join(sep)),
    );
  });
});
