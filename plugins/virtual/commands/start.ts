import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { serverAddress } from "../../../android/adb/server-address.ts";
import { startVirtualDevice } from "../../../android/virtual/index.ts";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import type { CommandHandler } from "../../../core/kernel/index.ts";
import { Transport } from "../../../core/services/transport.ts";
import { adbConnect, adbDisconnect, waitForDevice } from "../adb-server.ts";
import { logDir, removeRecord, saveRecord, type VirtualDeviceRecord } from "../registry.ts";

interface StartArgs {
  scenario?: string;
  port?: string;
  emulator?: boolean;
  detach?: boolean;
  unauthorized?: boolean;
}

/** Runs `virtual start` again without --detach in a background process; returns once it printed its record. */
async function startDetached(argv: readonly string[]): Promise<VirtualDeviceRecord> {
  const log = join(logDir(), `device-${Date.now()}-${process.pid}.log`);
  mkdirSync(logDir(), { recursive: true });
  const child = execa(process.execPath, [process.argv[1]!, "virtual", "start", ...argv, "--output", "json"], {
    detached: true, stdin: "ignore", stdout: "pipe", stderr: { file: log }, reject: false, buffer: false,
  });
  const line = await new Promise<string | undefined>((resolve) => {
    let text = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes("\n")) resolve(text.slice(0, text.indexOf("\n")));
    });
    void child.then(() => resolve(undefined));
  });
  child.stdout!.destroy();
  child.unref();
  const record = line === undefined ? undefined : (JSON.parse(line) as VirtualDeviceRecord | { code: string; message: string });
  if (!record || "code" in record) {
    throw new ClawperatorError("INTERNAL_ERROR", `the virtual device did not start: ${record ? record.message : "it exited"}`, { details: { log } });
  }
  return { ...record, log };
}

/** `virtual start`: a virtual device reached through the real adb server, running until SIGTERM/SIGINT. */
const start: CommandHandler<StartArgs> = {
  async run({ args, services, logger, globals }) {
    if (args.detach) {
      const forwarded = process.argv.slice(process.argv.indexOf("start") + 1).filter((a) => a !== "--detach");
      return startDetached(forwarded);
    }
    const port = args.port === undefined ? undefined : Number(args.port);
    if (port !== undefined && (!Number.isInteger(port) || port < 1 || port > 65_535)) throw new ClawperatorError("USAGE", `--port must be a TCP port (got ${args.port})`);

    // Starting the adb server (if needed) goes through the transport, which knows where adb is.
    await services.resolve<Transport>(Transport).listDevices();
    const address = serverAddress();
    const device = await startVirtualDevice({
      scenario: args.scenario ?? "default",
      ...(port === undefined ? {} : { port }),
      emulator: Boolean(args.emulator),
      authorized: !args.unauthorized,
      adbServer: address,
    });
    const target = `127.0.0.1:${device.port}`;
    if (!args.emulator) await adbConnect(address, target, { authorized: !args.unauthorized });
    if (!args.unauthorized) await waitForDevice(address, device.serial);

    const record: VirtualDeviceRecord = {
      serial: device.serial, pid: process.pid, port: device.port, scenario: device.scenario, emulator: Boolean(args.emulator),
      adbServerPort: address.port, startedAt: new Date().toISOString(),
      ...(device.consolePort === undefined ? {} : { consolePort: device.consolePort }),
    };
    saveRecord(record);
    process.stdout.write(globals.output === "json" ? `${JSON.stringify(record)}\n` : `${record.serial}\n`);
    logger.progress(`virtual device ${device.serial} is running (scenario ${device.scenario}); stop it with Ctrl-C or \`clawperator virtual stop ${device.serial}\``);

    await new Promise<void>((resolve) => {
      const onSignal = () => resolve();
      process.once("SIGTERM", onSignal);
      process.once("SIGINT", onSignal);
      device.stopped.then(resolve);
    });
    if (!args.emulator) await adbDisconnect(address, target);
    await device.stop();
    removeRecord(device.serial);
    return undefined;
  },
};

export default start;
