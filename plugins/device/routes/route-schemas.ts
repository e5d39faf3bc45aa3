import { z } from "zod";
import {
  AppInput,
  AppsListInput,
  InstallInput,
  KeyInput,
  LogsInput,
  NoInput,
  RotationInput,
  SwipeFields,
} from "../../../core/contracts/device-control.ts";
import type { RouteSchemas } from "../../../core/kernel/index.ts";
import type { DeviceRouteName } from "./device-route.ts";

const target = {
  deviceId: z.string().min(1).optional().describe("Device serial; optional when exactly one device is connected"),
  session: z.string().optional().describe("The client's session: whose views a ref comes from"),
};

const INPUTS: Record<DeviceRouteName, z.ZodObject> = {
  key: KeyInput,
  swipe: SwipeFields,
  rotation: RotationInput,
  logs: LogsInput,
  info: NoInput,
  apps: AppsListInput,
  install: InstallInput,
  uninstall: AppInput,
  launch: AppInput,
};

/** The OpenAPI schemas of a device route: the tool's input with the target, and `{ ok, deviceId, ... }`. */
export function deviceRouteSchemas(name: DeviceRouteName): RouteSchemas {
  const input = INPUTS[name];
  const body = "extend" in input ? input.extend(target) : z.object(target);
  return { body, response: z.looseObject({ ok: z.literal(true), deviceId: z.string() }) };
}
