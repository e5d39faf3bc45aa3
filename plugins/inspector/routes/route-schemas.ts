import { z } from "zod";
import { AgentViewSchema } from "../../../core/contracts/agent-view.ts";
import { NodeMatcherSchema } from "../../../core/contracts/matcher.ts";
import type { RouteSchemas } from "../../../core/kernel/contributions.ts";

export const MatchersBodySchema = z.strictObject({
  deviceId: z.string().min(1).optional(),
  receiverPackage: z.string().min(1).optional().describe("Operator APK package (default com.clawperator.operator)"),
  session: z.string().max(200).optional().describe("The views session, as POST /observe/view and /execute take it"),
});

const NodeTargetSchema = z.object({
  ref: z.string().optional().describe("The node's ref in `view`, when it has one"),
  matcher: NodeMatcherSchema.optional().describe("Selects this node and no other on the screen"),
  coordinate: z
    .object({ x: z.number(), y: z.number() })
    .optional()
    .describe("When no matcher is unique: the centre of its bounds"),
  clickMatcher: NodeMatcherSchema.optional().describe("A unique matcher of a node inside it whose click reaches it"),
});

export const matchersSchemas: RouteSchemas = {
  body: MatchersBodySchema,
  response: z.looseObject({
    ok: z.boolean(),
    deviceId: z.string(),
    envelope: z.looseObject({}).describe("The execution's envelope; step `hierarchy` holds the XML in data.text"),
    view: AgentViewSchema.optional(),
    viewError: z.string().optional(),
    refsMatch: z.boolean().optional().describe("Whether the view was made from the same screen (refs are given)"),
    nodes: z.array(NodeTargetSchema).describe("One per <node> of the hierarchy, in document order"),
  }),
};
