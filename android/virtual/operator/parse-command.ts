import { z } from "zod";
import { ACTION_PARAMS, ACTION_TYPE_ALIASES, type OperatorAction, type OperatorActionType } from "./command-params.ts";
import { integerIn, requiredText } from "./lenient-fields.ts";

const PAYLOAD_MAX_BYTES = 64_000;

/** One execution as the operator runs it: ids, the overall budget, and actions with every default applied. */
export interface OperatorCommand {
  commandId: string;
  taskId: string;
  timeoutMs: number;
  actions: OperatorAction[];
}

export type ParsedPayload =
  | { ok: true; command: OperatorCommand }
  | {
      ok: false;
      code: "EXECUTION_VALIDATION_FAILED" | "EXECUTION_ACTION_UNSUPPORTED";
      message: string;
      /** Ids recovered from a payload that could not be run, so the failure can still be correlated. */
      commandId?: string;
      taskId?: string;
    };

const CommandSchema = z.object({
  commandId: requiredText(128),
  taskId: requiredText(128),
  timeoutMs: integerIn(30_000, 1_000, 120_000),
  actions: z
    .array(z.object({ id: requiredText(128), type: requiredText(64), params: z.record(z.string(), z.unknown()).optional() }), { error: "is required" })
    .min(1, "must not be empty")
    .max(64, "exceeds max size of 64"),
});

const describeIssues = (error: z.ZodError, prefix: string): string =>
  error.issues.map((issue) => `${[prefix, ...issue.path].filter((p) => p !== "").join(".")}: ${issue.message}`).join("; ");

class PayloadError extends Error {
  constructor(
    readonly code: "EXECUTION_VALIDATION_FAILED" | "EXECUTION_ACTION_UNSUPPORTED",
    message: string,
  ) {
    super(message);
  }
}

function parseAction(raw: z.output<typeof CommandSchema>["actions"][number], index: number): OperatorAction {
  const name = raw.type.toLowerCase();
  const type = (Object.hasOwn(ACTION_PARAMS, name) ? name : ACTION_TYPE_ALIASES[name]) as OperatorActionType | undefined;
  if (type === undefined) throw new PayloadError("EXECUTION_ACTION_UNSUPPORTED", `unsupported action type at index=${index}: ${raw.type}`);
  const params = ACTION_PARAMS[type].safeParse(raw.params ?? {});
  if (!params.success) throw new PayloadError("EXECUTION_VALIDATION_FAILED", describeIssues(params.error, `actions.${index}.params`));
  return { id: raw.id, type, params: params.data } as OperatorAction;
}

/** commandId / taskId of a payload that failed to parse: from the JSON when it parsed, else by a scan of the text. */
function recoverIds(payload: string, root: unknown): { commandId?: string; taskId?: string } {
  const pick = (key: string): string | undefined => {
    const value = typeof root === "object" && root !== null ? (root as Record<string, unknown>)[key] : undefined;
    if (typeof value === "string" || typeof value === "number") return String(value);
    const literal = new RegExp(`"${key}"\\s*:\\s*("(?:[^"\\\\]|\\\\.)*")`).exec(payload)?.[1];
    if (literal === undefined) return undefined;
    try {
      return JSON.parse(literal) as string;
    } catch {
      return undefined;
    }
  };
  const commandId = pick("commandId");
  const taskId = pick("taskId");
  return { ...(commandId ? { commandId } : {}), ...(taskId !== undefined ? { taskId } : {}) };
}

/**
 * Reads an execution payload as the APK's AgentCommandParser does: unknown keys ignored, numbers clamped into range,
 * defaults applied; only missing ids, an empty action list, unknown action types or enum words and oversized
 * payloads are refused.
 */
export function parseCommandPayload(payload: string): ParsedPayload {
  let root: unknown;
  try {
    if (payload.trim() === "") throw new PayloadError("EXECUTION_VALIDATION_FAILED", "payload is required");
    if (Buffer.byteLength(payload) > PAYLOAD_MAX_BYTES) throw new PayloadError("EXECUTION_VALIDATION_FAILED", `payload exceeds ${PAYLOAD_MAX_BYTES} bytes`);
    try {
      root = JSON.parse(payload);
    } catch (error) {
      throw new PayloadError("EXECUTION_VALIDATION_FAILED", `payload is not JSON: ${(error as Error).message}`);
    }
    if (typeof root !== "object" || root === null || Array.isArray(root)) throw new PayloadError("EXECUTION_VALIDATION_FAILED", "payload is not a JSON object");
    const parsed = CommandSchema.safeParse(root);
    if (!parsed.success) throw new PayloadError("EXECUTION_VALIDATION_FAILED", describeIssues(parsed.error, ""));
    const { commandId, taskId, timeoutMs } = parsed.data;
    return { ok: true, command: { commandId, taskId, timeoutMs, actions: parsed.data.actions.map(parseAction) } };
  } catch (error) {
    if (!(error instanceof PayloadError)) throw error;
    return { ok: false, code: error.code, message: error.message, ...recoverIds(payload, root) };
  }
}
