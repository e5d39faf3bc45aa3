import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

interface Found {
  root: string;
  version: string;
}

let found: Found | undefined;

/** clawperator's own package.json, found from this file whether it runs from source, dist/ or a bundle chunk. */
function findPackage(): Found | undefined {
  if (found) return found;
  for (const relative of ["../", "../../", "../../../"]) {
    const root = new URL(relative, import.meta.url);
    try {
      const pkg = JSON.parse(readFileSync(new URL("package.json", root), "utf8")) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === "clawperator" && pkg.version) {
        found = { root: fileURLToPath(root), version: pkg.version };
        return found;
      }
    } catch {
      // not at this level; try the next one up
    }
  }
  return undefined;
}

/** The version in clawperator's package.json. */
export function packageVersion(): string {
  return findPackage()?.version ?? "0.0.0";
}

/** The folder of the running clawperator package (where its package.json is), ending in a separator. */
export function packageRoot(): string | undefined {
  return findPackage()?.root;
}
