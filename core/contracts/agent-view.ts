import { z } from "zod";
import { NodeMatcherSchema } from "./matcher.ts";

const Point = z.object({ x: z.number().int().nonnegative(), y: z.number().int().nonnegative() });

/**
 * One ref of an agent view: a node an action can target, and how an action selects it again. `unique` says whether
 * `matcher` selects this node and no other on the screen the view was made from (with the Operator APK's matcher
 * semantics); a ref without one is a coordinate ref: `coordinate` is the centre of its bounds, and `clickMatcher`,
 * when there is one, a unique matcher of a node inside it whose click the APK hands to this node (the title of an
 * unlabeled list row).
 */
export const ViewRefSchema = z.object({
  bounds: z.string().describe("The node's bounds as a dump writes them: [left,top][right,bottom]"),
  unique: z.boolean().describe("Whether `matcher` selects this node alone on that screen; false: a coordinate ref"),
  matcher: NodeMatcherSchema.optional(),
  clickMatcher: NodeMatcherSchema.optional(),
  coordinate: Point.optional(),
});
export type ViewRef = z.infer<typeof ViewRefSchema>;

/** A top-level window of the screen: its app and where it is (dialogs float). */
export const ViewWindowSchema = z.object({ package: z.string(), bounds: z.string() });
export type ViewWindow = z.infer<typeof ViewWindowSchema>;

/** Which view an action returns: the whole screen, what changed since an earlier view, or none. */
export const VIEW_MODES = ["full", "incremental", "none"] as const;
export type ViewMode = (typeof VIEW_MODES)[number];

/**
 * The agent view of one screen: a compact outline, one line per meaningful node, with `[ref=eN]` on every node an
 * action can target, and the refs table. `id` names the view in its session (`v1`, `v2`, ...). An incremental view's
 * outline shows what changed since view `since` (unchanged runs as `<unchanged N>`, then `removed: ...`), and its
 * refs table the refs it shows; every ref of the screen still resolves.
 */
export const AgentViewSchema = z.object({
  id: z.string(),
  package: z.string().describe("The package of the first window (the app in front)"),
  windows: z.array(ViewWindowSchema),
  rotation: z.string(),
  outline: z.string(),
  refs: z.record(z.string(), ViewRefSchema),
  mode: z.enum(["full", "incremental"]).optional().describe("incremental: the outline is the change since `since`"),
  since: z.string().optional().describe("The earlier view an incremental view tells the change from"),
  previousPackage: z.string().optional().describe("The app in front in that earlier view, when it was another"),
  note: z.string().optional().describe("Why a full view came back where an incremental one was asked for"),
  settled: z.boolean().optional().describe("false: the screen still changed when the wait's ceiling was reached"),
  settledMs: z.number().int().nonnegative().optional().describe("How long the host waited for the screen to settle"),
});
export type AgentView = z.infer<typeof AgentViewSchema>;

/** How an action selected a ref's node: what its `ref` became. */
export const RefUseSchema = z.object({
  actionId: z.string(),
  ref: z.string(),
  viewId: z.string().describe("The view the ref came from"),
  used: z.enum(["matcher", "clickMatcher", "coordinate"]),
  matcher: NodeMatcherSchema.optional(),
  coordinate: Point.optional(),
});
export type RefUse = z.infer<typeof RefUseSchema>;
