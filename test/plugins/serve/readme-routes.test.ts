import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { RouteRegistry } from "../../../core/kernel/index.ts";
import { builtinPlugins } from "../../../plugins/index.ts";
import { boot } from "../../helpers/boot-kernel.ts";
import { REPO_ROOT } from "../../helpers/cli-paths.ts";

describe("README: the HTTP API section", () => {
  it("lists every route the built-in plugins mount, as METHOD /path", async () => {
    const kernel = await boot(builtinPlugins);
    const readme = readFileSync(`${REPO_ROOT}/README.md`, "utf8");
    const section = readme.slice(readme.indexOf("## HTTP API"), readme.indexOf("## Programmatic API"));
    const missing = kernel.services
      .resolve(RouteRegistry)
      .entries()
      .map(({ value: route }) => `${route.method} ${route.path}`)
      .filter((route) => !section.includes(`\`${route}\``));
    expect(missing).toEqual([]);
  });
});
