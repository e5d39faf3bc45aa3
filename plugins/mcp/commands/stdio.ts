import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { Logger } from "../../../core/services/logger.ts";
import type { ServiceAccess } from "../../../core/kernel/index.ts";
import { Skills } from "../../../core/services/skills.ts";
import { createMcpServer } from "../server/create-mcp-server.ts";

/** An unknown --agent fails before the session starts (AGENT_NOT_FOUND), not at the client's first skills call. */
async function checkAgent(services: ServiceAccess, agentId: string): Promise<void> {
  if (services.isRegistered(Skills)) await services.resolve(Skills).bins({ agentId });
}

/** Resolves when the client is gone (stdin ended or closed) or the process is asked to stop. */
function untilClientLeaves(transportClosed: Promise<void>): Promise<string> {
  return new Promise((resolve) => {
    const done = (why: string) => () => resolve(why);
    process.stdin.once("end", done("stdin ended"));
    process.stdin.once("close", done("stdin closed"));
    for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) process.once(signal, done(signal));
    void transportClosed.then(done("transport closed"));
  });
}

/**
 * MCP over stdio for one client's whole session: stdout carries protocol messages only (logs go to stderr), and
 * the session ends when the client closes stdin or the process gets SIGTERM.
 */
export async function serveStdio(services: ServiceAccess, logger: Logger, agentId?: string): Promise<void> {
  if (agentId !== undefined) await checkAgent(services, agentId);
  const session = await createMcpServer(services, logger, agentId === undefined ? {} : { agentId });
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = resolve;
  });
  await session.server.connect(transport);
  const why = await untilClientLeaves(closed);
  logger.info(`mcp: ${why}; closing the session`);
  await session.close();
}
