import { z } from "zod";
import type { RouteSchemas } from "../../../core/kernel/index.ts";
import { CreateBody, TimeoutsBody } from "./body.ts";

/** The emulator routes' schemas, for serve's GET /openapi.json only: loaded when the document is first asked for. */
const ok = { ok: z.literal(true) };
const reasons = z.array(
  z.enum(["missing_play_store", "unsupported_api_level", "unsupported_abi", "unsupported_device_profile"]),
);

const Avd = z.object({
  name: z.string(),
  exists: z.boolean(),
  running: z.boolean(),
  supported: z.boolean(),
  apiLevel: z.number().int().nullable(),
  abi: z.string().nullable(),
  playStore: z.boolean(),
  deviceProfile: z.string().nullable(),
  systemImage: z.string().nullable().describe("system-images;android-<api>;<tag>;<abi>"),
  unsupportedReasons: reasons,
});

const Running = z.object({
  type: z.literal("emulator"),
  avdName: z.string().nullable(),
  serial: z.string(),
  booted: z.boolean(),
  supported: z.boolean(),
  unsupportedReasons: reasons,
});

const Booted = {
  type: z.literal("emulator"),
  avdName: z.string(),
  serial: z.string().describe("adb serial, emulator-<console port>"),
  booted: z.literal(true),
};
const name = z.object({ name: z.string().describe("AVD name") });

export const listSchemas: RouteSchemas = { response: z.object({ ...ok, avds: z.array(Avd) }) };
export const inspectSchemas: RouteSchemas = { params: name, response: Avd.extend(ok) };
export const runningSchemas: RouteSchemas = { response: z.object({ ...ok, devices: z.array(Running) }) };
export const createSchemas: RouteSchemas = { body: CreateBody, response: Avd.extend(ok) };
export const startSchemas: RouteSchemas = {
  params: name,
  body: TimeoutsBody,
  response: z.object({ ...ok, ...Booted }),
};
export const stopSchemas: RouteSchemas = {
  params: name,
  response: z.object({
    ...ok,
    type: z.literal("emulator"),
    avdName: z.string(),
    serial: z.string(),
    stopped: z.literal(true),
  }),
};
export const deleteSchemas: RouteSchemas = {
  params: name,
  response: z.object({ ...ok, avdName: z.string(), deleted: z.literal(true) }),
};
export const provisionSchemas: RouteSchemas = {
  body: TimeoutsBody,
  response: z.object({ ...ok, ...Booted, created: z.boolean(), started: z.boolean(), reused: z.boolean() }),
};
