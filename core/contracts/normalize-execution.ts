import { ACTION_TYPES, ENUM_WORDS, INTERNAL_ACTION_TYPES, type ActionType } from "./action-types.ts";
import { ACTION_ALIASES } from "./aliases.ts";
import { ClawperatorError } from "./clawperator-error.ts";
import { nearest } from "./nearest.ts";
import { assertNestingDepth } from "./nesting-depth.ts";
import { ownValue } from "./own-key.ts";

// Input normalization shared by the full (zod) validator and the hot-path one; it loads no schema.

export interface ValidateOptions {
  /** Accept internal action types (doctor_ping). Only the doctor handshake sets this. */
  allowInternal?: boolean;
}

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

export function fail(message: string, path: string, extra: Record<string, unknown> = {}): never {
  throw new ClawperatorError("EXECUTION_VALIDATION_FAILED", message, { details: { path, ...extra } });
}

/** Enum words as the APK reads them: lower-cased, and its other spellings (`longclick`) sent as the canonical one. */
function normalizeWords(params: Record<string, unknown>): Record<string, unknown> {
  let out = params;
  for (const [key, words] of Object.entries(ENUM_WORDS)) {
    const value = params[key];
    if (typeof value !== "string") continue;
    const lower = value.toLowerCase();
    // Own words only: `constructor` is no enum word.
    const word = ownValue(words, lower);
    if (word !== undefined && word !== value) out = { ...out, [key]: word };
  }
  return out;
}

/**
 * scroll_and_click's target is called `matcher` by the APK; the spec's `target` stays accepted and is sent as
 * `matcher`.
 */
function targetAsMatcher(params: Record<string, unknown>, index: number): Record<string, unknown> {
  if (params.target === undefined) return params;
  if (params.matcher !== undefined)
    fail(
      `scroll_and_click takes params.matcher or its alias params.target, not both`,
      `actions.${index}.params.target`,
    );
  const { target, ...rest } = params;
  return { ...rest, matcher: target };
}

function canonicalAction(
  action: Record<string, unknown>,
  index: number,
  supported: readonly ActionType[],
): Record<string, unknown> {
  if (typeof action.type !== "string") {
    const problem = action.type === undefined ? "is required" : `must be a string (got ${JSON.stringify(action.type)})`;
    fail(`actions.${index}.type ${problem}`, `actions.${index}.type`, { supported });
  }
  // The APK lower-cases action types (not trimmed).
  const written = action.type.toLowerCase();
  // Own entries only: a type such as `constructor` or `__proto__` is unsupported, not an alias of Object's.
  const alias = ownValue(ACTION_ALIASES, written);
  let type = written;
  let params = action.params;
  if (alias) {
    type = alias.type;
    for (const [key, value] of Object.entries(alias.params ?? {})) {
      if (isRecord(params) && params[key] !== undefined && params[key] !== value) {
        fail(
          `${action.type} implies params.${key} ${JSON.stringify(value)} (got ${JSON.stringify(params[key])})`,
          `actions.${index}.params.${key}`,
        );
      }
    }
    if (alias.params && (params === undefined || isRecord(params))) params = { ...params, ...alias.params };
  } else if (!(supported as readonly string[]).includes(type)) {
    const suggestion = nearest(action.type, [...supported, ...Object.keys(ACTION_ALIASES)]);
    throw new ClawperatorError(
      "EXECUTION_ACTION_UNSUPPORTED",
      `actions.${index}.type "${action.type}" is not a supported action type` +
        `${suggestion ? `; did you mean "${suggestion}"?` : ""}`,
      {
        hint: `Supported types: ${supported.join(", ")}`,
        details: { path: `actions.${index}.type`, type: action.type, supported },
      },
    );
  }
  if (isRecord(params)) {
    params = normalizeWords(params);
    if (type === "scroll_and_click") params = targetAsMatcher(params as Record<string, unknown>, index);
  }
  if (type === action.type && params === action.params) return action;
  return { ...action, type, ...(params === undefined ? {} : { params }) };
}

/**
 * Rewrites alias types and spellings to the canonical ones (input only: the canonical form is what is stored,
 * logged and dispatched) and refuses types the runtime does not support. Returns the input unchanged when there
 * is nothing to rewrite.
 */
export function normalizeExecution(input: unknown, options: ValidateOptions): Record<string, unknown> {
  if (!isRecord(input))
    fail(
      `execution must be a JSON object (got ` +
        `${Array.isArray(input) ? "an array" : input === null ? "null" : typeof input})`,
      "",
    );
  assertNestingDepth(input);
  if (!Array.isArray(input.actions)) return input;
  const supported = ACTION_TYPES.filter((t) => options.allowInternal || !INTERNAL_ACTION_TYPES.includes(t));
  let changed = false;
  const actions = input.actions.map((action: unknown, index) => {
    if (!isRecord(action)) return action;
    const canonical = canonicalAction(action, index, supported);
    changed ||= canonical !== action;
    return canonical;
  });
  return changed ? { ...input, actions } : input;
}
