import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { CLI_BIN } from "../../helpers/cli-paths.ts";
import type { VirtualSession } from "../../helpers/virtual-session.ts";

/**
 * The SDK's own client over stdio, spawning the built CLI's `mcp` in the session's HOME and adb server.
 */
export async function stdioClient(
  session: VirtualSession,
  env: Record<string, string> = {},
  options: { args?: readonly string[]; cwd?: string } = {},
): Promise<{ client: Client; transport: StdioClientTransport; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI_BIN, "mcp", ...(options.args ?? [])],
    cwd: options.cwd ?? session.harness.home,
    env: {
      PATH: process.env.PATH!,
      TMPDIR: session.harness.home,
      ...session.harness.env,
      ...env,
    },
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const client = new Client({ name: "clawperator-e2e", version: "1.0.0" });
  await client.connect(transport);
  return { client, transport, stderr: () => stderr };
}

export const textOf = (result: CallToolResult) =>
  result.content.flatMap((c) => (c.type === "text" ? [c.text] : [])).join("\n");
