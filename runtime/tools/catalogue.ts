import { ACTION_TOOLS } from "./action-tools.ts";
import type { AgentTool } from "./agent-tool.ts";
import { COMMAND_TOOLS } from "./command-tools.ts";
import { DEVICE_CONTROL_TOOLS } from "./device-control-tools.ts";
import { DEVICE_TOOLS } from "./device-tools.ts";
import { RECORDING_TOOLS } from "./recording-tools.ts";
import { SKILLS_ADMIN_TOOLS } from "./skills-admin-tools.ts";
import { SKILLS_TOOLS } from "./skills-tools.ts";

/** Every agent tool, in the order an agent's observe -> act -> verify loop meets them. */
export const TOOL_CATALOGUE: readonly AgentTool[] = [
  ...DEVICE_TOOLS,
  ...ACTION_TOOLS,
  ...DEVICE_CONTROL_TOOLS,
  ...COMMAND_TOOLS,
  ...SKILLS_TOOLS,
  ...SKILLS_ADMIN_TOOLS,
  ...RECORDING_TOOLS,
];
