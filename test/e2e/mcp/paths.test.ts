import { existsSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { virtualSession } from "../../helpers/virtual-session.ts";
import { startServe, type RunningServe } from "../serve/serve-process.ts";
import { stdioClient, textOf } from "./mcp-client.ts";

const session = virtualSession();
let serial: string;
let client: Client;
let serve: RunningServe;
/** Outside the session's HOME and temp directory (the default allowed ones), removed at the end. */
let outside: string;

beforeAll(async () => {
  serial = (await session.startDevice()).serial;
  outside = mkdtempSync("/var/tmp/clawperator-e2e-outside-");
  ({ client } = await stdioClient(session));
  serve = await startServe(session);
});
afterAll(async () => {
  await client?.close();
  await serve?.stop();
  rmSync(outside, { recursive: true, force: true });
});

const call = async (name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;

describe("every path an agent names is confined to the allowed directories", () => {
  it("clawperator_record_pull refuses an out outside them, or leading out through a link, and creates nothing", async () => {
    await call("clawperator_record_start", { deviceId: serial, sessionId: "paths-1" });
    await call("clawperator_record_stop", { deviceId: serial, sessionId: "paths-1" });
    symlinkSync(outside, join(session.harness.home, "out-link"));
    for (const out of [join(outside, "deep", "er"), join(session.harness.home, "out-link", "new")]) {
      const result = await call("clawperator_record_pull", { deviceId: serial, sessionId: "paths-1", out });
      expect(result.isError, textOf(result)).toBe(true);
      expect(textOf(result)).toContain("PATH_NOT_ALLOWED");
    }
    expect(existsSync(join(outside, "deep"))).toBe(false);
    expect(existsSync(join(outside, "new"))).toBe(false);
    // Inside, as before.
    const inside = await call("clawperator_record_pull", { deviceId: serial, sessionId: "paths-1" });
    expect(inside.isError, textOf(inside)).toBeFalsy();
  });

  it("clawperator_screenshot and POST /observe/screenshot refuse a path outside them", async () => {
    const path = join(outside, "shot.png");
    const tool = await call("clawperator_screenshot", { deviceId: serial, path });
    expect(tool.isError).toBe(true);
    expect(textOf(tool)).toContain("SCREENSHOT_PATH_REFUSED");
    const route = await serve.request<{ ok: boolean; envelope?: unknown }>("/observe/screenshot", {
      body: { deviceId: serial, path },
    });
    expect(JSON.stringify(route.body)).toContain("SCREENSHOT_PATH_REFUSED");
    expect(existsSync(path)).toBe(false);
  });
});
