import { z } from "zod";

/** One step's result as the Operator APK reports it; every data value is a string. */
export const StepResultSchema = z.object({
  id: z.string(),
  actionType: z.string(),
  success: z.boolean(),
  data: z.record(z.string(), z.string()).default({}),
  error: z.string().optional(),
});

/** The `[Clawperator-Result]` envelope (docs/execution.md#envelope). Lenient on extra keys: APK versions add fields. */
export const ResultEnvelopeSchema = z.object({
  commandId: z.string(),
  taskId: z.string(),
  status: z.enum(["success", "failed"]),
  stepResults: z.array(StepResultSchema).default([]),
  error: z.string().nullable().default(null),
  errorCode: z.string().nullable().optional(),
  /** Added by the host, never by the APK: what to do about a SERVICE_UNAVAILABLE envelope. */
  hint: z.string().optional(),
});

export type StepResult = z.infer<typeof StepResultSchema>;
export type ResultEnvelope = z.infer<typeof ResultEnvelopeSchema>;

export { RESULT_PREFIX } from "./result-prefix.ts";
