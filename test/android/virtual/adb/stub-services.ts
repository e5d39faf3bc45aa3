import { setTimeout as delay } from "node:timers/promises";
import type { DeviceServices, ShellSession } from "../../../../android/virtual/adb/index.ts";

export interface RunRecord {
  commandLine: string;
  stdin: Buffer;
  aborted: boolean;
  finished: boolean;
}

/** Deterministic bytes for the large-output command: 1.5 MB that a truncation or reordering would change. */
export function bigOutput(): Buffer {
  const bytes = Buffer.alloc(1_500_000);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31 + (i >> 12)) & 0xff;
  return bytes;
}

const ALL_BYTES = Buffer.from(Array.from({ length: 256 }, (_, i) => i));

async function readAll(session: ShellSession): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of session.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function readExactly(session: ShellSession, size: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of session.stdin) {
    chunks.push(chunk as Buffer);
    total += (chunk as Buffer).length;
    if (total >= size) break;
  }
  return Buffer.concat(chunks);
}

/** A device with a handful of commands; every run is recorded so tests can see what reached the device. */
export class StubServices implements DeviceServices {
  readonly runs: RunRecord[] = [];
  private readonly waiters: Array<() => void> = [];

  banner() {
    return { name: "vproduct", model: "Virtual_Pixel", device: "vdevice" };
  }

  /** Resolves once a run whose command line starts with `prefix` has both started and ended. */
  async settled(prefix: string): Promise<RunRecord> {
    for (;;) {
      const record = this.runs.find((run) => run.commandLine.startsWith(prefix) && run.finished);
      if (record) return record;
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  async run(commandLine: string, session: ShellSession): Promise<number> {
    const record: RunRecord = { commandLine, stdin: Buffer.alloc(0), aborted: false, finished: false };
    this.runs.push(record);
    try {
      return await this.execute(commandLine, session, record);
    } finally {
      record.aborted = session.signal.aborted;
      record.finished = true;
      for (const wake of this.waiters.splice(0)) wake();
    }
  }

  private async execute(commandLine: string, session: ShellSession, record: RunRecord): Promise<number> {
    const [command = "", ...args] = commandLine.split(" ");
    switch (command) {
      case "echo":
        session.stdout(`${args.join(" ")}\n`);
        return 0;
      case "exit":
        return Number(args[0]);
      case "fail":
        session.stdout("to stdout\n");
        session.stderr("to stderr\n");
        return 3;
      case "bytes":
        session.stdout(ALL_BYTES);
        return 0;
      case "big":
        session.stdout(bigOutput());
        return 0;
      case "cat":
        record.stdin = await readAll(session);
        session.stdout(record.stdin);
        return 0;
      case "stream":
        return this.streamUntilAborted(session);
      case "cmd": {
        // `cmd package 'install' '-r' -S <bytes>`: the APK follows on stdin, exactly -S bytes long.
        const size = Number(args[args.indexOf("-S") + 1]);
        record.stdin = await readExactly(session, size);
        session.stdout("Success\n");
        return 0;
      }
      default:
        session.stderr(`/system/bin/sh: ${command}: inaccessible or not found\n`);
        return 127;
    }
  }

  /** Writes a line every few milliseconds until the client goes away, like `logcat` following the log. */
  private async streamUntilAborted(session: ShellSession): Promise<number> {
    let line = 0;
    while (!session.signal.aborted) {
      session.stdout(`line ${line++}\n`);
      await delay(5, undefined, { signal: session.signal }).catch(() => undefined);
    }
    return 0;
  }
}
