import { defineHandler } from "h3";
import { RouteRegistry } from "../../../core/kernel/index.ts";
import type { ServiceAccess } from "../../../core/kernel/index.ts";
import { routeContext } from "../http/route-context.ts";
import { buildOpenApi } from "../server/build-openapi.ts";
import { ServeOptions } from "../serve-options.ts";

/** Built once per kernel: the mounted routes do not change while the server runs. */
const documents = new WeakMap<ServiceAccess, Promise<Record<string, unknown>>>();

/** GET /openapi.json: every mounted route with its zod-derived schemas. */
export default defineHandler((event) => {
  const { services } = routeContext(event);
  let document = documents.get(services);
  if (!document) {
    const options = services.resolve(ServeOptions);
    document = buildOpenApi(services.resolve(RouteRegistry).entries(), {
      version: options.version,
      tokenRequired: options.tokenRequired,
    });
    documents.set(services, document);
  }
  return document;
});
