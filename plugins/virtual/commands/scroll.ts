import { defineCommandHandler } from "../../../core/kernel/index.ts";
import { scrollArgs } from "../command-args.ts";
import { actAsHuman, deviceOf, prettyHuman } from "../human/human-channel.ts";

/** `virtual scroll <serial> [--direction down|up|left|right]`: a swipe across what scrolls. */
const scroll = defineCommandHandler(scrollArgs, {
  async run(args, { globals }) {
    const serial = deviceOf("scroll", args.serial, globals.deviceId);
    return {
      ok: true,
      deviceId: serial,
      ...(await actAsHuman(serial, { action: "scroll", direction: args.direction })),
    };
  },
  pretty: prettyHuman,
});

export default scroll;
