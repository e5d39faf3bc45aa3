import { createInterface } from "node:readline";
import { ClawperatorError, type Transport } from "clawperator";
import { execa, type Options } from "execa";

/** Devices of a lab that exposes an adb server on another host (`adb -H <host> -P <port>`). */
export function farmTransport(host: string, port: number): Transport {
  const argv = (args: string[]) => ["-H", host, "-P", String(port), ...args];
  const adb = async (args: string[], signal?: AbortSignal, encoding: Options["encoding"] = "utf8") => {
    const cancel = signal ? { cancelSignal: signal } : {};
    const result = await execa("adb", argv(args), { reject: false, stripFinalNewline: false, encoding, ...cancel });
    signal?.throwIfAborted();
    const missing = /device '(.*)' not found/.exec(Buffer.from(result.stderr as string).toString());
    if (missing) throw new ClawperatorError("DEVICE_NOT_FOUND", `farm ${host}:${port} has no device ${missing[1]}`);
    return result;
  };
  const text = async (args: string[], signal?: AbortSignal) => {
    const { stdout, stderr, exitCode } = await adb(args, signal);
    return { stdout: String(stdout), stderr: String(stderr), exitCode: exitCode ?? 1 };
  };
  return {
    name: "farm",
    listDevices: async () =>
      [...(await text(["devices"])).stdout.matchAll(/^(\S+)\t(\S+)$/gm)].map((m) => ({ serial: m[1]!, state: m[2]! })),
    shell: (serial, command, options) => text(["-s", serial, "shell", command], options?.signal),
    execOut: async (serial, command, options) =>
      Buffer.from((await adb(["-s", serial, "exec-out", command], options?.signal, "buffer")).stdout as Uint8Array),
    install: (serial, apk, options) => text(["-s", serial, "install", "-r", apk], options?.signal),
    logcat(serial, args) {
      const child = execa("adb", argv(["-s", serial, "logcat", ...args]), { buffer: false, reject: false });
      // adb gives no attach signal; `-T 1` replays the last line, so a line written while logcat attaches is not lost.
      const ready = new Promise<void>((resolve, reject) => child.once("spawn", resolve).once("error", reject));
      const it = createInterface({ input: child.stdout });
      return { ready, close: async () => void child.kill(), [Symbol.asyncIterator]: () => it[Symbol.asyncIterator]() };
    },
  };
}
