import { describe, expect, it } from "vitest";
import { runsInProcess, servesMcpSession } from "../../cli/daemon/request.ts";

describe("which process serves a call", () => {
  it("an MCP client's stdio session, with flags of its own, is a spare MCP server's to serve", () => {
    for (const argv of [["mcp"], ["mcp", "--verbose"], ["mcp", "--output", "json"]])
      expect(servesMcpSession(argv), argv.join(" ")).toBe(true);
  });

  it("HTTP, help, global flags first and other commands are not", () => {
    for (const argv of [
      ["mcp", "--http"],
      ["mcp", "--http=true", "--port", "3000"],
      ["mcp", "--help"],
      ["mcp", "-h"],
      ["--verbose", "mcp"],
      ["serve"],
      ["devices"],
      [],
    ])
      expect(servesMcpSession(argv), argv.join(" ")).toBe(false);
  });

  it("the long-running commands always run in the caller's process, never in the CLI's runtime", () => {
    for (const argv of [["serve"], ["mcp"], ["mcp", "--http"], ["virtual", "start"], ["daemon", "stop"]])
      expect(runsInProcess(argv), argv.join(" ")).toBe(true);
    for (const argv of [["devices"], ["virtual", "list"], ["observe", "snapshot"]])
      expect(runsInProcess(argv), argv.join(" ")).toBe(false);
  });
});
