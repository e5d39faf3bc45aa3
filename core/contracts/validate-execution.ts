import { ACTION_PARAMS, INTERNAL_ACTION_TYPES, type ActionType } from "./actions.ts";
import { ACTION_ALIASES } from "./aliases.ts";
import { ClawperatorError } from "./clawperator-error.ts";
import { ExecutionSchema, type Execution } from "./execution.ts";
import { formatPath, issueMessage, issuePath } from "./issue-message.ts";
import { LIMITS } from "./limits.ts";
import { nearest } from "./nearest.ts";

export interface ValidateOptions {
  /** Accept internal action types (doctor_ping). Only the doctor handshake sets this. */
  allowInternal?: boolean;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function fail(message: string, path: string, extra: Record<string, unknown> = {}): never {
  throw new ClawperatorError("EXECUTION_VALIDATION_FAILED", message, { details: { path, ...extra } });
}

/**
 * The path of the first value nested deeper than LIMITS.MAX_NESTING_DEPTH, or undefined. Iterative: the input
 * is whatever JSON.parse accepted (which does not recurse), and thousands of levels must not overflow the stack.
 */
function tooDeep(input: unknown): string | undefined {
  const pending: { value: unknown; depth: number; path: string }[] = [{ value: input, depth: 0, path: "" }];
  while (pending.length > 0) {
    const { value, depth, path } = pending.pop()!;
    if (typeof value !== "object" || value === null) continue;
    if (depth >= LIMITS.MAX_NESTING_DEPTH) return path;
    for (const [key, child] of Object.entries(value)) pending.push({ value: child, depth: depth + 1, path: path ? `${path}.${key}` : key });
  }
  return undefined;
}

/** Rewrites alias types to canonical ones (input only) and refuses types the runtime does not support. */
function canonicalizeActions(actions: unknown[], options: ValidateOptions): unknown[] {
  const supported = (Object.keys(ACTION_PARAMS) as ActionType[]).filter((t) => options.allowInternal || !INTERNAL_ACTION_TYPES.includes(t));
  return actions.map((action, index) => {
    if (!isRecord(action)) return action;
    if (typeof action.type !== "string") {
      const problem = action.type === undefined ? "is required" : `must be a string (got ${JSON.stringify(action.type)})`;
      fail(`actions.${index}.type ${problem}`, `actions.${index}.type`, { supported });
    }
    const alias = ACTION_ALIASES[action.type];
    if (alias) {
      const params = isRecord(action.params) ? action.params : action.params === undefined ? undefined : action.params;
      if (alias.params && params !== undefined && !isRecord(params)) return { ...action, type: alias.type };
      for (const [key, value] of Object.entries(alias.params ?? {})) {
        if (isRecord(params) && params[key] !== undefined && params[key] !== value) {
          fail(`${action.type} implies params.${key} ${JSON.stringify(value)} (got ${JSON.stringify(params[key])})`, `actions.${index}.params.${key}`);
        }
      }
      const merged = alias.params ? { ...(params as Record<string, unknown> | undefined), ...alias.params } : params;
      return { ...action, type: alias.type, ...(merged === undefined ? {} : { params: merged }) };
    }
    if (!(supported as string[]).includes(action.type)) {
      const suggestion = nearest(action.type, [...supported, ...Object.keys(ACTION_ALIASES)]);
      throw new ClawperatorError(
        "EXECUTION_ACTION_UNSUPPORTED",
        `actions.${index}.type "${action.type}" is not a supported action type${suggestion ? `; did you mean "${suggestion}"?` : ""}`,
        { hint: `Supported types: ${supported.join(", ")}`, details: { path: `actions.${index}.type`, type: action.type, supported } },
      );
    }
    return action;
  });
}

/**
 * Normalize → validate one execution. Returns the canonical execution (aliases resolved, nothing else added) or
 * throws EXECUTION_ACTION_UNSUPPORTED, EXECUTION_VALIDATION_FAILED (details.path like `actions.0.params.key`) or
 * PAYLOAD_TOO_LARGE (serialized canonical payload over 64,000 UTF-8 bytes).
 */
export function validateExecution(input: unknown, options: ValidateOptions = {}): Execution {
  if (!isRecord(input)) fail(`execution must be a JSON object (got ${Array.isArray(input) ? "an array" : input === null ? "null" : typeof input})`, "");
  const deep = tooDeep(input);
  if (deep !== undefined) {
    const shown = deep.split(".").slice(0, 6).join(".");
    fail(`${shown}${shown === deep ? "" : "..."} nests deeper than ${LIMITS.MAX_NESTING_DEPTH} levels`, shown, { maxDepth: LIMITS.MAX_NESTING_DEPTH });
  }
  const candidate = Array.isArray(input.actions) ? { ...input, actions: canonicalizeActions(input.actions, options) } : input;

  const bytes = payloadBytes(candidate);
  if (bytes > LIMITS.MAX_PAYLOAD_BYTES) {
    throw new ClawperatorError("PAYLOAD_TOO_LARGE", `execution payload is ${bytes} UTF-8 bytes; the limit is ${LIMITS.MAX_PAYLOAD_BYTES}`, {
      hint: "Split the work across several executions.",
      details: { bytes, limit: LIMITS.MAX_PAYLOAD_BYTES },
    });
  }

  const parsed = ExecutionSchema.safeParse(candidate);
  if (!parsed.success) {
    const label = (path: readonly PropertyKey[]) => {
      if (path[0] !== "actions" || typeof path[1] !== "number") return undefined;
      const action = (candidate.actions as unknown[])[path[1]];
      const type = isRecord(action) && typeof action.type === "string" ? action.type : `actions.${path[1]}`;
      return { label: type, rest: path.slice(2) };
    };
    const issues = parsed.error.issues.map((issue) => ({ path: formatPath(issuePath(issue)), message: issueMessage(issue, candidate, label) }));
    const [first] = issues;
    fail(first!.message, first!.path, { issues });
  }

  const execution = parsed.data as Execution;
  const seen = new Map<string, number>();
  execution.actions.forEach((action, index) => {
    const previous = seen.get(action.id);
    if (previous !== undefined) fail(`actions.${index}.id "${action.id}" repeats actions.${previous}.id; action ids must be unique`, `actions.${index}.id`);
    seen.set(action.id, index);
  });
  return execution;
}

/** UTF-8 size of the payload as it is dispatched (single-line JSON). */
export function payloadBytes(execution: unknown): number {
  return Buffer.byteLength(JSON.stringify(execution), "utf8");
}
