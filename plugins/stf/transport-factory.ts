import { ClawperatorError } from "../../core/contracts/clawperator-error.ts";
import { type TransportFactory, TransportRegistry } from "../../core/kernel/index.ts";
import { StfClient } from "./api/stf-client.ts";
import { adbKeyPath, parseStfOptions, stfToken } from "./options.ts";
import { StfTransport } from "./transport/stf-transport.ts";

/** The STF transport over this runtime's adb transport (a leased device is reached through the local adb server). */
const createStfTransport: TransportFactory = async (ctx) => {
  const options = parseStfOptions(ctx.config.stf);
  const adbEntry = ctx.services.resolve(TransportRegistry).get("adb");
  if (!adbEntry)
    throw new ClawperatorError("PLUGIN_INVALID", "the stf plugin needs the adb transport", {
      hint: "Remove adb from config disablePlugins.",
    });
  const adb = await (await adbEntry.value.load()).default(ctx);
  return new StfTransport({
    client: new StfClient(options.url, stfToken(options)),
    options,
    adb,
    adbKeyPath: adbKeyPath(options),
    logger: ctx.logger,
  });
};

export default createStfTransport;
