import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { Owned, RegisteredRoute } from "../../../core/kernel/index.ts";
import { buildOpenApi } from "../../../plugins/serve/server/build-openapi.ts";

const route = (value: Omit<RegisteredRoute, "load">): Owned<RegisteredRoute> => ({
  plugin: "probe",
  value: { ...value, load: async () => ({ default: () => ({ ok: true }) }) },
});

const ROUTES = [
  route({
    method: "POST",
    path: "/things/:id/run",
    errors: ["EXECUTION_CONFLICT_IN_FLIGHT", "DEVICE_NOT_FOUND", "NO_DEVICES", "NODE_NOT_FOUND"],
    schemas: { body: z.object({ deviceId: z.string().optional() }), response: z.object({ ok: z.literal(true) }) },
  }),
  route({ method: "GET", path: "/health" }),
];

interface ErrorBody {
  required: string[];
  properties: { error: { properties: { code: { enum: string[] } } } };
}
interface Operation {
  responses: Record<string, { description: string; content: Record<string, { schema: ErrorBody }> } | undefined>;
}
type Document = { paths: Record<string, Record<string, Operation>> };

const openApi = async (tokenRequired: boolean) =>
  (await buildOpenApi(ROUTES, { version: "1.0.0", tokenRequired })) as unknown as Document;
const codesAt = (operation: Operation, status: string) =>
  operation.responses[status]?.content["application/json"]?.schema.properties.error.properties.code.enum;

describe("OpenAPI error responses, from the error catalogue and each route's declaration", () => {
  it("lists each status a route can answer with, the codes behind it, and an error body allowing only those", async () => {
    const run = (await openApi(false)).paths["/things/{id}/run"]!.post!;
    expect(Object.keys(run.responses).sort()).toEqual(
      ["200", "400", "403", "404", "408", "413", "415", "423", "500", "503", "default"].sort(),
    );
    expect(codesAt(run, "404")).toEqual(["DEVICE_NOT_FOUND", "NO_DEVICES"]);
    expect(run.responses["404"]!.description).toBe("DEVICE_NOT_FOUND, NO_DEVICES");
    expect(codesAt(run, "423")).toEqual(["EXECUTION_CONFLICT_IN_FLIGHT"]);
    // The body reader's codes, because the route takes a body; the server's own, because every route can get them.
    expect(codesAt(run, "400")).toEqual(["INVALID_JSON", "EXECUTION_VALIDATION_FAILED"]);
    expect(codesAt(run, "413")).toEqual(["PAYLOAD_TOO_LARGE"]);
    expect(codesAt(run, "415")).toEqual(["UNSUPPORTED_MEDIA_TYPE"]);
    expect(codesAt(run, "403")).toEqual(["HOST_NOT_ALLOWED", "ORIGIN_NOT_ALLOWED"]);
    expect(codesAt(run, "408")).toEqual(["REQUEST_TIMEOUT"]);
    expect(run.responses["400"]!.content["application/json"]!.schema.required).toEqual(["ok", "error"]);
    // A step code travels inside a 200 envelope, never as an error response.
    expect(JSON.stringify(run.responses)).not.toContain("NODE_NOT_FOUND");
  });

  it("a route without a body gets no body-reader codes; with a token, every route but /health can be 401", async () => {
    const open = await openApi(false);
    expect(Object.keys(open.paths["/health"]!.get!.responses).sort()).toEqual(
      ["200", "403", "408", "500", "503", "default"].sort(),
    );
    const guarded = await openApi(true);
    expect(codesAt(guarded.paths["/things/{id}/run"]!.post!, "401")).toEqual(["UNAUTHORIZED"]);
    expect(guarded.paths["/health"]!.get!.responses["401"]).toBeUndefined();
  });
});
