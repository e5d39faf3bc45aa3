import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOperatorDispatcher } from "../android/operator/operator-dispatcher.ts";
import { shellCommand } from "../android/operator/shell-quote.ts";
import { ClawperatorError } from "../core/contracts/clawperator-error.ts";
import { DeviceSchema } from "../core/contracts/device.ts";
import { DEFAULT_OPERATOR_PACKAGE, EXPECTED_FORMAT } from "../core/contracts/limits.ts";
import type { Lease, Transport } from "../core/services/transport.ts";

/** What the suite runs against: a transport and one device it reaches. */
export interface ConformanceTarget {
  transport: Transport;
  /** A connected device in state `device`. */
  serial: string;
  /**
   * The Operator APK's package on that device, to check the whole operator protocol over the transport
   * (`false` when the device has no Operator APK; default com.clawperator.operator).
   */
  operatorPackage?: string | false;
  /** An APK file the transport can install on the device (the install check is skipped without one). */
  apk?: string;
  /**
   * For a transport that leases devices (`acquire`/`release`): another instance of it, as another host or user
   * would run it, to check that a leased device is refused to others and free again once released.
   */
  rival?: Transport;
}

export interface ConformanceOptions {
  /** Builds the target before the suite; called once. */
  setup(): Promise<ConformanceTarget>;
  /** Stops what setup started. */
  teardown?(): Promise<void>;
  /** Per-check timeout (default 20 s). */
  timeoutMs?: number;
}

/** Strings that must reach the device byte for byte (docs/protocol.md#dispatch): sh syntax, quotes, newlines, emoji. */
export const HOSTILE_WORDS: readonly string[] = [
  "it's",
  '"double" quotes',
  "$(id)",
  "`id`",
  "a; echo injected",
  "a && false || true",
  "line one\nline two",
  "tab\tseparated",
  "back\\slash",
  "*.glob ? [x]",
  "€ 😀 中文 ✓",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell expansion the transport must deliver unexpanded
  "$HOME ${PATH}",
  "-n",
];

const nonce = () => randomBytes(6).toString("hex");

/**
 * The conformance suite a Transport author runs against their implementation, with vitest:
 *
 *   transportConformance("my farm transport", {
 *     setup: async () => ({ transport: new FarmTransport(), serial: "farm-7" }),
 *   });
 *
 * It checks what android/operator relies on: device listing, shell with exit codes and separate stderr, byte-exact
 * quoting, binary exec-out, live logcat streams that close, typed errors for unknown devices, file pulls (for a
 * transport that offers `pull`), and (with an Operator APK on the device) a whole `doctor_ping` execution through
 * the operator protocol over the transport. A transport that leases devices (`acquire`/`release`) has the target
 * leased around the whole suite, and its leasing checked (with `rival`: refused to others while held, free after).
 */
export function transportConformance(name: string, options: ConformanceOptions): void {
  describe(`Transport conformance: ${name}`, () => {
    let target: ConformanceTarget;
    const timeout = options.timeoutMs ?? 20_000;
    let lease: Lease | undefined;
    beforeAll(async () => {
      target = await options.setup();
      // A leasing transport's calls assume the lease is held, as the runtime holds it around them.
      lease = await target.transport.acquire?.(target.serial);
    }, timeout);
    afterAll(async () => {
      await target?.transport.release?.(target.serial);
      await options.teardown?.();
    }, timeout);

    it(
      "listDevices returns valid devices, the target among them in state `device`",
      async () => {
        const devices = await target.transport.listDevices();
        for (const device of devices) expect(DeviceSchema.safeParse(device).success, JSON.stringify(device)).toBe(true);
        expect(devices.find((d) => d.serial === target.serial)?.state).toBe("device");
      },
      timeout,
    );

    it(
      "shell returns stdout, stderr and the exit code separately",
      async () => {
        expect(await target.transport.shell(target.serial, "echo out; echo err >&2; exit 3")).toEqual({
          stdout: "out\n",
          stderr: "err\n",
          exitCode: 3,
        });
        expect((await target.transport.shell(target.serial, "true")).exitCode).toBe(0);
      },
      timeout,
    );

    it(
      "a quoted command line arrives byte for byte, and nothing in it runs",
      async () => {
        for (const word of HOSTILE_WORDS) {
          const result = await target.transport.shell(target.serial, shellCommand(["echo", "--", word]));
          expect(result.stdout, JSON.stringify(word)).toBe(`-- ${word}\n`);
        }
      },
      timeout,
    );

    it(
      "execOut returns binary output unchanged (a PNG from screencap -p)",
      async () => {
        const png = await target.transport.execOut(target.serial, "screencap -p");
        expect(Buffer.isBuffer(png)).toBe(true);
        expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
        expect(png.subarray(-8, -4).toString("latin1")).toBe("IEND");
      },
      timeout,
    );

    it(
      "logcat streams live lines after `ready`, and close() ends the iteration",
      async () => {
        const marker = `conformance-${nonce()}`;
        const stream = target.transport.logcat(target.serial, ["-v", "time", "-T", "1"]);
        await stream.ready;
        const seen = (async () => {
          for await (const line of stream) if (line.includes(marker)) return line;
          return undefined;
        })();
        await target.transport.shell(target.serial, shellCommand(["log", "-t", "Conformance", marker]));
        expect(await seen).toMatch(new RegExp(`I/Conformance\\(\\s*\\d+\\): ${marker}$`));
        await stream.close();
        const after = target.transport.logcat(target.serial, ["-v", "time", "-T", "1"]);
        await after.ready;
        await after.close();
        const lines: string[] = [];
        for await (const line of after) lines.push(line);
        expect(lines.length).toBeLessThan(100);
      },
      timeout,
    );

    it(
      "an unknown device is a ClawperatorError with a device code, not a hang or a crash",
      async () => {
        const serial = `no-such-device-${nonce()}`;
        for (const call of [
          () => target.transport.shell(serial, "echo"),
          () => target.transport.execOut(serial, "echo"),
        ]) {
          const error = await call().then(
            () => undefined,
            (e: unknown) => e,
          );
          expect(error).toBeInstanceOf(ClawperatorError);
          expect(["DEVICE_NOT_FOUND", "DEVICE_OFFLINE", "NO_DEVICES"]).toContain((error as ClawperatorError).code);
        }
      },
      timeout,
    );

    it(
      "an aborted call rejects instead of running on",
      async () => {
        const controller = new AbortController();
        const call = target.transport.shell(target.serial, "sleep 30", { signal: controller.signal });
        setImmediate(() => controller.abort());
        await expect(call).rejects.toBeDefined();
      },
      timeout,
    );

    it(
      "pull returns a file byte for byte, and a missing or too large file as a refusal (given pull)",
      async (ctx) => {
        const { transport, serial } = target;
        if (!transport.pull) return ctx.skip();
        const path = `/data/local/tmp/clawperator-conformance-${nonce()}`;
        const text = `${HOSTILE_WORDS.join("\n")}\n`;
        const written = await transport.shell(
          serial,
          `${shellCommand(["echo", "-n", text])} > ${shellCommand([path])}`,
        );
        expect(written.exitCode, written.stderr).toBe(0);
        try {
          expect(await transport.pull(serial, path)).toEqual({ ok: true, data: Buffer.from(text, "utf8") });
          const tooLarge = await transport.pull(serial, path, { maxBytes: 8 });
          expect(tooLarge.ok).toBe(false);
          const missing = await transport.pull(serial, `${path}-missing`);
          expect(missing.ok === false && missing.message.length > 0).toBe(true);
        } finally {
          await transport.shell(serial, shellCommand(["rm", "-f", path]));
        }
      },
      timeout,
    );

    it(
      "install puts an APK on the device (given one)",
      async (ctx) => {
        if (!target.apk) return ctx.skip();
        expect((await target.transport.install(target.serial, target.apk)).exitCode).toBe(0);
      },
      timeout,
    );

    it(
      "the whole operator protocol works over the transport: a doctor_ping execution returns its envelope",
      async (ctx) => {
        if (target.operatorPackage === false) return ctx.skip();
        const receiverPackage = target.operatorPackage ?? DEFAULT_OPERATOR_PACKAGE;
        const dispatcher = createOperatorDispatcher({ transport: target.transport });
        try {
          const commandId = `conformance-${nonce()}`;
          const outcome = await dispatcher.dispatch({
            execution: {
              commandId,
              taskId: "transport-conformance",
              source: "transport-conformance",
              expectedFormat: EXPECTED_FORMAT,
              timeoutMs: 10_000,
              actions: [{ id: "ping", type: "doctor_ping" }],
            },
            deviceId: target.serial,
            receiverPackage,
            preDispatch: [],
          });
          expect(outcome.envelope).toMatchObject({
            commandId,
            status: "success",
            stepResults: [{ id: "ping", actionType: "doctor_ping", success: true }],
          });
        } finally {
          await dispatcher.dispose();
        }
      },
      timeout,
    );

    it(
      "a leasing transport: acquire grants the device with a positive idle time, and no tries or wait it did not make",
      async (ctx) => {
        if (!target.transport.acquire) return ctx.skip();
        expect(target.transport.release, "a transport with acquire also has release").toBeTypeOf("function");
        expect(lease).toMatchObject({ serial: target.serial });
        expect(lease!.idleMs).toBeGreaterThan(0);
        expect(Number.isInteger(lease!.retries) && lease!.retries >= 0).toBe(true);
        expect(lease!.waitedMs).toBeGreaterThanOrEqual(0);
      },
      timeout,
    );

    it(
      "a leasing transport: a leased device is DEVICE_BUSY to a rival, and free to it once released",
      async (ctx) => {
        const { rival } = target;
        if (!target.transport.acquire || !rival?.acquire) return ctx.skip();
        const refused = await rival.acquire(target.serial).then(
          () => undefined,
          (error: unknown) => error,
        );
        expect(refused).toBeInstanceOf(ClawperatorError);
        expect((refused as ClawperatorError).code).toBe("DEVICE_BUSY");
        await target.transport.release!(target.serial);
        // Releasing twice, or a device never leased, is not an error.
        await target.transport.release!(target.serial);
        await rival.release?.(`${target.serial}-never-leased`);
        const taken = await rival.acquire(target.serial);
        expect(taken.serial).toBe(target.serial);
        await rival.release!(target.serial);
        lease = await target.transport.acquire(target.serial);
        const shell = await target.transport.shell(target.serial, "echo leased-again");
        expect(shell.stdout.trim()).toBe("leased-again");
      },
      timeout,
    );
  });
}
