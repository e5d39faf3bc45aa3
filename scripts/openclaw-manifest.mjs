// Writes openclaw.plugin.json from the built code (the tool catalogue and the plugin's config schema), so the
// manifest OpenClaw reads cannot drift from what the entry registers. Run `npm run openclaw:manifest`.
import { writeFileSync } from "node:fs";
import { buildManifest } from "../dist/plugins/openclaw/manifest.js";

writeFileSync("openclaw.plugin.json", `${JSON.stringify(buildManifest(), null, 2)}\n`);
console.log(`openclaw.plugin.json: ${buildManifest().contracts.tools.length} tools`);
