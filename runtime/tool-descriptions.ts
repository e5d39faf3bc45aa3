import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { packageRoot } from "../core/package-version.ts";
import type { AgentToolEntry } from "../core/services/agent-tools.ts";
import type { AgentTool } from "./tools/agent-tool.ts";

/** A catalogue tool as front ends list it: everything but the call. */
export type ToolDescription = Omit<AgentToolEntry, "call">;

/** A tool's description: its JSON Schemas generated from its zod contracts. */
export function describeTool(tool: AgentTool): ToolDescription {
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: tool.parameters(),
    outputSchema: tool.output(),
    hints: tool.hints,
  };
}

const descriptionsFile = (root: string) => join(root, "dist", "cli", "tool-descriptions.json");

/** The CLI bundle the descriptions were written for: a bundle built again without them does not use them. */
function bundleFingerprint(root: string): string {
  const bin = statSync(join(root, "dist", "cli", "bin.cjs"));
  return `${bin.size}:${bin.mtimeMs}`;
}

/**
 * Writes the catalogue's descriptions beside the CLI's bundle (scripts/tool-descriptions.mjs, a step of the
 * build after the bundle): generating every tool's JSON Schemas would cost each MCP start a load of zod.
 */
export function writeToolDescriptions(root: string, tools: readonly AgentTool[]): void {
  const file = { bundle: bundleFingerprint(root), tools: tools.map(describeTool) };
  writeFileSync(descriptionsFile(root), `${JSON.stringify(file)}\n`);
}

/**
 * The descriptions the build wrote, when this runs from the CLI bundle they were written for; otherwise (from
 * source, tsc's output, or a bundle built again without them) undefined: the catalogue is described as it is.
 */
export function builtToolDescriptions(): ToolDescription[] | undefined {
  const root = packageRoot();
  if (!root || !fileURLToPath(import.meta.url).startsWith(join(root, "dist", "cli"))) return undefined;
  try {
    const file = JSON.parse(readFileSync(descriptionsFile(root), "utf8")) as {
      bundle: string;
      tools: ToolDescription[];
    };
    return file.bundle === bundleFingerprint(root) ? file.tools : undefined;
  } catch {
    return undefined;
  }
}
