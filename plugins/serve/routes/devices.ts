import { defineHandler } from "h3";
import { Transport } from "../../../core/services/transport.ts";
import { routeContext } from "../http/route-context.ts";

/** GET /devices: `{ ok: true, devices: [{ serial, state, ... }] }`. */
export default defineHandler(async (event) => ({
  ok: true,
  devices: await routeContext(event).services.resolve(Transport).listDevices(),
}));
