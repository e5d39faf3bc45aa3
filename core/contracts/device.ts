import { z } from "zod";

/** adb device states; anything adb prints is kept (`no permissions`, `recovery`, `sideload`, ...). */
export const DeviceSchema = z.object({
  serial: z.string().min(1),
  state: z.string().min(1),
  /** `adb devices -l` extras such as model, product, device, transport_id. */
  properties: z.record(z.string(), z.string()).optional(),
  /** The transport that reported the device, when more than one is registered. */
  transport: z.string().optional(),
});

export type Device = z.infer<typeof DeviceSchema>;
