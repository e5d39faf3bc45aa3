import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { defineCommandHandler } from "../../../core/kernel/index.ts";
import { touchArgs } from "../command-args.ts";
import { actAsHuman, deviceOf, prettyHuman, targetOf } from "../human/human-channel.ts";

/** `virtual touch <serial> --text … | --id … | --desc … | --at x,y [--long]`: a finger on the screen. */
const touch = defineCommandHandler(touchArgs, {
  async run(args, { globals }) {
    const serial = deviceOf("touch", args.serial, globals.deviceId);
    const target = targetOf("touch", args);
    if (!target) throw new ClawperatorError("USAGE", "virtual touch needs --text, --id, --desc or --at x,y");
    return {
      ok: true,
      deviceId: serial,
      ...(await actAsHuman(serial, { action: "touch", target, long: args.long === true })),
    };
  },
  pretty: prettyHuman,
});

export default touch;
