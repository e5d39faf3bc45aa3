export {
  jsonSchemaOf,
  parseInput,
  zodTool,
  type AgentTool,
  type JsonSchema,
  type ToolContext,
  type ToolOutput,
} from "./agent-tool.ts";
export { TOOL_CATALOGUE } from "./catalogue.ts";
