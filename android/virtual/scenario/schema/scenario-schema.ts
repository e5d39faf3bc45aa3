import { z } from "zod";
import { PACKAGE_NAME } from "../../device/virtual-apk.ts";
import { DeviceSchema } from "./device-schema.ts";
import { scalarText } from "./scalars.ts";
import { ScreenSchema } from "./screen-schema.ts";

export const AppSchema = z.strictObject({
  package: z.string().regex(PACKAGE_NAME, "must be an application id such as com.example.app"),
  label: z.string().min(1),
  versionName: scalarText.default("1.0"),
  versionCode: z.number().int().min(1).default(1),
  system: z.boolean().default(false),
  launchScreen: z.string().min(1).optional(),
  permissions: z.array(z.string()).default([]),
  operator: z.boolean().default(false),
});

export const UriRouteSchema = z
  .strictObject({ prefix: z.string().min(1).optional(), pattern: z.string().min(1).optional(), to: z.string().min(1) })
  .superRefine((route, ctx) => {
    const keys = ["prefix", "pattern"] as const;
    if (keys.filter((key) => route[key] !== undefined).length !== 1)
      ctx.addIssue({ code: "custom", message: "needs exactly one of prefix, pattern", path: [] });
    if (route.pattern === undefined) return;
    try {
      new RegExp(route.pattern);
    } catch (error) {
      ctx.addIssue({
        code: "custom",
        message: `is not a valid regular expression: ${(error as Error).message}`,
        path: ["pattern"],
      });
    }
  });

/** A scenario file as written (JSON or YAML). */
export const ScenarioSchema = z.strictObject({
  name: z.string().min(1).optional(),
  description: z.string().optional(),
  device: DeviceSchema.prefault({}),
  apps: z.array(AppSchema).min(1),
  home: z.string().min(1),
  screens: z.record(z.string().min(1), ScreenSchema),
  uris: z.array(UriRouteSchema).default([]),
  refusedGlobalActions: z.array(z.enum(["back", "home", "recents"])).default([]),
});

export type ScenarioSource = z.input<typeof ScenarioSchema>;
export type ScenarioFile = z.output<typeof ScenarioSchema>;
export type ScreenFile = ScenarioFile["screens"][string];
