import { z } from "zod";
import { type ErrorCode, httpStatusOf } from "../../../core/contracts/error-codes.ts";
import { BODY_ERROR_CODES } from "../../../core/http/index.ts";
import type { Owned, RegisteredRoute, RouteSchemas } from "../../../core/kernel/index.ts";
import { ErrorResponseSchema, errorResponseSchema } from "./error-schema.ts";

type JsonSchema = Record<string, unknown> & { properties?: Record<string, unknown>; required?: string[] };

export interface OpenApiInfo {
  version: string;
  /** Whether routes other than /health need `Authorization: Bearer`. */
  tokenRequired: boolean;
}

function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  return rest;
}

/** Path or query parameters from an object schema's properties. */
function parameters(schema: z.ZodType | undefined, where: "path" | "query"): unknown[] {
  if (!schema) return [];
  const json = jsonSchema(schema, "input");
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === "path" || (json.required ?? []).includes(name),
    schema: property,
  }));
}

async function schemasOf(route: RegisteredRoute): Promise<{ schemas: RouteSchemas; problem?: string }> {
  try {
    return { schemas: typeof route.schemas === "function" ? await route.schemas() : (route.schemas ?? {}) };
  } catch (error) {
    return { schemas: {}, problem: error instanceof Error ? error.message : String(error) };
  }
}

/** What the server answers any route with: Host and Origin checks, slow requests, shutdown, bugs. */
const SERVER_ERROR_CODES: readonly ErrorCode[] = [
  "HOST_NOT_ALLOWED",
  "ORIGIN_NOT_ALLOWED",
  "REQUEST_TIMEOUT",
  "SERVER_SHUTTING_DOWN",
  "INTERNAL_ERROR",
];

const isHealth = (route: RegisteredRoute) => route.method === "GET" && route.path === "/health";

/** The codes a route may answer with: its own, the body reader's (if it takes a body), the token's, the server's. */
function errorCodesOf(route: RegisteredRoute, schemas: RouteSchemas, info: OpenApiInfo): ErrorCode[] {
  return [
    ...new Set([
      ...(route.errors ?? []),
      ...(schemas.body ? BODY_ERROR_CODES : []),
      ...(info.tokenRequired && !isHealth(route) ? (["UNAUTHORIZED"] as const) : []),
      ...SERVER_ERROR_CODES,
    ]),
  ];
}

/** One response per HTTP status the route's codes map to, each naming its codes and allowing only those. */
function errorResponses(codes: readonly ErrorCode[]): Record<string, unknown> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = httpStatusOf(code);
    // Step and envelope codes travel inside a 200 answer, not as an error response.
    if (status >= 400) byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus]
      .sort(([a], [b]) => a - b)
      .map(([status, list]) => [
        String(status),
        {
          description: list.join(", "),
          content: {
            "application/json": {
              schema: jsonSchema(errorResponseSchema(list as [ErrorCode, ...ErrorCode[]]), "output"),
            },
          },
        },
      ]),
  );
}

/** `/android/emulators/:name` → `/android/emulators/{name}` and the names of its path parameters. */
function openApiPath(path: string): { path: string; names: string[] } {
  const names: string[] = [];
  const converted = path.replace(/:(\w+)/g, (_m, name: string) => {
    names.push(name);
    return `{${name}}`;
  });
  return { path: converted, names };
}

async function operation(owned: Owned<RegisteredRoute>, info: OpenApiInfo): Promise<Record<string, unknown>> {
  const route = owned.value;
  const { schemas, problem } = await schemasOf(route);
  const { names } = openApiPath(route.path);
  const declared = parameters(schemas.params, "path") as { name: string }[];
  const pathParams = [
    ...declared,
    ...names
      .filter((n) => !declared.some((p) => p.name === n))
      .map((name) => ({ name, in: "path", required: true, schema: { type: "string" } })),
  ];
  const params = [...pathParams, ...parameters(schemas.query, "query")];
  const success = schemas.response ? jsonSchema(schemas.response, "output") : {};
  return {
    summary: route.description ?? `${route.method} ${route.path}`,
    operationId:
      `${route.method.toLowerCase()}` +
      `${route.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? "").toUpperCase())}`,
    tags: [owned.plugin],
    ...(params.length ? { parameters: params } : {}),
    ...(schemas.body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: jsonSchema(schemas.body, "input") } },
          },
        }
      : {}),
    responses: {
      200: { description: "Success", content: { [schemas.responseType ?? "application/json"]: { schema: success } } },
      ...errorResponses(errorCodesOf(route, schemas, info)),
      default: {
        description: "Any other error; the status comes from the error catalogue",
        content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorResponse" } } },
      },
    },
    ...(info.tokenRequired ? { security: isHealth(route) ? [] : [{ bearer: [] }] } : {}),
    ...(problem ? { "x-clawperator-schema-error": problem } : {}),
  };
}

/** OpenAPI 3.1 of every mounted route, its schemas converted by zod 4's toJSONSchema. */
export async function buildOpenApi(
  routes: readonly Owned<RegisteredRoute>[],
  info: OpenApiInfo,
): Promise<Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const owned of routes) {
    const { path } = openApiPath(owned.value.path);
    paths[path] ??= {};
    paths[path]![owned.value.method.toLowerCase()] = await operation(owned, info);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Clawperator HTTP API",
      version: info.version,
      description:
        "Executions, observation, devices and events of `clawperator serve`, plus the routes of its plugins.",
    },
    paths,
    components: {
      schemas: { ErrorResponse: jsonSchema(ErrorResponseSchema, "output") },
      ...(info.tokenRequired ? { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } } : {}),
    },
  };
}
