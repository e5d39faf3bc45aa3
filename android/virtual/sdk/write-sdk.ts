import { chmodSync, existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { writeSdkConfig, type VirtualSdkConfig, type VirtualSdkConfigInput } from "./sdk-config.ts";
import { installPackage, knownPackage } from "./sdk-packages.ts";
import { SDK_TOOLS, type VirtualSdkTool } from "./run-sdk-tool.ts";

export interface WriteSdkOptions {
  /** URL of an ES module exporting `runSdkTool(tool, argv, sdkRoot)` that plain Node can import (built JavaScript). */
  entry: string;
  /** The Node binary the tools run with (default: this process's). */
  node?: string;
  config?: VirtualSdkConfigInput;
  /** Tools to leave out, to try the ANDROID_SDK_TOOL_MISSING path. */
  omit?: readonly VirtualSdkTool[];
  /** The real adb, linked as platform-tools/adb so the SDK looks complete. */
  adb?: string;
}

export interface WrittenSdk {
  root: string;
  tools: Record<VirtualSdkTool, string | null>;
  config: VirtualSdkConfig;
}

/** Where each tool sits in a real SDK, so ANDROID_HOME resolution finds the stand-ins where it finds real tools. */
const TOOL_PATHS: Record<VirtualSdkTool, string[]> = {
  sdkmanager: ["cmdline-tools", "latest", "bin", "sdkmanager"],
  avdmanager: ["cmdline-tools", "latest", "bin", "avdmanager"],
  emulator: ["emulator", "emulator"],
};

const shellQuote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

/**
 * Writes an Android SDK stand-in into `dir`: `sdkmanager`, `avdmanager` and `emulator` executables (small sh scripts
 * running this package's stand-ins with Node), the emulator and platform-tools packages marked installed, and the
 * behaviour switches in virtual-sdk.json. Writing again over the same folder updates it and keeps installed images.
 */
export function writeVirtualSdk(dir: string, options: WriteSdkOptions): WrittenSdk {
  const root = resolve(dir);
  mkdirSync(root, { recursive: true });
  const config = writeSdkConfig(root, options.config ?? {});
  const runner = join(root, ".clawperator", "run-tool.mjs");
  mkdirSync(join(root, ".clawperator"), { recursive: true });
  writeFileSync(
    runner,
    [
      "// Written by `clawperator virtual android-home`: runs one of the SDK stand-ins.",
      `const { runSdkTool } = await import(${JSON.stringify(options.entry)});`,
      "const [tool, ...argv] = process.argv.slice(2);",
      `process.exitCode = await runSdkTool(tool, argv, ${JSON.stringify(root)});`,
      "",
    ].join("\n"),
  );
  const node = options.node ?? process.execPath;
  const tools = {} as Record<VirtualSdkTool, string | null>;
  for (const tool of SDK_TOOLS) {
    const path = join(root, ...TOOL_PATHS[tool]);
    if (options.omit?.includes(tool)) {
      rmSync(path, { force: true });
      tools[tool] = null;
      continue;
    }
    mkdirSync(join(path, ".."), { recursive: true });
    writeFileSync(
      path,
      `#!/bin/sh\n# Clawperator virtual Android SDK: the ${tool} stand-in.\n` +
        `exec ${shellQuote(node)} ${shellQuote(runner)} ${tool} "$@"\n`,
    );
    chmodSync(path, 0o755);
    tools[tool] = path;
  }
  for (const id of ["emulator", "platform-tools"]) installPackage(root, knownPackage(id)!);
  const adbLink = join(root, "platform-tools", "adb");
  if (options.adb && !existsSync(adbLink)) symlinkSync(options.adb, adbLink);
  return { root, tools, config };
}
