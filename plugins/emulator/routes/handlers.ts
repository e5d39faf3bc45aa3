import { readJsonBody } from "../../../core/http/index.ts";
import type { ServiceAccess } from "../../../core/kernel/index.ts";
import type { RouteHandler } from "../../../core/kernel/index.ts";
import { inspectAvd, listAvds, runningEmulators } from "../catalog.ts";
import { createEmulatorContext } from "../create-context.ts";
import { createAvd } from "../operations/create.ts";
import { deleteAvd } from "../operations/delete.ts";
import { provisionEmulator } from "../operations/provision.ts";
import { startAvd } from "../operations/start.ts";
import { stopAvd } from "../operations/stop.ts";
import { parseTimeouts } from "../parse-options.ts";
import { CreateBody, nameParam, TimeoutsBody } from "./body.ts";
import { respond } from "./respond.ts";

/**
 * The spec's `/android/...` routes (docs/emulators.md#http-routes), each over the same operations as the CLI commands.
 */
export function createEmulatorRoutes(services: ServiceAccess): Record<string, RouteHandler> {
  const ctx = () => createEmulatorContext(services);
  return {
    list: () => respond(async () => ({ avds: await listAvds(ctx()) })),
    inspect: (event) => respond(() => inspectAvd(ctx(), nameParam(event))),
    running: () => respond(async () => ({ devices: await runningEmulators(ctx()) })),
    // The body is read before the SDK is looked at: a bad request is refused the same way on every route.
    create: (event) =>
      respond(async () => {
        const options = await readJsonBody(event, CreateBody);
        return createAvd(ctx(), options);
      }),
    start: (event) =>
      respond(async () => {
        const timeouts = parseTimeouts(await readJsonBody(event, TimeoutsBody), "http");
        return startAvd(ctx(), nameParam(event), timeouts);
      }),
    stop: (event) => respond(() => stopAvd(ctx(), nameParam(event))),
    delete: (event) => respond(() => deleteAvd(ctx(), nameParam(event))),
    provision: (event) =>
      respond(async () => {
        const timeouts = parseTimeouts(await readJsonBody(event, TimeoutsBody), "http");
        return provisionEmulator(ctx(), timeouts);
      }),
  };
}
