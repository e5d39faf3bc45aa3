import { lstat, open, readFile } from "node:fs/promises";
import { resolve } from "node:path";
import type { z } from "zod";
import {
  AppInput,
  AppsListInput,
  InstallInput,
  KeyInput,
  LogsInput,
  RotationInput,
  SwipeInput,
} from "../../../core/contracts/device-control.ts";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { formatPath, issueMessage, issuePath } from "../../../core/contracts/issue-message.ts";
import type { DeviceLocks } from "../../../core/execution/device-lock.ts";
import { selectDevice } from "../../../core/execution/resolve-device.ts";
import { randomUuid } from "../../../core/host/random.ts";
import type { AgentViews } from "../../../core/services/agent-views.ts";
import { type DeviceLeases, isPoolSerial } from "../../../core/services/device-leases.ts";
import type { DeviceCallOptions, DeviceControl } from "../../../core/services/device-control.ts";
import type { Transport } from "../../../core/services/transport.ts";
import { readApkManifest } from "../../../android/apk/read-apk-manifest.ts";
import { parsePackageList } from "../../../android/operator/package-list.ts";
import { shellCommand } from "../../../android/operator/shell-quote.ts";
import { INFO_SCRIPT, parseInfo, parseRotation, ROTATION_OF, ROTATION_SCRIPT } from "./facts.ts";
import { keyCode } from "./key-codes.ts";
import { logcatCommand, ownLinesOut, sinceEpoch } from "./logs.ts";
import { swipeCommand } from "./swipe.ts";

export interface DeviceControlDeps {
  transport: () => Transport;
  locks: DeviceLocks;
  /** The configured default device. */
  deviceId?: string;
  /** The agent views, when the operator plugin is there: refs for gestures, and staleness after a change. */
  views: () => AgentViews | undefined;
  /** A farm's leases: a pool serial (`stf:any`) is leased first, so the lock and the answer are the chosen device's. */
  leases?: () => DeviceLeases;
}

function parse<S extends z.ZodType>(tool: string, schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const path = formatPath(issuePath(issue)) || "(input)";
  throw new ClawperatorError("EXECUTION_VALIDATION_FAILED", `${tool}: ${path}: ${issueMessage(issue, input)}`, {
    details: { path },
  });
}

const shellFailed = (what: string, deviceId: string, out: { stderr: string; stdout: string; exitCode: number }) =>
  new ClawperatorError(
    "DEVICE_SHELL_UNAVAILABLE",
    `${what} failed on ${deviceId}: ${(out.stderr || out.stdout).trim() || `exit ${out.exitCode}`}`,
    { details: { deviceId } },
  );

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** An APK path an agent gave: a regular file (not a link) that is an APK, so no other host file goes to a device. */
async function checkedApk(path: string): Promise<{ path: string; package: string }> {
  const absolute = resolve(path);
  const refuse = (why: string) =>
    new ClawperatorError("INVALID_PATH", `apk: ${path} ${why}`, { details: { path: "apk" } });
  const stat = await lstat(absolute).catch(() => undefined);
  if (!stat) throw refuse("does not exist");
  if (!stat.isFile()) throw refuse("is not a regular file (a symbolic link or a directory is refused)");
  const file = await open(absolute, "r");
  const head = Buffer.alloc(4);
  try {
    await file.read(head, 0, 4, 0);
  } finally {
    await file.close();
  }
  if (!head.equals(ZIP_MAGIC)) throw refuse("is not an APK (no ZIP signature)");
  try {
    const manifest = await readApkManifest(await readFile(absolute));
    return { path: absolute, package: manifest.package };
  } catch (error) {
    throw refuse(`is not an APK: ${(error as Error).message}`);
  }
}

/** The DeviceControl service over a Transport; each call holds the device's lock while it talks to the device. */
export function createDeviceControl(deps: DeviceControlDeps): DeviceControl {
  const device = async (options: DeviceCallOptions) =>
    options.deviceId ?? deps.deviceId ?? selectDevice(await deps.transport().listDevices(), undefined);

  /** Runs `work` on the device with its lock held; `acts`: it may change the screen (earlier refs go stale). */
  const withDevice = async <T>(
    name: string,
    options: DeviceCallOptions,
    acts: boolean,
    work: (deviceId: string, transport: Transport) => Promise<T>,
  ): Promise<T> => {
    let deviceId = await device(options);
    const leases = isPoolSerial(deviceId) ? deps.leases?.() : undefined;
    const lease = await leases?.hold(deviceId);
    if (lease) deviceId = lease.serial;
    try {
      const lock = deps.locks.acquire(deviceId, { executionId: randomUuid(), commandId: `device-${name}` });
      try {
        if (acts) deps.views()?.noteActed(deviceId);
        return await work(deviceId, deps.transport());
      } finally {
        lock.release();
      }
    } finally {
      if (lease) await leases?.done(deviceId);
    }
  };

  const shell = async (transport: Transport, deviceId: string, what: string, command: string) => {
    const out = await transport.shell(deviceId, command, { timeoutMs: 30_000 });
    if (out.exitCode !== 0) throw shellFailed(what, deviceId, out);
    return out.stdout;
  };

  return {
    async key(raw, options = {}) {
      const input = parse("key", KeyInput, raw);
      const { name, code } = keyCode(input.key);
      return withDevice("key", options, true, async (deviceId, transport) => {
        const words = ["input", "keyevent", ...(input.longPress ? ["--longpress"] : []), String(code)];
        await shell(transport, deviceId, "input keyevent", shellCommand(words));
        return { deviceId, key: name, code };
      });
    },

    async swipe(raw, options = {}) {
      const input = parse("swipe", SwipeInput, raw);
      const located = input.ref ? await deps.views()?.locate(input.ref, options) : undefined;
      if (input.ref && !located) {
        throw new ClawperatorError("REF_NOT_FOUND", `ref ${input.ref}: no agent views here to take it from`);
      }
      const target = located ? { ...options, deviceId: located.deviceId } : options;
      return withDevice("swipe", target, true, async (deviceId, transport) => {
        const command = swipeCommand(input, located);
        await shell(transport, deviceId, "input swipe", command);
        return { deviceId, command };
      });
    },

    async rotation(raw, options = {}) {
      const input = parse("rotation", RotationInput, raw);
      return withDevice("rotation", options, input.set !== undefined, async (deviceId, transport) => {
        if (input.set === "auto") {
          await shell(transport, deviceId, "settings put", "settings put system accelerometer_rotation 1");
        } else if (input.set !== undefined) {
          await shell(
            transport,
            deviceId,
            "settings put",
            `settings put system accelerometer_rotation 0; settings put system user_rotation ${ROTATION_OF[input.set]}`,
          );
        }
        return { deviceId, ...parseRotation(await shell(transport, deviceId, "settings get", ROTATION_SCRIPT)) };
      });
    },

    async apps(raw, options = {}) {
      const input = parse("apps", AppsListInput, raw);
      return withDevice("apps", options, false, async (deviceId, transport) => {
        const out = await shell(
          transport,
          deviceId,
          "pm list packages",
          `pm list packages${input.thirdParty ? " -3" : ""}`,
        );
        return { deviceId, packages: parsePackageList(out) };
      });
    },

    async install(raw, options = {}) {
      const input = parse("install", InstallInput, raw);
      const apk = await checkedApk(input.apk);
      return withDevice("install", options, true, async (deviceId, transport) => {
        const out = await transport.install(deviceId, apk.path, { timeoutMs: 120_000 });
        if (out.exitCode !== 0 || !/\bSuccess\b/.test(out.stdout)) {
          throw new ClawperatorError(
            "ANDROID_INSTALL_FAILED",
            `installing ${apk.package} on ${deviceId} failed: ${(out.stdout + out.stderr).trim() || `exit ${out.exitCode}`}`,
            { details: { deviceId, package: apk.package } },
          );
        }
        return { deviceId, package: apk.package };
      });
    },

    async uninstall(raw, options = {}) {
      const input = parse("uninstall", AppInput, raw);
      return withDevice("uninstall", options, true, async (deviceId, transport) => {
        const out = await transport.shell(deviceId, shellCommand(["pm", "uninstall", input.package]));
        if (!/\bSuccess\b/.test(out.stdout)) {
          throw new ClawperatorError(
            "APP_NOT_FOUND",
            `${input.package} could not be uninstalled from ${deviceId}: ${(out.stdout + out.stderr).trim()}`,
            { hint: "List what is installed: clawperator apps list.", details: { deviceId, package: input.package } },
          );
        }
        return { deviceId, package: input.package };
      });
    },

    async launch(raw, options = {}) {
      const input = parse("launch", AppInput, raw);
      return withDevice("launch", options, true, async (deviceId, transport) => {
        const words = ["monkey", "-p", input.package, "-c", "android.intent.category.LAUNCHER", "1"];
        const out = await transport.shell(deviceId, shellCommand(words));
        if (out.exitCode !== 0 || /No activities found|monkey aborted/.test(out.stdout + out.stderr)) {
          throw new ClawperatorError(
            "APP_NOT_FOUND",
            `${input.package} has no launcher activity on ${deviceId} (is it installed?)`,
            { hint: "List what is installed: clawperator apps list.", details: { deviceId, package: input.package } },
          );
        }
        return { deviceId, package: input.package };
      });
    },

    async logs(raw, options = {}) {
      const input = parse("logs", LogsInput, raw);
      return withDevice("logs", options, false, async (deviceId, transport) => {
        let pid: number | undefined;
        if (input.package !== undefined) {
          const out = await transport.shell(deviceId, shellCommand(["pidof", input.package]));
          pid = Number(out.stdout.trim().split(/\s+/)[0]);
          if (!Number.isInteger(pid) || pid <= 0) return { deviceId, lines: [], truncated: false };
        }
        let since: number | undefined;
        if (input.since !== undefined) {
          const now = Number((await shell(transport, deviceId, "date", "date +%s")).trim());
          since = sinceEpoch(input.since, now);
        }
        const out = await transport.shell(deviceId, logcatCommand(input, pid, since), { timeoutMs: 30_000 });
        if (out.exitCode !== 0) {
          throw new ClawperatorError("LOGCAT_UNAVAILABLE", `logcat failed on ${deviceId}: ${out.stderr.trim()}`, {
            details: { deviceId },
          });
        }
        return { deviceId, ...ownLinesOut(out.stdout, input.lines) };
      });
    },

    async info(options = {}) {
      return withDevice("info", options, false, async (deviceId, transport) =>
        parseInfo(deviceId, await shell(transport, deviceId, "getprop", INFO_SCRIPT)),
      );
    },

    async screenshot(options = {}) {
      return withDevice("screenshot", options, false, async (deviceId, transport) => {
        const png = Buffer.from(await transport.execOut(deviceId, "screencap -p"));
        if (png.length === 0) {
          throw new ClawperatorError("UNSUPPORTED_RUNTIME_SCREENSHOT", `screencap returned nothing on ${deviceId}`);
        }
        return { deviceId, png };
      });
    },
  };
}
