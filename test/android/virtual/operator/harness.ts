import { expect } from "vitest";
import { RESULT_PREFIX, type ResultEnvelope } from "../../../../core/contracts/envelope.ts";
import type { UiHierarchy } from "../../../../android/hierarchy/index.ts";
import type { DeviceLogWriter, LogPriority } from "../../../../android/virtual/device/log-types.ts";
import { createVirtualOperator, type VirtualOperatorDeps } from "../../../../android/virtual/operator/index.ts";
import type { Clock } from "../../../../core/host/clock.ts";
import { VirtualFileSystem } from "../../../../android/virtual/device/virtual-fs.ts";
import { FakeUi } from "./fake-ui.ts";

export interface LogRecord {
  priority: LogPriority;
  tag: string;
  message: string;
  pid: number | undefined;
}

export class LogRecorder implements DeviceLogWriter {
  readonly records: LogRecord[] = [];

  write(priority: LogPriority, tag: string, message: string, pid?: number): void {
    // Plain check rather than expect(): snapshots write hundreds of records and the cost test times them.
    if (message.includes("\n")) throw new Error(`log record with a line break: ${JSON.stringify(message)}`);
    this.records.push({ priority, tag, message, pid });
  }

  writeLines(priority: LogPriority, tag: string, lines: readonly string[], pid?: number): void {
    for (const line of lines) this.write(priority, tag, line, pid);
  }

  resultLines(): LogRecord[] {
    return this.records.filter((r) => r.message.startsWith(RESULT_PREFIX));
  }

  /** The one result envelope, parsed; fails the test if there is not exactly one. */
  envelope(): ResultEnvelope {
    const lines = this.resultLines();
    expect(lines).toHaveLength(1);
    return JSON.parse(lines[0]!.message.slice(RESULT_PREFIX.length)) as ResultEnvelope;
  }
}

/** Time that passes only when the operator waits: every wait is recorded and completes at once. */
export class VirtualClock implements Clock {
  time = 1_000;
  readonly sleeps: number[] = [];

  now(): number {
    return this.time;
  }

  async sleep(ms: number, signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    this.sleeps.push(ms);
    this.time += ms;
  }
}

export interface Device {
  ui: FakeUi;
  log: LogRecorder;
  clock: VirtualClock;
  fs: VirtualFileSystem;
  operator: ReturnType<typeof createVirtualOperator>;
}

export function createDevice(hierarchy: UiHierarchy, overrides: Partial<VirtualOperatorDeps> = {}): Device {
  const ui = new FakeUi(hierarchy);
  const log = new LogRecorder();
  const clock = new VirtualClock();
  const fs = new VirtualFileSystem(() => clock.now());
  const operator = createVirtualOperator({
    packageName: "com.clawperator.operator.dev",
    ui,
    log,
    fs,
    clock,
    pid: 4242,
    accessibilityEnabled: () => true,
    deviceFacts: () => ({ developerOptionsEnabled: true, usbDebuggingEnabled: false }),
    ...overrides,
  });
  return { ui, log, clock, fs, operator };
}

export interface ActionInput {
  id?: string;
  type: string;
  params?: Record<string, unknown>;
}

export const payload = (actions: ActionInput[], extra: Record<string, unknown> = {}): string =>
  JSON.stringify({
    commandId: "cmd-1",
    taskId: "task-1",
    source: "test",
    expectedFormat: "android-ui-automator",
    timeoutMs: 120_000,
    actions: actions.map((action, i) => ({ id: action.id ?? `a${i + 1}`, ...action })),
    ...extra,
  });

/** Sends one execution to the device and waits for it to finish; returns its envelope. */
export async function execute(
  device: Device,
  actions: ActionInput[],
  extra?: Record<string, unknown>,
): Promise<ResultEnvelope> {
  device.operator.handleCommand(payload(actions, extra));
  await device.operator.idle();
  return device.log.envelope();
}
