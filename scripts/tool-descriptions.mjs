// Writes dist/cli/tool-descriptions.json, the agent tool catalogue's names, hints and JSON Schemas, so that the
// CLI's MCP server answers tools/list without loading the catalogue and converting its zod contracts at every
// start. A build step after tsc and the bundle (package.json "build", test/helpers/build-cli.ts).
import { resolve } from "node:path";
import { writeToolDescriptions } from "../dist/runtime/tool-descriptions.js";
import { TOOL_CATALOGUE } from "../dist/runtime/tools/catalogue.js";

writeToolDescriptions(resolve(import.meta.dirname, ".."), TOOL_CATALOGUE);
