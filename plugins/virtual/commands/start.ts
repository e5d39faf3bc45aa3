import { createWriteStream, mkdirSync, openSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { serverAddress } from "../../../android/adb/server-address.ts";
import { startVirtualDevice } from "../../../android/virtual/index.ts";
import { loadScenario } from "../../../android/virtual/scenario/load-scenario.ts";
import { BUILTIN_SCENARIOS } from "../../../android/virtual/scenario/builtin/index.ts";
import { ScenarioError } from "../../../android/virtual/scenario/scenario-error.ts";
import type { Scenario } from "../../../android/virtual/scenario/scenario-types.ts";
import { ClawperatorError, type ClawperatorErrorShape } from "../../../core/contracts/clawperator-error.ts";
import { defineCommandHandler } from "../../../core/kernel/index.ts";
import { startArgs } from "../command-args.ts";
import { Transport } from "../../../core/services/transport.ts";
import { adbConnect, adbDisconnect, waitForDevice } from "../adb-server.ts";
import { logDir, removeRecord, saveRecord, type VirtualDeviceRecord } from "../registry.ts";

/** The first complete JSON value the child printed: its one-line record, or its (multi-line) error. */
function parseChildOutput(text: string): VirtualDeviceRecord | ClawperatorErrorShape | undefined {
  const firstLine = text.slice(0, text.indexOf("\n") + 1 || undefined);
  for (const candidate of [firstLine, text]) {
    try {
      return JSON.parse(candidate) as VirtualDeviceRecord | ClawperatorErrorShape;
    } catch {
      // not complete yet
    }
  }
  return undefined;
}

/** Runs `virtual start` again without --detach in a background process; returns once it printed its record. */
async function startDetached(argv: readonly string[]): Promise<VirtualDeviceRecord> {
  mkdirSync(logDir(), { recursive: true, mode: 0o700 });
  const log = join(logDir(), `device-${Date.now()}-${process.pid}.log`);
  // A stream with a file descriptor is handed to the child as is, not piped through this process, so the
  // device keeps logging after this process has exited.
  const logFile = createWriteStream(log, { fd: openSync(log, "a", 0o600) });
  const child = execa(process.execPath, [process.argv[1]!, "virtual", "start", ...argv, "--output", "json"], {
    detached: true,
    stdin: "ignore",
    stdout: "pipe",
    stderr: logFile,
    reject: false,
    buffer: false,
  });
  logFile.close();
  const result = await new Promise<VirtualDeviceRecord | ClawperatorErrorShape | undefined>((resolve) => {
    let text = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      const parsed = parseChildOutput(text);
      if (parsed) resolve(parsed);
    });
    void child.then(() => resolve(parseChildOutput(text)));
  });
  child.stdout!.destroy();
  child.unref();
  if (result && "code" in result) {
    throw new ClawperatorError(result.code, result.message, {
      ...(result.hint ? { hint: result.hint } : {}),
      details: { ...result.details, log },
    });
  }
  if (!result)
    throw new ClawperatorError("INTERNAL_ERROR", "the virtual device exited before it was ready", { details: { log } });
  // Recorded with its log, so that `virtual stop` can remove a log the device never wrote to.
  const record = { ...result, log };
  saveRecord(record);
  return record;
}

/**
 * A built-in scenario or a scenario file; a bad one is the user's to fix, so it is a USAGE error naming every problem.
 */
async function scenarioOf(nameOrPath: string): Promise<Scenario> {
  try {
    return await loadScenario(nameOrPath);
  } catch (error) {
    if (!(error instanceof ScenarioError)) throw error;
    throw new ClawperatorError("USAGE", error.message, {
      hint: `Use a built-in scenario (${Object.keys(BUILTIN_SCENARIOS).join(", ")}) or fix the scenario file.`,
      details: { scenario: error.origin, issues: error.issues },
    });
  }
}

function parsePort(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65_535)
    throw new ClawperatorError("USAGE", `--port must be a TCP port (got ${value})`);
  return port;
}

/** `virtual start`: a virtual device reached through the real adb server, running until SIGTERM/SIGINT. */
const start = defineCommandHandler(startArgs, {
  async run(args, { services, logger, globals }) {
    if (args.detach) {
      // Check what can be checked here, so mistakes surface without a background process.
      parsePort(args.port);
      await scenarioOf(args.scenario ?? "default");
      return startDetached([
        "--scenario",
        args.scenario ?? "default",
        ...(args.port === undefined ? [] : ["--port", args.port]),
        ...(args.emulator ? ["--emulator"] : []),
        ...(args.unauthorized ? ["--unauthorized"] : []),
        ...(globals.configPath === undefined ? [] : ["--config", globals.configPath]),
      ]);
    }
    const port = parsePort(args.port);
    const scenario = await scenarioOf(args.scenario ?? "default");

    // Starting the adb server (if needed) goes through the transport, which knows where adb is.
    await services.resolve(Transport).listDevices();
    const address = serverAddress();
    const device = await startVirtualDevice({
      scenario,
      ...(port === undefined ? {} : { port }),
      emulator: Boolean(args.emulator),
      authorized: !args.unauthorized,
      adbServer: address,
    });
    const target = `127.0.0.1:${device.port}`;
    if (!args.emulator) await adbConnect(address, target, { authorized: !args.unauthorized });
    if (!args.unauthorized) await waitForDevice(address, device.serial);

    const record: VirtualDeviceRecord = {
      serial: device.serial,
      pid: process.pid,
      port: device.port,
      scenario: device.scenario,
      emulator: Boolean(args.emulator),
      adbServerPort: address.port,
      startedAt: new Date().toISOString(),
      ...(device.consolePort === undefined ? {} : { consolePort: device.consolePort }),
    };
    saveRecord(record);
    process.stdout.write(globals.output === "json" ? `${JSON.stringify(record)}\n` : `${record.serial}\n`);
    logger.progress(
      `virtual device ${device.serial} is running (scenario ${device.scenario}); stop it with Ctrl-C or ` +
        `\`clawperator virtual stop ${device.serial}\``,
    );

    const signalled = new Promise<void>((resolve) => {
      const onSignal = () => resolve();
      process.once("SIGTERM", onSignal);
      process.once("SIGINT", onSignal);
    });
    await Promise.race([signalled, device.stopped]);
    if (!args.emulator) await adbDisconnect(address, target);
    await device.stop();
    removeRecord(device.serial);
    return undefined;
  },
  // Detached, the record; in the foreground the device printed its own lines and there is nothing to render.
  pretty: (result) => result?.serial ?? "",
});

export default start;
