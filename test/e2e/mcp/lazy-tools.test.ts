import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { toMcpTool } from "../../../plugins/mcp/server/tool-results.ts";
import { describeTool } from "../../../runtime/tool-descriptions.ts";
import { TOOL_CATALOGUE } from "../../../runtime/tools/index.ts";
import { CLI_BIN } from "../../helpers/cli-paths.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";
import { textOf } from "./mcp-client.ts";

const makeDir = tempDirs("clawperator-mcp-lazy-");
let home = "";
let client: Client;

beforeAll(async () => {
  home = await makeDir();
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI_BIN, "mcp"],
    cwd: home,
    env: { PATH: process.env.PATH!, HOME: home, TMPDIR: home },
    stderr: "ignore",
  });
  client = new Client({ name: "clawperator-e2e", version: "1.0.0" });
  await client.connect(transport);
});
afterAll(async () => {
  await client?.close();
});

it("lists every tool, as the catalogue describes it now (from the descriptions the build wrote)", async () => {
  const { tools } = await client.listTools();
  const described = TOOL_CATALOGUE.map((tool) =>
    toMcpTool({ ...describeTool(tool), call: async () => ({ text: "", details: {} }) }),
  );
  expect(tools).toEqual(described);
});

it("validates a tool's input on its first call", async () => {
  const result = (await client.callTool({ name: "clawperator_view", arguments: { deviceId: "" } })) as CallToolResult;
  expect(result.isError).toBe(true);
  expect(textOf(result)).toContain("EXECUTION_VALIDATION_FAILED");
});
