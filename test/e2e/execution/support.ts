import { randomBytes } from "node:crypto";
import { XMLValidator } from "fast-xml-parser";
import { expect } from "vitest";
import type { RunningVirtualDevice } from "../../../android/virtual/index.ts";

export const OPERATOR = "com.clawperator.operator";
export const SETTINGS = "com.android.settings";
export const DEMO = "com.clawperator.demo";
export const DEMO_IDS = {
  search: `${DEMO}:id/search`,
  units: `${DEMO}:id/units_toggle`,
  temperature: `${DEMO}:id/temperature`,
} as const;
/** The broadcast action the shipped Operator APK listens for (docs/protocol.md#dispatch). */
export const AGENT_ACTION = "app.clawperator.operator.ACTION_AGENT_COMMAND";
export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The keys of a CLI execution result (docs/execution.md#envelope, plus run metadata). */
export const RESULT_KEYS = ["deviceId", "envelope", "executionId", "mode", "ok", "terminalSource", "timings"];

/** An execution in the agent's input form; overrides may set any key, including ones the schema refuses. */
export interface ExecutionInput {
  commandId: string;
  taskId: string;
  actions: unknown[];
  [key: string]: unknown;
}

/** An execution in the agent's input form, with a commandId no other test uses. */
export function execution(actions: unknown[], overrides: Record<string, unknown> = {}): ExecutionInput {
  return {
    commandId: `e2e-${randomBytes(4).toString("hex")}`,
    taskId: "e2e-execution",
    source: "e2e-tests",
    expectedFormat: "android-ui-automator",
    timeoutMs: 15_000,
    actions,
    ...overrides,
  };
}

/** Asserts `xml` is one well-formed hierarchy_xml document and returns how many `<node>` elements it holds. */
export function hierarchyNodeCount(xml: string): number {
  expect(xml.startsWith("<?xml")).toBe(true);
  expect(XMLValidator.validate(xml)).toBe(true);
  expect(xml).toMatch(/<hierarchy rotation="\d"[^>]*>/);
  expect(xml.trimEnd().endsWith("</hierarchy>")).toBe(true);
  return xml.match(/<node\b/g)?.length ?? 0;
}

/** Values of one attribute over every `<node>` of a hierarchy, in document order. */
export function attributeValues(xml: string, attribute: string): string[] {
  const pattern = new RegExp(`<node\\b[^>]*?\\s${attribute}="([^"]*)"`, "g");
  return [...xml.matchAll(pattern)].map((m) => m[1]!);
}

export interface ReceivedCommand {
  commandId: string;
  taskId: string;
  actions: { id: string; type: string }[];
  timeoutMs: number;
}

/**
 * Registers a broadcast receiver for the operator's action on `packageName` inside the virtual device, the way an
 * installed APK would. `answer` gets each command and a writer to the device log (priority, message).
 */
export function registerReceiver(
  device: RunningVirtualDevice,
  packageName: string,
  answer: (command: ReceivedCommand, log: (priority: "D" | "I", message: string) => void) => void,
): () => void {
  const { state } = device.device;
  const log = (priority: "D" | "I", message: string) => state.log.write(priority, "E2eReceiver", message, 4_242);
  return state.receivers.register({
    packageName,
    action: AGENT_ACTION,
    onReceive: (extras) => answer(JSON.parse(extras.payload ?? "{}") as ReceivedCommand, log),
  });
}

/** Resolves with the first device log message that contains `text` (written from now on). */
export function nextLogLine(device: RunningVirtualDevice, text: string): Promise<string> {
  return new Promise((resolve) => {
    const unsubscribe = device.device.state.log.subscribe((entries) => {
      const entry = entries.find((e) => e.message.includes(text));
      if (!entry) return;
      unsubscribe();
      resolve(entry.message);
    });
  });
}

/**
 * Resolves with the first device-shell command line matching `pattern` that the device starts from now on (the adb
 * wire server hands every shell/exec command to the device's `services.run`).
 */
export function nextCommand(device: RunningVirtualDevice, pattern: RegExp): Promise<string> {
  const services = device.device.services;
  const run = services.run;
  return new Promise((resolve) => {
    services.run = (commandLine, session) => {
      if (pattern.test(commandLine)) {
        services.run = run;
        resolve(commandLine);
      }
      return run(commandLine, session);
    };
  });
}
