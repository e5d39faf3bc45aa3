import { z } from "zod";
import { NodeMatcherSchema } from "../../../../core/contracts/matcher.ts";
import { exactlyOne, scalarText } from "./scalars.ts";

export const TransitionSchema = z
  .strictObject({
    click: NodeMatcherSchema.optional(),
    longClick: NodeMatcherSchema.optional(),
    /** Enter / IME action on a matching field. */
    submit: NodeMatcherSchema.optional(),
    back: z.literal(true).optional(),
    /** A screen id, or `@back` / `@home`. */
    to: z.string().min(1).optional(),
    /** Opens an app as its launcher icon does. */
    launch: z.string().min(1).optional(),
  })
  .superRefine((t, ctx) => {
    exactlyOne(t, ["click", "longClick", "submit", "back"], "trigger", ctx);
    exactlyOne(t, ["to", "launch"], "target", ctx);
  });

/** A page of a scroll container: an XML fragment of its children, inline or in a file beside the scenario. */
export const PageSchema = z.union([z.string(), z.strictObject({ file: z.string().min(1) })]);

export const ScrollerSchema = z.strictObject({
  container: NodeMatcherSchema,
  orientation: z.enum(["vertical", "horizontal"]).default("vertical"),
  pages: z.array(PageSchema).min(1),
});

const finite = z.number().finite();

export const ValueSchema = z
  .strictObject({
    node: NodeMatcherSchema,
    attribute: z.string().min(1).default("text"),
    values: z.array(scalarText).min(1).optional(),
    everyMs: z.number().int().min(1).optional(),
    sine: z.strictObject({ base: finite, amplitude: finite, periodMs: z.number().int().min(1) }).optional(),
    linear: z
      .strictObject({ start: finite, perSecond: finite, min: finite.optional(), max: finite.optional() })
      .optional(),
    /**
     * A value that counts from `from` to `to` over `overMs` after its screen comes to the top, then stays: an
     * animation that settles after `overMs` (a counter ticking up as a page loads).
     */
    count: z.strictObject({ from: finite.default(0), to: finite, overMs: z.number().int().min(1) }).optional(),
    /** The current value of an editable field, on this screen or another (a settings row showing what was typed). */
    mirror: z
      .strictObject({
        screen: z.string().min(1).optional(),
        field: NodeMatcherSchema,
        attribute: z.string().min(1).default("text"),
      })
      .optional(),
    decimals: z.number().int().min(0).max(6).default(1),
    format: z.string().default("{value}"),
  })
  .superRefine((v, ctx) => {
    exactlyOne(v, ["values", "sine", "linear", "count", "mirror"], "rule", ctx);
    if (v.values !== undefined && v.everyMs === undefined)
      ctx.addIssue({ code: "custom", message: "is required with values", path: ["everyMs"] });
  });

/** A screen that moves on by itself: after `ms` on top it is replaced by `to` (splash → loading → content). */
export const AfterSchema = z.strictObject({ ms: z.number().int().min(1), to: z.string().min(1) });

export const ScreenSchema = z
  .strictObject({
    /** Owning app; defaults to the `package` attribute of the first window. */
    package: z.string().min(1).optional(),
    hierarchy_xml: z.string().optional(),
    file: z.string().min(1).optional(),
    overlay: z.boolean().default(false),
    transitions: z.array(TransitionSchema).default([]),
    editable: z.array(NodeMatcherSchema).default([]),
    scroll: z.array(ScrollerSchema).default([]),
    values: z.array(ValueSchema).default([]),
    after: AfterSchema.optional(),
  })
  .superRefine((s, ctx) => exactlyOne(s, ["hierarchy_xml", "file"], "hierarchy source", ctx));
