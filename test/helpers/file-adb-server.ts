import { execa } from "execa";
import { afterAll } from "vitest";
import { freePort } from "./free-port.ts";

/**
 * A vitest setup file: each test file gets an adb server port of its own for the CLIs it starts without naming one
 * (run-cli.ts), never the machine's 5037, whose server scans the emulator ports where other files run emulators.
 * A server a CLI started there is stopped when the file ends.
 */
const port = String(await freePort());
process.env.CLAWPERATOR_TEST_ADB_PORT = port;

afterAll(async () => {
  await execa("adb", ["-P", port, "kill-server"], {
    reject: false,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin" },
    extendEnv: false,
  });
});
