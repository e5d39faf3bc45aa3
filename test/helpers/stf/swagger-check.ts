import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import yaml from "js-yaml";

/** The parts of a Swagger 2.0 schema STF's api_v1.yaml uses. */
interface Schema {
  $ref?: string;
  type?: string;
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  minimum?: number;
}
interface Parameter {
  name: string;
  in: "path" | "query" | "body" | "header";
  required?: boolean;
  type?: string;
  enum?: string[];
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  responses: Record<string, { schema?: Schema }>;
}
interface Swagger {
  basePath: string;
  paths: Record<string, Record<string, Operation | string>>;
  definitions: Record<string, Schema>;
}

const spec = yaml.load(
  readFileSync(fileURLToPath(new URL("../../fixtures/stf/api_v1.yaml", import.meta.url)), "utf8"),
) as Swagger;

/** The operation a method and concrete path name, with the path's parameters. */
function operation(method: string, path: string): { op: Operation; params: Record<string, string> } | undefined {
  if (!path.startsWith(spec.basePath)) return undefined;
  const parts = path.slice(spec.basePath.length).split("/");
  for (const [template, methods] of Object.entries(spec.paths)) {
    const names = template.split("/");
    if (names.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const fits = names.every((name, i) => {
      const m = /^\{(.+)\}$/.exec(name);
      if (m) params[m[1]!] = decodeURIComponent(parts[i]!);
      return m ? parts[i] !== "" : name === parts[i];
    });
    const op = methods[method.toLowerCase()];
    if (fits && typeof op === "object") return { op, params };
  }
  return undefined;
}

function resolve(schema: Schema): Schema {
  return schema.$ref ? spec.definitions[schema.$ref.replace("#/definitions/", "")]! : schema;
}

/** What is wrong with `value` under `schema` (types, required properties, minimums), as `where: problem` lines. */
function check(value: unknown, schema: Schema, where: string): string[] {
  const s = resolve(schema);
  const type = s.type ?? (s.properties || s.required ? "object" : undefined);
  const problems: string[] = [];
  if (type === "object") {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return [`${where}: not an object`];
    const record = value as Record<string, unknown>;
    for (const key of s.required ?? []) if (!(key in record)) problems.push(`${where}.${key}: required`);
    for (const [key, sub] of Object.entries(s.properties ?? {}))
      if (key in record) problems.push(...check(record[key], sub, `${where}.${key}`));
  } else if (type === "array") {
    if (!Array.isArray(value)) return [`${where}: not an array`];
    const items = s.items;
    if (items) for (const [i, item] of value.entries()) problems.push(...check(item, items, `${where}[${i}]`));
  } else if (type === "integer" || type === "number") {
    if (typeof value !== "number" || (type === "integer" && !Number.isInteger(value)))
      return [`${where}: not an ${type}`];
    if (s.minimum !== undefined && value < s.minimum) problems.push(`${where}: below ${s.minimum}`);
  } else if (type === "boolean" || type === "string") {
    if (typeof value !== type) problems.push(`${where}: not a ${type}`);
  }
  return problems;
}

export interface Exchange {
  method: string;
  /** The path with its query string. */
  url: string;
  body?: unknown;
  status: number;
  response: unknown;
}

/**
 * Everything api_v1.yaml says is wrong with one request and its answer: an unknown path or method, a missing or
 * ill-typed parameter, an undeclared query parameter, a body that is not the declared one, a status the operation
 * does not document (a non-200 must fall under its `default`), an answer that is not the declared schema.
 */
export function swaggerProblems(exchange: Exchange): string[] {
  const [path, query = ""] = exchange.url.split("?") as [string, string?];
  const found = operation(exchange.method, path);
  const at = `${exchange.method} ${path}`;
  if (!found) return [`${at}: no such operation in api_v1.yaml`];
  const { op } = found;
  const problems: string[] = [];
  const queries = new URLSearchParams(query);
  const declared = op.parameters ?? [];
  for (const key of queries.keys())
    if (!declared.some((p) => p.in === "query" && p.name === key)) problems.push(`${at}: undeclared query ${key}`);
  for (const p of declared) {
    if (p.in === "query") {
      const v = queries.get(p.name);
      if (v === null) {
        if (p.required) problems.push(`${at}: query ${p.name} required`);
      } else if (p.type === "integer" && !/^\d+$/.test(v)) problems.push(`${at}: query ${p.name} not an integer`);
      else if (p.enum && !p.enum.includes(v)) problems.push(`${at}: query ${p.name} not one of ${p.enum.join(", ")}`);
    }
    if (p.in === "body") {
      if (exchange.body === undefined) {
        if (p.required) problems.push(`${at}: body required`);
      } else if (p.schema) problems.push(...check(exchange.body, p.schema, `${at} body`));
    }
  }
  if (!declared.some((p) => p.in === "body") && exchange.body !== undefined)
    problems.push(`${at}: a body it takes none`);
  const response =
    op.responses[String(exchange.status)] ?? (exchange.status !== 200 ? op.responses.default : undefined);
  if (!response) return [...problems, `${at}: status ${exchange.status} is not documented`];
  if (response.schema) problems.push(...check(exchange.response, response.schema, `${at} → ${exchange.status}`));
  return problems;
}
