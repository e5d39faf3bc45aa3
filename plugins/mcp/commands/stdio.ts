import type { Logger } from "../../../core/services/logger.ts";
import type { ServiceAccess } from "../../../core/kernel/index.ts";
import { Skills } from "../../../core/services/skills.ts";
import { createMcpServer } from "../server/create-mcp-server.ts";
import { CheckedStdioTransport } from "../stdio/checked-stdio.ts";

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
 * the session ends when the client closes stdin or the process gets SIGTERM. Calls still running then go on to
 * their real end (an execution the device is doing, within its own timeout), unanswered, before this returns: the
 * device's lock is released when the device is done, and the process may end.
 */
export async function serveStdio(services: ServiceAccess, logger: Logger, agentId?: string): Promise<void> {
  if (agentId !== undefined) await checkAgent(services, agentId);
  const session = await createMcpServer(services, logger, agentId === undefined ? {} : { agentId });
  const transport = new CheckedStdioTransport(process.stdin, process.stdout);
  const closed = new Promise<void>((resolve) => {
    transport.onclose = resolve;
  });
  await session.server.connect(transport);
  const why = await untilClientLeaves(closed);
  const running = session.calls.size;
  logger.info(`mcp: ${why}; closing the session${running ? `, after the ${running} call(s) still running end` : ""}`);
  // Closing first tells every call it is no longer awaited (a skill's script stops); executions run to their end.
  await session.close();
  await session.calls.settled();
}
