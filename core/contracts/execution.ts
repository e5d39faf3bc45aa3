import { z } from "zod";
import { ActionSchema, type Action } from "./actions.ts";
import { EXPECTED_FORMAT, LIMITS } from "./limits.ts";
import { logUnsafeReason } from "./log-safe-id.ts";

/** The APK refuses blank ids and source (docs/protocol.md#action-params); the host refuses them before dispatch. */
const notBlank = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .refine((value) => value.trim() !== "", "must not be blank");
/** commandId and taskId: the device's log lines name them, so they hold nothing those lines cannot carry. */
const id = notBlank(LIMITS.MAX_ID_LENGTH).superRefine((value, ctx) => {
  const reason = logUnsafeReason(value);
  if (reason !== undefined) ctx.addIssue({ code: "custom", message: reason });
});

/** The execution payload (docs/execution.md#payload, docs/execution.md#limits). */
export const ExecutionSchema = z.strictObject({
  commandId: id,
  taskId: id,
  source: notBlank(LIMITS.MAX_SOURCE_LENGTH),
  expectedFormat: z.literal(EXPECTED_FORMAT),
  timeoutMs: z.number().int().min(LIMITS.MIN_EXECUTION_TIMEOUT_MS).max(LIMITS.MAX_EXECUTION_TIMEOUT_MS),
  actions: z.array(ActionSchema).min(1).max(LIMITS.MAX_EXECUTION_ACTIONS),
  mode: z.enum(["artifact_compiled", "direct"]).optional(),
});

export type Execution = Omit<z.infer<typeof ExecutionSchema>, "actions"> & { actions: Action[] };
export type ExecutionMode = NonNullable<Execution["mode"]>;
