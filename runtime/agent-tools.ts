import type { Kernel } from "../core/kernel/index.ts";
import type { AgentToolEntry, AgentTools } from "../core/services/agent-tools.ts";

/** Every tool of the catalogue bound to `kernel`: what front end plugins (MCP) offer, without importing runtime/. */
async function bindCatalogue(kernel: Kernel): Promise<readonly AgentToolEntry[]> {
  const [{ TOOL_CATALOGUE }, { clawperatorOf }] = await Promise.all([
    import("./tools/catalogue.js"),
    import("./create-clawperator.js"),
  ]);
  const clawperator = clawperatorOf(kernel);
  return TOOL_CATALOGUE.map((tool) => ({
    name: tool.name,
    description: tool.description,
    inputSchema: tool.parameters(),
    outputSchema: tool.output(),
    hints: tool.hints,
    call: (input, options = {}) => tool.run({ ...options, clawperator: async () => clawperator }, input),
  }));
}

/** The AgentTools service of a kernel: the catalogue's modules (zod, the contracts) load on the first list(). */
export function agentToolsOf(kernel: Kernel): AgentTools {
  let entries: Promise<readonly AgentToolEntry[]> | undefined;
  return {
    list() {
      entries ??= bindCatalogue(kernel);
      return entries;
    },
  };
}
