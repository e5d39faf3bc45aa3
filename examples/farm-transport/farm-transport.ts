import { createInterface } from "node:readline";
import { ClawperatorError, type LineStream, type Transport } from "clawperator";
import { execa, type Options } from "execa";

/** Devices of a lab that exposes an adb server on another host (`adb -H <host> -P <port>`). */
export function farmTransport(host: string, port: number): Transport {
  const adb = (args: string[], options: Options = {}) =>
    execa("adb", ["-H", host, "-P", String(port), ...args], { reject: false, stripFinalNewline: false, ...options });
  const checked = async <R extends { stderr: unknown }>(call: Promise<R>, signal?: AbortSignal): Promise<R> => {
    const result = await call;
    signal?.throwIfAborted();
    const missing = /device '(.*)' not found/.exec(Buffer.from(result.stderr as string).toString());
    if (missing) throw new ClawperatorError("DEVICE_NOT_FOUND", `farm ${host}:${port} has no device ${missing[1]}`);
    return result;
  };
  const text = async (args: string[], signal?: AbortSignal) => {
    const { stdout, stderr, exitCode } = await checked(adb(args, signal ? { cancelSignal: signal } : {}), signal);
    return { stdout: String(stdout), stderr: String(stderr), exitCode: exitCode ?? 1 };
  };
  return {
    name: "farm",
    async listDevices() {
      const rows = (await text(["devices"])).stdout
        .split("\n")
        .slice(1)
        .filter((row) => row.includes("\t"));
      return rows.map((row) => ({ serial: row.split("\t")[0]!, state: row.split("\t")[1]! }));
    },
    shell: (serial, command, options) => text(["-s", serial, "shell", command], options?.signal),
    execOut: async (serial, command, options) =>
      Buffer.from(
        (
          await checked(
            adb(["-s", serial, "exec-out", command], {
              encoding: "buffer",
              ...(options?.signal ? { cancelSignal: options.signal } : {}),
            }),
            options?.signal,
          )
        ).stdout as Uint8Array,
      ),
    install: (serial, apk, options) => text(["-s", serial, "install", "-r", apk], options?.signal),
    logcat(serial, args): LineStream {
      const child = adb(["-s", serial, "logcat", ...args], { buffer: false });
      const lines = createInterface({ input: child.stdout! });
      // adb gives no attach signal; `-T 1` replays the last line, so a line written while logcat attaches is not lost.
      const ready = new Promise<void>((resolve, reject) => child.once("spawn", resolve).once("error", reject));
      return {
        ready,
        close: async () => void child.kill(),
        [Symbol.asyncIterator]: () => lines[Symbol.asyncIterator](),
      };
    },
  };
}
