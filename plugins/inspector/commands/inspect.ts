import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { CommandRegistry, defineCommandHandler } from "../../../core/kernel/index.ts";
import { randomHex } from "../../../core/host/random.ts";
import { EventBus } from "../../../core/services/event-bus.ts";
import { SignInCodes, signInCodes } from "../session/sign-in-codes.ts";
import { inspectArgs } from "../command-args.ts";
import { openBrowser } from "./open-browser.ts";

/**
 * `clawperator inspect [--open]`: runs the `serve` command on loopback (through the command registry: the
 * inspector does not know serve's code) with a token made for this start, so no other local account can drive the
 * devices through it, and once it listens prints the page's URL and opens it when asked. The URL carries a one-time
 * sign-in code, never the token: a browser's argv is readable by every local user.
 */
const inspectCommand = defineCommandHandler(inspectArgs, {
  async run(args, ctx) {
    const serve = ctx.services
      .resolve(CommandRegistry)
      .entries()
      .find(({ value }) => value.path.join(" ") === "serve")?.value;
    if (!serve)
      throw new ClawperatorError("PLUGIN_INVALID", "the serve plugin is disabled: the inspector has no server");
    const token = randomHex(24);
    const [printed, opened] = [randomHex(16), randomHex(16)];
    ctx.services.register(SignInCodes, { useValue: signInCodes(token, [printed, opened]) });
    const off = ctx.services.resolve(EventBus).on("clawperator:serve-listening", ({ url }) => {
      off();
      process.stderr.write(
        `Inspector: ${url}/#signin=${printed}\n(the link signs in once; for another client the token is ${token})\n`,
      );
      if (args.open && !openBrowser(`${url}/#signin=${opened}`))
        process.stderr.write("No browser opener (xdg-open) on this machine: open the URL yourself.\n");
    });
    const handler = (await serve.load()).default;
    return handler.run({ _: [], host: "127.0.0.1", givenToken: token, ...(args.port ? { port: args.port } : {}) }, ctx);
  },
});

export default inspectCommand;
