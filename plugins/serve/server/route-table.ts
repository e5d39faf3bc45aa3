import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";

/** An h3 route path as a RegExp: `:name` and `*` match one segment, `**` the rest. */
function pattern(path: string): RegExp {
  const source = path
    .split("/")
    .map((segment) =>
      segment === "**" || segment.startsWith("**:")
        ? ".*"
        : segment === "*" || segment.startsWith(":")
          ? "[^/]+"
          : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
    )
    .join("/");
  return new RegExp(`^${source}/?$`);
}

/** The mounted paths and their methods, to tell an unknown path (404) from a wrong method (405). */
export class RouteTable {
  readonly #routes: { pattern: RegExp; method: string }[] = [];

  add(method: string, path: string): void {
    this.#routes.push({ pattern: pattern(path), method });
  }

  methodsOf(pathname: string): string[] {
    return [...new Set(this.#routes.filter((r) => r.pattern.test(pathname)).map((r) => r.method))];
  }

  /** The error for a request no route matched; `allow` is the Allow header of a 405. */
  unmatched(method: string, pathname: string): { error: ClawperatorError; allow?: string } {
    const methods = this.methodsOf(pathname);
    if (methods.length === 0) {
      return {
        error: new ClawperatorError("ROUTE_NOT_FOUND", `no route ${method} ${pathname}`, {
          hint: "GET /openapi.json lists the routes.",
        }),
      };
    }
    const allow = methods.join(", ");
    return {
      error: new ClawperatorError("METHOD_NOT_ALLOWED", `${pathname} does not accept ${method}; it accepts ${allow}`, {
        details: { allow: methods },
      }),
      allow,
    };
  }
}
