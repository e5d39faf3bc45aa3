import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { defineCommandHandler } from "../../../core/kernel/index.ts";
import { typeArgs } from "../command-args.ts";
import { actAsHuman, deviceOf, prettyHuman, targetOf } from "../human/human-channel.ts";

/** `virtual type <serial> <text> [--into … | --id … | --desc … | --at x,y]`: keys pressed one by one. */
const type = defineCommandHandler(typeArgs, {
  async run(args, { globals }) {
    // With --device-id, the one positional is the text.
    const [serialArg, text] =
      args.value === undefined && globals.deviceId !== undefined ? [undefined, args.serial] : [args.serial, args.value];
    const serial = deviceOf("type", serialArg, globals.deviceId);
    if (text === undefined || text === "") throw new ClawperatorError("USAGE", "virtual type needs the text to type");
    const into = targetOf("type", args);
    return {
      ok: true,
      deviceId: serial,
      ...(await actAsHuman(serial, { action: "type", text, ...(into ? { into } : {}) })),
    };
  },
  pretty: prettyHuman,
});

export default type;
