import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import type { AgentToolEntry } from "../../../core/services/agent-tools.ts";
import { toCallResult, toErrorResult, toMcpTool } from "../../../plugins/mcp/server/tool-results.ts";

const tool: AgentToolEntry = {
  name: "t",
  description: "a tool",
  inputSchema: { type: "object", properties: {} },
  // A result whose schema has definitions at its root, as zod writes them for a reused schema.
  outputSchema: {
    type: "object",
    properties: { ok: { type: "boolean" }, step: { $ref: "#/$defs/Step" } },
    required: ["ok", "step"],
    $defs: { Step: { type: "object", properties: { id: { type: "string" } }, required: ["id"] } },
  },
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  call: async () => ({ text: "", details: {} }),
};

describe("MCP tool results", () => {
  const listed = toMcpTool(tool);
  const valid = new Ajv2020({ strict: false }).compile(listed.outputSchema!);

  it("lists the hints as annotations and an output schema that takes the result or our error", () => {
    expect(listed.annotations).toEqual({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
    expect(valid({ ok: true, step: { id: "s" } })).toBe(true);
    expect(valid({ ok: true, step: {} })).toBe(false);
    expect(valid(toErrorResult(new ClawperatorError("DEVICE_NOT_FOUND", "gone")).structuredContent)).toBe(true);
    expect(valid({ ok: false })).toBe(false);
  });

  it("makes a failed output an isError result with its code first, and keeps its structured result", () => {
    const result = toCallResult({
      text: "FAILED click",
      details: { ok: false, step: { id: "click" } },
      failure: { code: "NODE_NOT_FOUND", message: "no node" },
    });
    expect(result.isError).toBe(true);
    expect(result.content[0]).toEqual({ type: "text", text: "error NODE_NOT_FOUND: no node\nFAILED click" });
    expect(valid(result.structuredContent)).toBe(true);
    expect(toCallResult({ text: "ok", details: { ok: true, step: { id: "s" } } }).isError).toBeUndefined();
  });

  it("turns anything thrown into our error: a ClawperatorError keeps its code and hint, a bug is INTERNAL_ERROR", () => {
    const known = toErrorResult(new ClawperatorError("USAGE", "bad", { hint: "do this" }));
    expect(known.content[0]).toEqual({ type: "text", text: "error USAGE: bad\nhint: do this" });
    expect(known.structuredContent).toMatchObject({ ok: false, error: { code: "USAGE", message: "bad" } });
    expect(toErrorResult(new TypeError("oops")).structuredContent).toMatchObject({
      error: { code: "INTERNAL_ERROR", message: "oops" },
    });
  });
});
