import { z } from "zod";
import { ACTION_PARAMS, ACTION_TYPE_ALIASES, type OperatorAction, type OperatorActionType } from "./command-params.ts";
import { integerIn, jsonObject, requiredText } from "./lenient-fields.ts";

const PAYLOAD_MAX_BYTES = 64_000;

/** One execution as the operator runs it: ids, the overall budget, and actions with every default applied. */
export interface OperatorCommand {
  commandId: string;
  taskId: string;
  source: string;
  timeoutMs: number;
  actions: OperatorAction[];
}

/** A refused payload carries the exception message the APK's parser throws (IllegalArgumentException). */
export type ParsedPayload = { ok: true; command: OperatorCommand } | { ok: false; message: string };

const CommandSchema = z.object({
  commandId: requiredText(128),
  taskId: requiredText(128),
  source: requiredText(64),
  timeoutMs: integerIn(30_000, 1_000, 120_000),
  actions: z.array(z.unknown(), { error: "is required" }).min(1, "must not be empty").max(64, "exceeds max size of 64"),
});

const ActionSchema = jsonObject(
  z.object({
    id: requiredText(128),
    type: requiredText(64),
    params: jsonObject(z.record(z.string(), z.unknown())).optional(),
  }),
);

/** The parser's message for the first problem: `key message` (the key is the innermost named field). */
function describe(error: z.ZodError): string {
  const [issue] = error.issues;
  const key = [...issue!.path].reverse().find((part) => typeof part === "string");
  return key === undefined ? issue!.message : `${String(key)} ${issue!.message}`;
}

class PayloadError extends Error {}

function parseAction(raw: unknown, index: number): OperatorAction {
  const action = ActionSchema.safeParse(raw);
  if (!action.success) throw new PayloadError(describe(action.error));
  const { id, type: rawType, params: rawParams } = action.data;
  const name = rawType.toLowerCase();
  const type = (Object.hasOwn(ACTION_PARAMS, name) ? name : ACTION_TYPE_ALIASES[name]) as
    | OperatorActionType
    | undefined;
  if (type === undefined) throw new PayloadError(`unsupported action type at index=${index}: ${rawType}`);
  const params = ACTION_PARAMS[type].safeParse(rawParams ?? {});
  if (!params.success) throw new PayloadError(describe(params.error));
  return { id, type, params: params.data } as OperatorAction;
}

/**
 * Reads an execution payload as the APK's AgentCommandParser does: unknown keys ignored, numbers clamped into range,
 * defaults applied; only what it cannot read (missing or blank ids, oversized text, an empty or over-long action
 * list, unknown action types or enum words, an oversized payload) is refused, with its message.
 */
export function parseCommandPayload(payload: string): ParsedPayload {
  try {
    if (payload.trim() === "") throw new PayloadError("payload must not be blank");
    if (Buffer.byteLength(payload) > PAYLOAD_MAX_BYTES)
      throw new PayloadError(`payload exceeds max size of ${PAYLOAD_MAX_BYTES} bytes`);
    let root: unknown;
    try {
      root = JSON.parse(payload);
    } catch (error) {
      throw new PayloadError(`Unexpected JSON token: ${(error as Error).message}`);
    }
    if (typeof root !== "object" || root === null || Array.isArray(root))
      throw new PayloadError("payload is not a JsonObject");
    const parsed = CommandSchema.safeParse(root);
    if (!parsed.success) throw new PayloadError(describe(parsed.error));
    const { commandId, taskId, source, timeoutMs } = parsed.data;
    return {
      ok: true,
      command: { commandId, taskId, source, timeoutMs, actions: parsed.data.actions.map(parseAction) },
    };
  } catch (error) {
    if (!(error instanceof PayloadError)) throw error;
    return { ok: false, message: error.message };
  }
}
