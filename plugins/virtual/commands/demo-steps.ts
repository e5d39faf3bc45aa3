import { randomBytes } from "node:crypto";
import type { Action } from "../../../core/contracts/actions.ts";
import type { Execution } from "../../../core/contracts/execution.ts";
import { EXPECTED_FORMAT } from "../../../core/contracts/limits.ts";
import type { ExecutionRunner, RunExecutionResult } from "../../../core/execution/runner.ts";
import type { Transport } from "../../../core/services/transport.ts";
import { shellQuote } from "../../../android/operator/shell-quote.ts";

export const DEMO_APP = "com.clawperator.demo";
export const OPERATOR = "com.clawperator.operator";

export interface ReadinessCheck {
  check: string;
  ok: boolean;
  detail: string;
}

/** The doctor-like checks a real phone needs before executions work, asked of the device over adb. */
export async function readiness(transport: Transport, serial: string): Promise<ReadinessCheck[]> {
  const shell = async (command: string) => (await transport.shell(serial, command)).stdout.trim();
  const [devices, model, sdk, path, services] = await Promise.all([
    transport.listDevices(),
    shell("getprop ro.product.model"),
    shell("getprop ro.build.version.sdk"),
    shell(`pm path ${shellQuote(OPERATOR)}`),
    shell("settings get secure enabled_accessibility_services"),
  ]);
  const state = devices.find((d) => d.serial === serial)?.state ?? "missing";
  return [
    { check: "device", ok: state === "device", detail: `${serial} is ${state} (${model}, SDK ${sdk})` },
    {
      check: "operator installed",
      ok: path.startsWith("package:"),
      detail: path.startsWith("package:") ? `${OPERATOR} at ${path.slice(8)}` : `${OPERATOR} is not installed`,
    },
    {
      check: "accessibility service",
      ok: services.includes(`${OPERATOR}/`),
      detail: services.includes(`${OPERATOR}/`) ? "enabled" : "not enabled",
    },
  ];
}

export function demoExecution(kind: string, actions: Action[]): Execution {
  return {
    commandId: `demo-${kind}-${randomBytes(3).toString("hex")}`,
    taskId: "clawperator-demo",
    source: "clawperator-demo",
    expectedFormat: EXPECTED_FORMAT,
    timeoutMs: 30_000,
    actions,
  };
}

/** The demo's short task: open the demo app, search for a city, read the temperature it shows. */
export const searchAndRead = (): Execution =>
  demoExecution("task", [
    { id: "open", type: "open_app", params: { applicationId: DEMO_APP } },
    { id: "search", type: "enter_text", params: { matcher: { resourceId: `${DEMO_APP}:id/search` }, text: "Lisbon" } },
    { id: "temperature", type: "read_text", params: { matcher: { resourceId: `${DEMO_APP}:id/temperature` } } },
  ]);

export const run = (runner: ExecutionRunner, serial: string, execution: Execution): Promise<RunExecutionResult> =>
  runner.run({ execution, deviceId: serial, receiverPackage: OPERATOR });
