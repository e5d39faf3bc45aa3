import { jsonSchemaOf, TOOL_CATALOGUE } from "../../runtime/tools/index.ts";
import { PLUGIN_ID } from "./plugin-id.ts";
import { PluginConfigSchema } from "./plugin-config.ts";

/**
 * openclaw.plugin.json, derived from the code: the tool names the entry registers and the config schema it
 * parses. scripts/openclaw-manifest.mjs writes it; a test fails when the committed file drifts.
 */
export function buildManifest() {
  return {
    id: PLUGIN_ID,
    name: "Clawperator",
    description:
      "Operate Android devices from OpenClaw: observe, act and verify through validated Clawperator " +
      "executions over adb, plus the Clawperator skills registry.",
    categories: ["developer-tools"],
    skills: ["./plugins/openclaw/skills", "./plugins/openclaw/generated-skills"],
    contracts: { tools: TOOL_CATALOGUE.map((tool) => tool.name) },
    activation: { onStartup: true },
    configSchema: jsonSchemaOf(PluginConfigSchema),
  };
}
