import { defineCommandHandler } from "../../../core/kernel/index.ts";
import { backArgs } from "../command-args.ts";
import { actAsHuman, deviceOf, prettyHuman } from "../human/human-channel.ts";

/** `virtual back <serial>`: the Back key, pressed and released. */
const back = defineCommandHandler(backArgs, {
  async run(args, { globals }) {
    const serial = deviceOf("back", args.serial, globals.deviceId);
    return { ok: true, deviceId: serial, ...(await actAsHuman(serial, { action: "back" })) };
  },
  pretty: prettyHuman,
});

export default back;
