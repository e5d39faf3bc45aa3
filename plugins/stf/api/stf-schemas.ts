import { z } from "zod";

/**
 * The parts of STF API v1's answers (its lib/units/api/swagger/api_v1.yaml) this plugin reads. Objects stay open:
 * a farm sends many more device fields than these.
 */
export const StfDeviceSchema = z.looseObject({
  serial: z.string().min(1),
  present: z.boolean().optional(),
  ready: z.boolean().optional(),
  /** True when the device is controlled by the token's own user. */
  using: z.boolean().optional(),
  owner: z.looseObject({ email: z.string().optional(), name: z.string().optional() }).nullish(),
  model: z.string().nullish(),
  manufacturer: z.string().nullish(),
  sdk: z.union([z.string(), z.number()]).nullish(),
  abi: z.string().nullish(),
  provider: z.looseObject({ name: z.string().optional() }).nullish(),
  group: z.looseObject({ name: z.string().optional() }).nullish(),
});
export type StfDevice = z.infer<typeof StfDeviceSchema>;

export const DeviceListResponse = z.looseObject({ success: z.boolean(), devices: z.array(StfDeviceSchema) });
export const DeviceResponse = z.looseObject({ success: z.boolean(), device: StfDeviceSchema });
export const UserResponse = z.looseObject({
  success: z.boolean(),
  user: z.looseObject({ email: z.string().optional(), name: z.string().optional() }),
});
export const RemoteConnectResponse = z.looseObject({ success: z.boolean(), remoteConnectUrl: z.string().min(1) });
/** `Response`, `UnexpectedErrorResponse` (`success`, `description`) and `ErrorResponse` (`message`). */
export const ErrorBody = z.looseObject({ description: z.string().optional(), message: z.string().optional() });

/** The device fields `devices` asks for (STF's `fields` query: only these come back). */
export const DEVICE_FIELDS = [
  "serial",
  "present",
  "ready",
  "using",
  "owner",
  "model",
  "manufacturer",
  "sdk",
  "abi",
  "provider",
  "group",
] as const;
