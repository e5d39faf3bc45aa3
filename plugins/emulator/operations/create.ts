import { systemImagePackage, type EmulatorProfile } from "../../../android/avd/index.ts";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { checkAvdName, describeAvd } from "../catalog.ts";
import type { EmulatorContext } from "../emulator-context.ts";
import { outputTail, type ToolResult } from "../tool-runner.ts";
import type { CreateOptions, EmulatorAvd } from "../types.ts";

/** Package ids in the first column of `sdkmanager --list_installed`'s table. */
export function installedPackages(listing: string): Set<string> {
  return new Set(
    listing
      .split(/\r?\n/)
      .map((line) => line.split("|")[0]!.trim())
      .filter((id) => id !== "" && !id.includes(" ")),
  );
}

function imageFailure(step: string, image: string, result: ToolResult): ClawperatorError {
  return new ClawperatorError(
    "ANDROID_SYSTEM_IMAGE_INSTALL_FAILED",
    `${step} failed for ${image}: ${outputTail(result, 3) || `exit ${result.exitCode}`}`,
    {
      hint: "Run the sdkmanager command yourself to see the whole output; a proxy or a full disk are common causes.",
      details: { systemImage: image, command: result.command, exitCode: result.exitCode, output: outputTail(result) },
    },
  );
}

/** Installs the system image unless `sdkmanager --list_installed` shows it, accepting the SDK licenses first. */
async function ensureSystemImage(ctx: EmulatorContext, image: string): Promise<void> {
  const listed = await ctx.tools.run("sdkmanager", ["--list_installed"], { timeoutMs: 120_000 });
  if (listed.exitCode === 0 && installedPackages(listed.stdout).has(image)) return;
  ctx.progress.phase("accepting the Android SDK licenses");
  const licenses = await ctx.tools.run("sdkmanager", ["--licenses"], { input: "y\n".repeat(64), timeoutMs: 120_000 });
  if (licenses.exitCode !== 0) throw imageFailure("sdkmanager --licenses", image, licenses);
  ctx.progress.phase(`installing ${image}`);
  // Downloads take minutes on a slow link; the tool's own failure is what ends it.
  const install = await ctx.tools.run("sdkmanager", [image], { input: "y\n".repeat(16), timeoutMs: 3_600_000 });
  if (install.exitCode !== 0) throw imageFailure(`sdkmanager "${image}"`, image, install);
}

export function profileOf(ctx: EmulatorContext, options: CreateOptions): EmulatorProfile {
  return {
    avdName: options.name ?? ctx.profile.avdName,
    apiLevel: options.apiLevel ?? ctx.profile.apiLevel,
    playStore: options.playStore ?? ctx.profile.playStore,
    abi: options.abi ?? ctx.profile.abi,
    deviceProfile: options.deviceProfile ?? ctx.profile.deviceProfile,
  };
}

/** `emulator create`: ensures the system image, then `avdmanager create avd`; an existing AVD is never replaced. */
export async function createAvd(ctx: EmulatorContext, options: CreateOptions = {}): Promise<EmulatorAvd> {
  const profile = profileOf(ctx, options);
  checkAvdName(profile.avdName);
  ctx.tools.path("sdkmanager");
  ctx.tools.path("avdmanager");
  if (describeAvd(ctx, profile.avdName, new Set()).exists) {
    // ANDROID_AVD_CREATE_FAILED is "AVD creation failed"; EMULATOR_CREATE_FAILED is reserved
    // (docs/errors.md#emulators).
    throw new ClawperatorError("ANDROID_AVD_CREATE_FAILED", `an AVD named "${profile.avdName}" already exists`, {
      hint: `Start it with \`clawperator emulator start ${profile.avdName}\`, delete it first, or pass another --name.`,
      details: { name: profile.avdName, reason: "exists" },
    });
  }
  const image = systemImagePackage(profile);
  await ensureSystemImage(ctx, image);
  ctx.progress.phase(`creating AVD ${profile.avdName} (${image}, ${profile.deviceProfile})`);
  const args = [
    "create",
    "avd",
    "--force",
    "--name",
    profile.avdName,
    "--package",
    image,
    "--device",
    profile.deviceProfile,
  ];
  // avdmanager asks whether to create a custom hardware profile; the answer is no.
  const result = await ctx.tools.run("avdmanager", args, { input: "no\n", timeoutMs: 120_000 });
  const avd = describeAvd(ctx, profile.avdName, new Set());
  if (result.exitCode !== 0 || !avd.exists) {
    throw new ClawperatorError(
      "ANDROID_AVD_CREATE_FAILED",
      `avdmanager could not create "${profile.avdName}": ${outputTail(result, 3) || `exit ${result.exitCode}`}`,
      {
        details: {
          name: profile.avdName,
          systemImage: image,
          command: result.command,
          exitCode: result.exitCode,
          output: outputTail(result),
        },
      },
    );
  }
  return avd;
}
