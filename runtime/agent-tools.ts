import { ClawperatorError } from "../core/contracts/clawperator-error.ts";
import type { Kernel } from "../core/kernel/index.ts";
import type { AgentToolEntry, AgentTools } from "../core/services/agent-tools.ts";
import { builtToolDescriptions, describeTool, type ToolDescription } from "./tool-descriptions.ts";
import type { AgentTool } from "./tools/agent-tool.ts";

/** The catalogue's tools and the runtime they run on: loaded by a tool's first call. */
async function bindCatalogue(kernel: Kernel) {
  const [{ TOOL_CATALOGUE }, { clawperatorOf }] = await Promise.all([
    import("./tools/catalogue.js"),
    import("./create-clawperator.js"),
  ]);
  return {
    tools: new Map<string, AgentTool>(TOOL_CATALOGUE.map((tool) => [tool.name, tool])),
    clawperator: clawperatorOf(kernel),
  };
}

/** What the build wrote of the catalogue, else the catalogue itself described (zod's JSON Schema of each tool). */
async function describeCatalogue(): Promise<readonly ToolDescription[]> {
  return builtToolDescriptions() ?? (await import("./tools/catalogue.js")).TOOL_CATALOGUE.map(describeTool);
}

/**
 * The AgentTools service of a kernel. Listing costs a JSON file the build wrote (no zod, no contracts: a front end
 * answers `tools/list` at once); the catalogue's modules and the runtime load on the first call of a tool.
 */
export function agentToolsOf(kernel: Kernel): AgentTools {
  let entries: Promise<readonly AgentToolEntry[]> | undefined;
  let bound: ReturnType<typeof bindCatalogue> | undefined;
  const call = async (name: string, ...[input, options = {}]: Parameters<AgentToolEntry["call"]>) => {
    bound ??= bindCatalogue(kernel);
    const { tools, clawperator } = await bound;
    const tool = tools.get(name);
    if (!tool) throw new ClawperatorError("INTERNAL_ERROR", `the tool catalogue of this build has no "${name}"`);
    return tool.run({ ...options, clawperator: async () => clawperator }, input);
  };
  return {
    list() {
      entries ??= describeCatalogue().then((described) =>
        described.map((description) => ({
          ...description,
          call: (input, options) => call(description.name, input, options),
        })),
      );
      return entries;
    },
  };
}
