import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { findOnPath } from "../../../core/host/executables.ts";

let packageBin: string | null | undefined;

/** This package's CLI entry (dist/cli/bin.cjs), found from this module's own location in the bundle, dist or source. */
function ownBin(): string | null {
  if (packageBin !== undefined) return packageBin;
  packageBin = null;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest)) {
      try {
        const pkg = JSON.parse(readFileSync(manifest, "utf8")) as {
          name?: string;
          bin?: string | Record<string, string>;
        };
        const bin = typeof pkg.bin === "string" ? pkg.bin : pkg.bin?.clawperator;
        if (pkg.name === "clawperator" && bin && existsSync(join(dir, bin))) packageBin = join(dir, bin);
      } catch {
        // An unreadable package.json above us is not ours; keep looking.
      }
      if (packageBin !== null) break;
    }
    dir = dirname(dir);
  }
  return packageBin;
}

/** A non-empty CLAWPERATOR_BIN, else this very CLI, else `clawperator` on PATH. */
export function resolveClawperatorBin(env: NodeJS.ProcessEnv = process.env): string {
  if (env.CLAWPERATOR_BIN && env.CLAWPERATOR_BIN.trim() !== "") return env.CLAWPERATOR_BIN;
  return ownBin() ?? findOnPath("clawperator", env) ?? "clawperator";
}
