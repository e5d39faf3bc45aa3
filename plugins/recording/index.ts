import { definePlugin } from "../../core/kernel/index.ts";
import { RECORDING_COMMANDS } from "./command-manifest.ts";
import { RECORDING_ROUTES } from "./route-manifest.ts";

/**
 * Recording (docs/recording.md): `record start|stop` over the Operator's start_recording / stop_recording actions,
 * `record pull` over the Transport's file pull, `record parse` into the reference's step log, and
 * `skills new --from-recording`, which turns a recording into a skill that runs; the session and pull over HTTP.
 */
export default definePlugin({
  name: "recording",
  setup(ctx) {
    ctx.commands.group({ path: ["record"], description: "Record what a person does on the device, and read it back" });
    ctx.commands.group({ path: ["recording"], description: "Same as record (the reference's name)" });
    for (const command of RECORDING_COMMANDS) ctx.commands.add(command);
    for (const route of RECORDING_ROUTES) ctx.routes.add(route);
  },
});
