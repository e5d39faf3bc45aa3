import { readFileSync } from "node:fs";

/**
 * The version in clawperator's package.json, found from this file whether it runs from source, dist/ or a bundle chunk.
 */
export function packageVersion(): string {
  for (const relative of ["../package.json", "../../package.json", "../../../package.json"]) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(relative, import.meta.url), "utf8")) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === "clawperator" && pkg.version) return pkg.version;
    } catch {
      // not at this level; try the next one up
    }
  }
  return "0.0.0";
}
