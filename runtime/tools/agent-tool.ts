import { z } from "zod";
import { ClawperatorError } from "../../core/contracts/clawperator-error.ts";
import { formatPath, issueMessage, issuePath } from "../../core/contracts/issue-message.ts";
import type { JsonSchema, ToolCallOptions, ToolHints, ToolOutput } from "../../core/services/agent-tools.ts";
import type { Clawperator } from "../create-clawperator.ts";

export type { JsonSchema, ToolHints, ToolOutput };

export interface ToolContext extends ToolCallOptions {
  /** The runtime; created on first use and kept for the front end's lifetime. */
  clawperator(): Promise<Clawperator>;
}

/**
 * One tool of the catalogue, independent of any agent protocol: a front end adapts `parameters` and `run` to
 * its own registration and result format.
 */
export interface AgentTool {
  name: string;
  description: string;
  /** JSON Schema of the input, generated from the zod contracts so it cannot drift from what `run` accepts. */
  parameters(): JsonSchema;
  /** JSON Schema of a successful output's `details`. */
  output(): JsonSchema;
  hints: ToolHints;
  /** Validates `input` itself (agent hosts do not enforce `required`) and runs the tool. */
  run(ctx: ToolContext, input: unknown): Promise<ToolOutput>;
}

/**
 * The JSON Schema (draft 2020-12) of a zod schema, by default of what it accepts (`io: "output"` for a result),
 * without the draft marker agent hosts do not need.
 */
export function jsonSchemaOf(schema: z.ZodType, io: "input" | "output" = "input"): JsonSchema {
  const { $schema: _draft, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  return rest;
}

/** Parses a tool's input, or fails with EXECUTION_VALIDATION_FAILED naming the path, as a bad execution does. */
export function parseInput<S extends z.ZodType>(tool: string, schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => ({
    path: formatPath(issuePath(issue)) || "(input)",
    message: issueMessage(issue, input),
  }));
  throw new ClawperatorError("EXECUTION_VALIDATION_FAILED", `${tool}: ${issues[0]!.path}: ${issues[0]!.message}`, {
    details: { tool, issues },
  });
}

/** A tool whose whole input is one zod schema, and its successful details another. */
export function zodTool<S extends z.ZodType>(tool: {
  name: string;
  description: string;
  input: S;
  output: z.ZodType;
  hints: ToolHints;
  run(ctx: ToolContext, input: z.output<S>): Promise<ToolOutput>;
}): AgentTool {
  return {
    name: tool.name,
    description: tool.description,
    hints: tool.hints,
    parameters: () => jsonSchemaOf(tool.input),
    output: () => jsonSchemaOf(tool.output, "output"),
    run: (ctx, input) => tool.run(ctx, parseInput(tool.name, tool.input, input)),
  };
}

/** Hints of a tool that only looks at the device. */
export const OBSERVE: ToolHints = { readOnly: true, destructive: false, idempotent: true, openWorld: true };
/** Hints of a tool that changes what is on the device. */
export const ACT: ToolHints = { readOnly: false, destructive: true, idempotent: false, openWorld: true };

/** Device selection every device tool takes; omitted values fall back to the Clawperator config. */
export const DeviceTarget = {
  deviceId: z
    .string()
    .min(1)
    .optional()
    .describe("adb serial of the device; optional when exactly one device is connected"),
  receiverPackage: z.string().min(1).optional().describe("Operator APK package (default com.clawperator.operator)"),
};
