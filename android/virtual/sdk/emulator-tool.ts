import { adbServerFromEnv } from "./adb-server-env.ts";
import { avdHome } from "../../avd/avd-home.ts";
import { listAvdNames, readAvdMetadata, type AvdMetadata } from "../../avd/avd-metadata.ts";
import type { Scenario } from "../scenario/scenario-types.ts";
import { lockAvd, lockHolder } from "./avd-lock.ts";
import type { VirtualSdkConfig } from "./sdk-config.ts";
import { EMULATOR_VERSION } from "./sdk-packages.ts";
import type { ToolIo } from "./tool-io.ts";

/** Options the real emulator takes that change nothing in the stand-in. */
const IGNORED_FLAGS = new Set([
  "-no-snapshot-load",
  "-no-snapshot-save",
  "-no-snapshot",
  "-no-boot-anim",
  "-no-window",
  "-no-audio",
  "-wipe-data",
  "-read-only",
  "-no-metrics",
  "-verbose",
  "-show-kernel",
  "-writable-system",
  "-no-qt",
  "-qt-hide-window",
  "-delay-adb",
  "-accel-check",
]);
const IGNORED_WITH_VALUE = new Set([
  "-gpu",
  "-memory",
  "-cores",
  "-netdelay",
  "-netspeed",
  "-camera-back",
  "-camera-front",
  "-feature",
  "-accel",
  "-skin",
  "-dns-server",
]);

const RELEASE_OF_API: Record<number, string> = {
  30: "11",
  31: "12",
  32: "12L",
  33: "13",
  34: "14",
  35: "15",
  36: "16",
};

/**
 * The scenario's device dressed as this AVD's emulator: its API level and ABI, qemu properties, the configured boot.
 */
function emulatorScenario(base: Scenario, avd: AvdMetadata, config: VirtualSdkConfig): Scenario {
  const abi = avd.abi ?? "x86_64";
  const sdk = avd.apiLevel ?? base.device.sdk;
  const arch = abi === "arm64-v8a" ? "arm64" : "x86_64";
  return {
    ...base,
    device: {
      ...base.device,
      sdk,
      release: RELEASE_OF_API[sdk] ?? base.device.release,
      model: `sdk_gphone64_${arch}`,
      product: `sdk_gphone64_${arch}`,
      device: `emu64${arch === "arm64" ? "a" : "x"}`,
      boot: { completeAfterMs: config.bootDelayMs },
      props: {
        ...base.device.props,
        "ro.kernel.qemu": "1",
        "ro.boot.qemu": "1",
        "ro.boot.qemu.avd_name": avd.name,
        "ro.build.characteristics": "emulator",
        "ro.product.cpu.abi": abi,
        "ro.product.cpu.abilist": abi,
      },
    },
  };
}

/**
 * Resolves on SIGTERM or SIGINT; a timer keeps the process alive meanwhile (signal listeners alone do not).
 * `cancel()` drops the timer and the listeners when the emulator stops another way (`adb emu kill`), so the
 * process can exit.
 */
function signalled(): { promise: Promise<void>; cancel(): void } {
  let cancel = (): void => undefined;
  const promise = new Promise<void>((resolve) => {
    const keepAlive = setInterval(() => undefined, 1 << 30);
    const done = () => {
      cancel();
      resolve();
    };
    cancel = () => {
      clearInterval(keepAlive);
      process.off("SIGTERM", done);
      process.off("SIGINT", done);
    };
    process.once("SIGTERM", done);
    process.once("SIGINT", done);
  });
  return { promise, cancel };
}

/** `emulator @name` / `-avd name`: a virtual device in emulator mode until `adb emu kill` or a signal. */
async function runAvd(sdkRoot: string, name: string, port: number | undefined, io: ToolIo): Promise<number> {
  const home = avdHome(io.env);
  const avd = readAvdMetadata(home, name);
  if (!avd.exists) {
    io.err(
      `PANIC: Unknown AVD name [${name}], use -list-avds to see valid list.\n` +
        `HOME is defined but there is no file ${name}.ini in ${home}\n`,
    );
    return 1;
  }
  const holder = lockHolder(avd.path);
  if (holder !== undefined) {
    io.err(
      `ERROR   | Running multiple emulators with the same AVD is an experimental feature. (AVD ${name} is in ` +
        `use by pid ${holder})\n`,
    );
    return 1;
  }
  // Loaded here, not at the top: `-list-avds` and `-version` must not pay for the virtual device.
  const [{ readSdkConfig }, { loadScenario }, { startVirtualDevice }] = await Promise.all([
    import("./sdk-config.ts"),
    import("../scenario/load-scenario.ts"),
    import("../start-virtual-device.ts"),
  ]);
  const config = readSdkConfig(sdkRoot);
  const unlock = lockAvd(avd.path);
  try {
    io.out(
      `INFO    | Android emulator version ${EMULATOR_VERSION}.0 (Clawperator virtual SDK)\n` +
        `INFO    | Starting AVD ${name} (${avd.systemImage ?? "unknown image"})\n`,
    );
    if (!config.register) {
      // The failure path of a start that never registers: alive, but adb never hears of it.
      io.out("INFO    | virtual SDK: register is false; this emulator will not register with adb\n");
      await signalled().promise;
      return 0;
    }
    const scenario = emulatorScenario(await loadScenario(config.scenario), avd, config);
    const device = await startVirtualDevice({
      scenario,
      emulator: true,
      avdName: name,
      adbServer: adbServerFromEnv(io.env),
      ...(port === undefined ? {} : { port }),
      ...(io.env.HOME ? { home: io.env.HOME } : {}),
    });
    io.out(`INFO    | Emulator console on port ${device.consolePort}, adb on port ${device.port}: ${device.serial}\n`);
    void device.device.state.whenBootCompleted().then(() => io.out("INFO    | Boot completed\n"));
    const signal = signalled();
    await Promise.race([device.stopped, signal.promise]);
    signal.cancel();
    await device.stop();
    io.out("INFO    | Emulator stopped\n");
    return 0;
  } finally {
    unlock();
  }
}

/** The stand-in `emulator`: `-list-avds`, `-version`, and `@name` / `-avd name` with the real one's start options. */
export async function runEmulator(sdkRoot: string, argv: readonly string[], io: ToolIo): Promise<number> {
  let avdName: string | undefined;
  let port: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "-list-avds") {
      io.out(
        listAvdNames(avdHome(io.env))
          .map((n) => `${n}\n`)
          .join(""),
      );
      return 0;
    }
    if (arg === "-version") {
      io.out(`Android emulator version ${EMULATOR_VERSION}.0 (build_id virtual) (CL:N/A)\n`);
      return 0;
    }
    if (arg.startsWith("@")) avdName = arg.slice(1);
    else if (arg === "-avd") avdName = argv[++i];
    else if (arg === "-port") port = Number(argv[++i]);
    else if (IGNORED_WITH_VALUE.has(arg)) i++;
    else if (!IGNORED_FLAGS.has(arg)) io.err(`WARNING | the virtual emulator ignores option ${arg}\n`);
  }
  if (avdName === undefined || avdName === "") {
    io.err("ERROR   | No AVD specified. Use '@foo' or '-avd foo' to launch a virtual device named 'foo'\n");
    return 1;
  }
  if (port !== undefined && (!Number.isInteger(port) || port < 5554 || port > 5682 || port % 2 !== 0)) {
    io.err(`ERROR   | -port must be an even console port in 5554-5682 (got ${port})\n`);
    return 1;
  }
  // -port names the console port; the device's adb port is the one above it.
  return runAvd(sdkRoot, avdName, port === undefined ? undefined : port + 1, io);
}
