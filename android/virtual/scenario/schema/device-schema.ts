import { z } from "zod";
import { scalarText, textRecord } from "./scalars.ts";

const pixels = z.number().int().min(1).max(10_000);

/** The device's identity and initial state; everything has a default, so a scenario may leave it out. */
export const DeviceSchema = z.strictObject({
  model: z.string().min(1).default("Clawperator Virtual Device"),
  manufacturer: z.string().min(1).default("Clawperator"),
  brand: z.string().min(1).default("clawperator"),
  product: z.string().min(1).default("clawperator_virtual"),
  device: z.string().min(1).default("clawperator_virtual"),
  serial: z.string().min(1).default("CLAWPERATOR0001"),
  sdk: z.number().int().min(21).max(40).default(34),
  release: scalarText.default("14"),
  screen: z
    .strictObject({
      width: pixels.default(1080),
      height: pixels.default(2400),
      density: z.number().int().min(72).max(1_000).default(420),
    })
    .prefault({}),
  props: textRecord.default({}),
  settings: z
    .strictObject({ system: textRecord.optional(), secure: textRecord.optional(), global: textRecord.optional() })
    .default({}),
  boot: z
    .strictObject({ completeAfterMs: z.union([z.number().int().min(0), z.literal("never")]).default(0) })
    .prefault({}),
});
