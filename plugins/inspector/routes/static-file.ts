import { existsSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineHandler } from "h3";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { STATIC_FILES, type StaticFileName } from "../static-files.ts";

/**
 * The page may run only its own scripts and styles and talk only to this server: a node text that got into the
 * markup could still run nothing (no inline script, no inline handler), and no frame may embed the page.
 */
const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob:; connect-src 'self'; " +
  "base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

let folder: string | undefined;

/** plugins/inspector/static of this package, found from this module in source, dist/ or a bundle chunk. */
function staticFolder(): string {
  if (folder) return folder;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const manifest = join(dir, "package.json");
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, "utf8")) as { name?: string }).name === "clawperator"
    ) {
      folder = join(dir, "plugins", "inspector", "static");
      return folder;
    }
    dir = dirname(dir);
  }
  throw new Error("the inspector's static files are not where the package keeps them");
}

/** GET / and GET /inspector/<file>: one of STATIC_FILES, never a path the request names. */
export default defineHandler(async (event) => {
  const requested = event.url.pathname === "/" ? "index.html" : event.url.pathname.slice("/inspector/".length);
  if (!Object.hasOwn(STATIC_FILES, requested))
    throw new ClawperatorError("ROUTE_NOT_FOUND", `the inspector has no file ${JSON.stringify(requested)}`);
  const name = requested as StaticFileName;
  const body = await readFile(join(staticFolder(), name));
  return new Response(body, {
    headers: {
      "content-type": STATIC_FILES[name],
      "content-security-policy": CSP,
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
      "cache-control": "no-store",
    },
  });
});
