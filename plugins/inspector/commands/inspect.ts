import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { CommandRegistry, type CommandHandler } from "../../../core/kernel/index.ts";
import { EventBus } from "../../../core/services/event-bus.ts";
import type { inspectArgs } from "../command-args.ts";
import { openBrowser } from "./open-browser.ts";

/**
 * `clawperator inspect [--open]`: runs the `serve` command on loopback (through the command registry: the
 * inspector does not know serve's code) and, once it listens, prints the page's URL and opens it when asked.
 */
const inspectCommand: CommandHandler<typeof inspectArgs> = {
  async run(ctx) {
    const serve = ctx.services
      .resolve(CommandRegistry)
      .entries()
      .find(({ value }) => value.path.join(" ") === "serve")?.value;
    if (!serve)
      throw new ClawperatorError("PLUGIN_INVALID", "the serve plugin is disabled: the inspector has no server");
    const off = ctx.services.resolve(EventBus).on("clawperator:serve-listening", ({ url }) => {
      off();
      process.stderr.write(`Inspector: ${url}/\n`);
      if (ctx.args.open && !openBrowser(`${url}/`))
        process.stderr.write("No browser opener (xdg-open) on this machine: open the URL yourself.\n");
    });
    const handler = (await serve.load()).default;
    return handler.run({
      ...ctx,
      args: { _: [], host: "127.0.0.1", ...(ctx.args.port ? { port: ctx.args.port } : {}) },
    });
  },
};

export default inspectCommand;
