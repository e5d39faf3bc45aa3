import { readdirSync } from "node:fs";
import { join } from "node:path";
import { isExecutable, pathCandidates } from "../../core/host/executables.ts";
import { ClawperatorError } from "../../core/contracts/clawperator-error.ts";

export type SdkTool = "adb" | "emulator" | "sdkmanager" | "avdmanager";

/** The variable that names a tool's binary directly, ahead of the SDK and PATH. */
export const TOOL_OVERRIDE: Record<SdkTool, string> = {
  adb: "ADB_PATH",
  emulator: "EMULATOR_PATH",
  sdkmanager: "SDKMANAGER_PATH",
  avdmanager: "AVDMANAGER_PATH",
};

/** cmdline-tools/latest first, then any other installed cmdline-tools version, then the legacy tools/ folder. */
function cmdlineToolCandidates(root: string, tool: string): string[] {
  let versions: string[] = [];
  try {
    versions = readdirSync(join(root, "cmdline-tools"))
      .filter((v) => v !== "latest")
      .sort()
      .reverse();
  } catch {
    // no cmdline-tools folder
  }
  return [
    join(root, "cmdline-tools", "latest", "bin", tool),
    ...versions.map((v) => join(root, "cmdline-tools", v, "bin", tool)),
    join(root, "tools", "bin", tool),
  ];
}

function sdkCandidates(root: string, tool: SdkTool): string[] {
  switch (tool) {
    case "adb":
      return [join(root, "platform-tools", "adb")];
    case "emulator":
      return [join(root, "emulator", "emulator")];
    default:
      return cmdlineToolCandidates(root, tool);
  }
}

const HINT =
  "Install the Android SDK (command-line tools, emulator, platform-tools) and set ANDROID_HOME, or point " +
  "ADB_PATH / EMULATOR_PATH / SDKMANAGER_PATH / AVDMANAGER_PATH at the binaries. To try the emulator flow " +
  "without an SDK: " +
  "`clawperator virtual android-home --out <dir>` and ANDROID_HOME=<dir>.";

/**
 * Finds an SDK tool: its override variable (which must then be executable), then ANDROID_HOME and ANDROID_SDK_ROOT,
 * then PATH. ANDROID_SDK_TOOL_MISSING names the tool and every place searched.
 */
export function resolveSdkTool(tool: SdkTool, env: NodeJS.ProcessEnv = process.env): string {
  const override = env[TOOL_OVERRIDE[tool]];
  if (override) {
    if (isExecutable(override)) return override;
    throw new ClawperatorError(
      "ANDROID_SDK_TOOL_MISSING",
      `${TOOL_OVERRIDE[tool]} points to ${override}, which is not an executable ${tool}`,
      {
        hint: HINT,
        details: { tool, searched: [override] },
      },
    );
  }
  const searched: string[] = [];
  const roots = [env.ANDROID_HOME, env.ANDROID_SDK_ROOT].filter((root): root is string => Boolean(root));
  for (const root of new Set(roots)) {
    for (const candidate of sdkCandidates(root, tool)) {
      searched.push(candidate);
      if (isExecutable(candidate)) return candidate;
    }
  }
  for (const candidate of pathCandidates(tool, env)) {
    searched.push(candidate);
    if (isExecutable(candidate)) return candidate;
  }
  throw new ClawperatorError("ANDROID_SDK_TOOL_MISSING", `the Android SDK tool \`${tool}\` was not found`, {
    hint: HINT,
    details: { tool, searched },
  });
}
