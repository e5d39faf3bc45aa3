import type { Execution } from "../../core/contracts/execution.ts";
import { EXPECTED_FORMAT } from "../../core/contracts/limits.ts";

/** The doctor handshake (docs/protocol.md#handshake): one `doctor_ping`, correlated like every execution. */
export function handshakeExecution(nowMs: number): Execution {
  return {
    commandId: `handshake-${nowMs}`,
    taskId: "doctor-handshake",
    source: "clawperator-doctor",
    expectedFormat: EXPECTED_FORMAT,
    timeoutMs: 5_000,
    actions: [{ id: "h1", type: "doctor_ping" }],
  };
}
