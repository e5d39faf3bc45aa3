import { execa } from "execa";
import { RUNTIME_ARG, SPARE_ARG } from "./request.ts";

/** How long a new runtime may take to boot and listen before the call runs in process instead. */
const READY_TIMEOUT_MS = 10_000;

/**
 * Starts this user's warm runtime, detached (its own session: a Ctrl-C in the terminal reaches the client, never
 * the runtime), and waits until it listens. Answers true, or why it could not.
 */
export async function startRuntime(binPath: string): Promise<true | string> {
  const runtime = execa(process.execPath, [binPath, RUNTIME_ARG], {
    cwd: "/",
    detached: true,
    cleanup: false,
    stdio: "ignore",
    ipc: true,
    reject: false,
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      runtime.getOneMessage().then((message) => (message === "ready" ? true : String(message))),
      runtime.then((result) => `it exited (${result.exitCode ?? result.signal})`),
      new Promise<string>((resolve) => {
        timer = setTimeout(() => resolve("it did not start in time"), READY_TIMEOUT_MS);
      }),
    ]);
  } catch (error) {
    return (error as Error).message;
  } finally {
    clearTimeout(timer);
    if (runtime.connected) runtime.disconnect();
    runtime.unref();
  }
}

/**
 * Starts a spare MCP server for the next `clawperator mcp`, detached, in this process's directory and environment
 * (which it boots a kernel for), and does not wait: the session at hand is served meanwhile. One that finds a spare
 * already listening exits at once.
 */
export function startSpare(binPath: string): void {
  execa(process.execPath, [binPath, SPARE_ARG], {
    detached: true,
    cleanup: false,
    stdio: "ignore",
    reject: false,
  }).unref();
}
