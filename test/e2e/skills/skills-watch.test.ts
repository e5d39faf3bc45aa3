import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ResourceListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SkillStatusReport } from "../../../core/services/skills.ts";
import { CLI_BIN } from "../../helpers/cli-paths.ts";
import { spawnCli } from "../../helpers/run-cli.ts";
import { type SkillsWorkspace, skillMd, skillsWorkspaces } from "../../helpers/skills-workspace.ts";
import { connectSse } from "../serve/sse-client.ts";

const workspace = skillsWorkspaces("clawperator-skills-watch-");
const SECRET = "watched-secret-6618";
let w: SkillsWorkspace;
const stops: (() => Promise<unknown>)[] = [];

beforeEach(async () => {
  w = await workspace();
  w.skill(join(w.ws, "skills"), "first", skillMd("name: first\ndescription: There from the start."));
  w.writeConfig({
    agents: {
      list: [
        { id: "main", default: true },
        { id: "narrow", skills: ["first"] },
      ],
    },
    skills: { entries: { first: { apiKey: SECRET } } },
  });
});
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

const add = (name: string, description = "added while running") =>
  w.skill(join(w.ws, "skills"), name, skillMd(`name: ${name}\ndescription: ${description}`));

describe("serve keeps a watched snapshot", () => {
  it("a SKILL.md added appears in the next request after an SSE event, a removed one goes; so does a config edit", async () => {
    const serve = spawnCli(["serve", "--port", "0", "--config", w.config], { cwd: w.ws, env: w.env });
    stops.push(async () => {
      serve.kill("SIGTERM");
      await serve;
    });
    const banner = await new Promise<{ port: number }>((resolve, reject) => {
      let out = "";
      serve.stdout!.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes("\n")) resolve(JSON.parse(out.slice(0, out.indexOf("\n"))));
      });
      void serve.then((r) => reject(new Error(`serve exited: ${r.stdout}${r.stderr}`)));
    });
    const url = `http://127.0.0.1:${banner.port}`;
    const names = async (path = "/skills/status") => {
      const body = (await (await fetch(`${url}${path}`)).json()) as SkillStatusReport;
      return body.skills.map((s) => s.name).filter((n) => n !== "clawperator");
    };
    const sse = await connectSse(`${url}/events`);
    stops.push(async () => sse.close());
    expect(await names()).toEqual(["first"]);
    const versionOf = async () => ((await (await fetch(`${url}/skills/status`)).json()) as SkillStatusReport).version;
    const before = await versionOf();

    add("hot");
    const changed = await sse.next((e) => e.event === "clawperator:skills-changed" && Number(e.data.version) > before);
    expect(await names()).toEqual(["first", "hot"]);
    expect(await versionOf()).toBe(changed.data.version);

    rmSync(join(w.ws, "skills", "hot"), { recursive: true });
    await sse.next(
      (e) => e.event === "clawperator:skills-changed" && Number(e.data.version) > Number(changed.data.version),
    );
    expect(await names()).toEqual(["first"]);

    // The config is watched too: an edit is read again (here: the skill disabled).
    const seen = sse.events.length;
    const config = JSON.parse(readFileSync(w.config, "utf8"));
    config.skills.entries.first.enabled = false;
    writeFileSync(w.config, JSON.stringify(config));
    await sse.next((e) => e.event === "clawperator:skills-changed" && sse.events.indexOf(e) >= seen);
    const status = (await (await fetch(`${url}/skills/status`)).json()) as SkillStatusReport;
    expect(status.skills.find((s) => s.name === "first")).toMatchObject({ disabled: true });
    const everything = sse.events.map((e) => JSON.stringify(e)).join("\n") + JSON.stringify(status);
    expect(everything).not.toContain(SECRET);
  });
});

describe("mcp keeps a watched snapshot and tells its client", () => {
  async function connect(args: string[] = []) {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI_BIN, "mcp", "--config", w.config, ...args],
      cwd: w.ws,
      env: w.env,
      stderr: "pipe",
    });
    const client = new Client({ name: "clawperator-e2e", version: "1.0.0" });
    await client.connect(transport);
    stops.push(() => client.close());
    return client;
  }

  it("resources list the agent's skills; a SKILL.md added is list_changed, then listed; the prompt block is served", async () => {
    const client = await connect();
    const listChanged: number[] = [];
    let onChange: () => void = () => {};
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () => {
      listChanged.push(Date.now());
      onChange();
    });
    const skillUris = async () =>
      (await client.listResources()).resources.map((r) => r.uri).filter((u) => u.startsWith("clawperator://skills/"));
    expect(await skillUris()).toContain("clawperator://skills/first");
    const notified = new Promise<void>((resolve) => {
      onChange = resolve;
    });
    add("hot", "from mcp's test");
    await notified;
    expect(await skillUris()).toContain("clawperator://skills/hot");
    const prompt = await client.readResource({ uri: "clawperator://skills/prompt" });
    expect((prompt.contents[0] as { text: string }).text).toContain("<name>hot</name>");
    const fromPrompt = await client.getPrompt({ name: "skills" });
    expect(JSON.stringify(fromPrompt.messages)).toContain("<name>first</name>");
    const instructions = await client.readResource({ uri: "clawperator://skills/first" });
    expect((instructions.contents[0] as { text: string }).text).toBe("body\n");
    const listed = await client.callTool({ name: "clawperator_skills_list", arguments: {} });
    expect(JSON.stringify(listed.structuredContent)).toContain('"hot"');
  });

  it("mcp --agent scopes every skills surface to that agent's allowlist", async () => {
    add("other");
    const client = await connect(["--agent", "narrow"]);
    const listed = (await client.callTool({ name: "clawperator_skills_list", arguments: {} })).structuredContent as {
      skills: { id: string }[];
    };
    expect(listed.skills.map((s) => s.id)).toEqual(["first"]);
    const uris = (await client.listResources()).resources.map((r) => r.uri);
    expect(uris).toContain("clawperator://skills/first");
    expect(uris).not.toContain("clawperator://skills/other");
    const refused = await client.callTool({ name: "clawperator_skills_get", arguments: { skillId: "other" } });
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent).toMatchObject({ error: { code: "SKILL_NOT_ELIGIBLE" } });
  });

  it("an unknown --agent fails the session's start with AGENT_NOT_FOUND", async () => {
    const result = await spawnCli(["mcp", "--agent", "ghost", "--config", w.config], { cwd: w.ws, env: w.env });
    expect(result.exitCode).toBe(1);
    expect(String(result.stderr)).toContain("AGENT_NOT_FOUND");
  });
});
