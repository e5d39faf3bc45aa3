import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { beforeAll, describe, expect, it } from "vitest";
import { virtualSession } from "../../helpers/virtual-session.ts";
import { startServe } from "../serve/serve-process.ts";
import { stdioClient, textOf } from "./mcp-client.ts";

const session = virtualSession();
let serials: string[];
let configured: string;

beforeAll(async () => {
  serials = [];
  for (let i = 0; i < 3; i++) serials.push((await session.startDevice()).serial);
  configured = join(session.harness.home, "project");
  await mkdir(configured);
  await writeFile(join(configured, ".clawperatorrc.json"), JSON.stringify({ deviceId: serials[2] }));
});

/** The device `clawperator_view {}` (no deviceId) ran on, through `mcp` started with `env`, `args` in `cwd`. */
async function viewedBy(env: Record<string, string>, args: string[] = [], cwd?: string): Promise<string> {
  const { client } = await stdioClient(session, env, { args, ...(cwd ? { cwd } : {}) });
  try {
    const result = (await client.callTool({ name: "clawperator_view", arguments: {} })) as CallToolResult;
    expect(result.isError, textOf(result)).toBeFalsy();
    return (result.structuredContent as { deviceId: string }).deviceId;
  } finally {
    await client.close();
  }
}

describe("the default device: --device-id, then CLAWPERATOR_DEVICE_ID, then the config, for every front end", () => {
  it("mcp takes CLAWPERATOR_DEVICE_ID with several devices connected", async () => {
    expect(await viewedBy({ CLAWPERATOR_DEVICE_ID: serials[0]! })).toBe(serials[0]);
  });

  it("mcp takes --device-id over CLAWPERATOR_DEVICE_ID", async () => {
    expect(await viewedBy({ CLAWPERATOR_DEVICE_ID: serials[0]! }, ["--device-id", serials[1]!])).toBe(serials[1]);
  });

  it("in a folder whose config names another device, mcp and the CLI both take the environment's", async () => {
    const env = { CLAWPERATOR_DEVICE_ID: serials[0]! };
    expect(await viewedBy(env, [], configured)).toBe(serials[0]);
    const cli = await session.json<{ deviceId: string }>(["observe", "view"], { env, cwd: configured });
    expect(cli.body.deviceId).toBe(serials[0]);
    // Without the environment, the config's.
    expect(await viewedBy({}, [], configured)).toBe(serials[2]);
  });

  it("serve takes CLAWPERATOR_DEVICE_ID for a body that names no device", async () => {
    const serve = await startServe(session, [], { env: { CLAWPERATOR_DEVICE_ID: serials[1]! }, cwd: configured });
    try {
      const { status, body } = await serve.request<{ deviceId: string }>("/observe/view", { body: {} });
      expect(status).toBe(200);
      expect(body.deviceId).toBe(serials[1]);
    } finally {
      await serve.stop();
    }
  });

  it("an environment serial adb would never print is INVALID_DEVICE_ID, before anything runs", async () => {
    const { exitCode, stderr } = await session.cli(["mcp"], { env: { CLAWPERATOR_DEVICE_ID: "-rf" }, input: "" });
    expect(exitCode).toBe(1);
    expect(JSON.parse(stderr).code).toBe("INVALID_DEVICE_ID");
  });
});
