import type { VirtualSession } from "../../helpers/virtual-session.ts";

export const INITIALIZE = {
  jsonrpc: "2.0",
  id: "init",
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
};

const NO_ANSWER_MS = 15_000;

export interface RawStdio {
  /** Writes one line (a string as is, anything else as JSON). */
  send(line: unknown): void;
  /** The messages read from stdout so far, parsed (a line that is not JSON fails the test). */
  readonly messages: unknown[];
  /** Resolves with the first message (or batch answer) `match` accepts, as stdout brings it. */
  next(match: (message: unknown) => boolean): Promise<unknown>;
  /** Sends a line and resolves with the next message stdout brings after it. */
  answer(line: unknown): Promise<unknown>;
  readonly stderr: () => string;
  /** Ends stdin (the client leaves) and resolves with the exit code. */
  leave(): Promise<number | undefined>;
  readonly exited: Promise<number | undefined>;
  readonly pid: number;
}

/** `clawperator mcp` driven line by line, as a client that may send anything: initialized before it returns. */
export async function rawStdio(session: VirtualSession, args: readonly string[] = []): Promise<RawStdio> {
  const child = session.spawn(["mcp", ...args], { stdin: "pipe" });
  const messages: unknown[] = [];
  const waiting = new Set<{ match: (m: unknown) => boolean; resolve: (m: unknown) => void }>();
  let buffer = "";
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  child.stdout!.on("data", (chunk: Buffer) => {
    buffer += chunk.toString();
    for (let at = buffer.indexOf("\n"); at >= 0; at = buffer.indexOf("\n")) {
      const message: unknown = JSON.parse(buffer.slice(0, at));
      buffer = buffer.slice(at + 1);
      messages.push(message);
      for (const wait of waiting)
        if (wait.match(message)) {
          waiting.delete(wait);
          wait.resolve(message);
        }
    }
  });
  const exited = child.then((result) => result.exitCode);
  const raw: RawStdio = {
    send: (line) => child.stdin!.write(`${typeof line === "string" ? line : JSON.stringify(line)}\n`),
    messages,
    next: (match) =>
      new Promise((resolve, reject) => {
        const found = messages.find(match);
        if (found !== undefined) return resolve(found);
        const wait = { match, resolve };
        waiting.add(wait);
        void exited.then(() => reject(new Error(`mcp exited before the answer; stderr:\n${stderr}`)));
        // A hang detector: the server answers within milliseconds; a line it drops unanswered fails here.
        setTimeout(() => {
          if (waiting.delete(wait)) reject(new Error(`no answer within ${NO_ANSWER_MS} ms; stderr:\n${stderr}`));
        }, NO_ANSWER_MS).unref();
      }),
    answer: (line) => {
      const seen = messages.length;
      raw.send(line);
      return raw.next((message) => messages.indexOf(message) >= seen);
    },
    stderr: () => stderr,
    leave: async () => {
      child.stdin!.end();
      return exited;
    },
    exited,
    pid: child.pid!,
  };
  raw.send(INITIALIZE);
  await raw.next((m) => (m as { id?: unknown }).id === "init");
  raw.send({ jsonrpc: "2.0", method: "notifications/initialized" });
  return raw;
}

/** The answer to the request `id`. */
export const answerTo = (id: unknown) => (message: unknown) =>
  !Array.isArray(message) && (message as { id?: unknown }).id === id;
