import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defineConfig } from "../../config/define-config.ts";
import { loadConfig } from "../../config/load-config.ts";
import { caught } from "../helpers/caught.ts";
import { tempDirs } from "../helpers/temp-dirs.ts";

const makeDir = tempDirs("clawperator-config-");

/** Loads `content` as `file` from a fresh folder, expecting CONFIG_INVALID; returns the error and the file's path. */
async function invalidConfig(file: string, content: string) {
  const dir = await makeDir({ [file]: content });
  const error = await caught(() => loadConfig({ cwd: dir }));
  expect(error.code).toBe("CONFIG_INVALID");
  return { error, path: join(dir, file) };
}

describe("invalid configs are CONFIG_INVALID with the file, the key path and the reason", () => {
  it("a value of the wrong type", async () => {
    const { error, path } = await invalidConfig("clawperator.config.json", JSON.stringify({ serve: { port: "8080" } }));
    expect(error.message).toContain(path);
    expect(error.message).toContain("serve.port");
    expect(error.message).toContain('must be a number (got "8080")');
    expect(error.details).toMatchObject({ file: path, path: "serve.port" });
  });

  it("a number out of range", async () => {
    const { error } = await invalidConfig(".clawperatorrc.yaml", "policy:\n  maxTimeoutMs: 500\n");
    expect(error.message).toContain("policy.maxTimeoutMs");
    expect(error.message).toMatch(/>=\s*1000/);
  });

  it("an unknown top-level key", async () => {
    const { error, path } = await invalidConfig(
      "clawperator.config.json",
      JSON.stringify({ deviceID: "emulator-5554" }),
    );
    expect(error.message).toContain(path);
    expect(error.message).toContain("deviceID: is not a known key");
    expect(error.details).toMatchObject({ path: "deviceID" });
  });

  it("an unknown nested key names its full key path", async () => {
    const { error } = await invalidConfig("clawperator.config.json", JSON.stringify({ serve: { prot: 8080 } }));
    expect(error.message).toContain("serve.prot: is not a known key");
  });

  it("an operatorPackage that is not an Android application id", async () => {
    const { error, path } = await invalidConfig(
      "clawperator.config.ts",
      'export default { operatorPackage: "clawperator operator" };\n',
    );
    expect(error.message).toContain(path);
    expect(error.message).toContain("operatorPackage");
    expect(error.message).toContain("Android application id");
  });

  it("a plugin entry that is neither a name, a [name, options] pair nor a plugin", async () => {
    const { error } = await invalidConfig("clawperator.config.json", JSON.stringify({ plugins: ["ok", 3] }));
    expect(error.message).toContain("plugins.1");
  });

  it("lists every issue in details, the first in the message", async () => {
    const { error } = await invalidConfig(
      "clawperator.config.json",
      JSON.stringify({ deviceId: 5, serve: { port: -1 } }),
    );
    expect(error.message).toContain("deviceId");
    expect((error.details as { issues: { path: string }[] }).issues.map((i) => i.path)).toEqual([
      "deviceId",
      "serve.port",
    ]);
  });

  it("a syntax error in a .ts config names the file", async () => {
    const { error, path } = await invalidConfig("clawperator.config.ts", "export default { deviceId: 'x' \n");
    expect(error.message).toContain(path);
    expect(error.message).toContain("could not be loaded");
    expect(error.details).toMatchObject({ file: path });
  });

  it("a config that throws while loading names the file and the thrown message", async () => {
    const { error, path } = await invalidConfig(
      "clawperator.config.mjs",
      'throw new Error("DEVICE env var is not set");\n',
    );
    expect(error.message).toContain(path);
    expect(error.message).toContain("DEVICE env var is not set");
  });

  it("malformed JSON names the file", async () => {
    const { error, path } = await invalidConfig(".clawperatorrc.json", '{ "deviceId": ');
    expect(error.message).toContain(path);
  });

  it.each([
    ['{\n  "deviceId": "x",\n  "operatorPackage": oops\n}\n', 3, 22, 'unexpected character "o"; expected a value'],
    ['{\n  "deviceId": "x",\n}\n', 2, 18, 'trailing comma before "}"'],
    ['{\n  "deviceId": "x"\n  "transport": "adb"\n}', 3, 3, 'unexpected character "\\""; expected "," or "}"'],
    ['{ "plugins": [1, 2 ', 1, 20, 'unexpected end of file; expected "," or "]"'],
    ['{ "deviceId": "a\tb" }', 1, 17, "unescaped control character in a string"],
    ['{ "deviceId": "x" } }', 1, 21, 'unexpected character "}" after the end of the JSON value'],
  ])("a JSON syntax error gives the reason, line and column: %j", async (text, line, column, reason) => {
    const { error, path } = await invalidConfig(".clawperatorrc.json", text);
    expect(error.message).toBe(`${path}: line ${line}, column ${column}: ${reason}`);
    expect(error.details).toEqual({ file: path, line, column, reason });
  });

  it("a JSON syntax error 20,000 levels deep is still located (the scanner keeps its own stack)", async () => {
    const { error, path } = await invalidConfig(
      ".clawperatorrc.json",
      `{ "plugins": ${"[".repeat(20_000)}1,${"]".repeat(20_000)} }`,
    );
    expect(error.message).toBe(`${path}: line 1, column 20015: trailing comma before "]"`);
  });

  it("a YAML syntax error gives the reason, line and column", async () => {
    const { error, path } = await invalidConfig(".clawperatorrc.yaml", "deviceId: x\npolicy: [\n  a: b\n");
    expect(error.message).toBe(`${path}: line 4, column 1: unexpected end of the stream within a flow collection`);
    expect(error.details).toMatchObject({ line: 4, column: 1 });
  });
});

describe("valid configs", () => {
  it("keep every documented key", async () => {
    const config = {
      plugins: ["clawperator-plugin-hello", ["./local.ts", { greeting: "Hi" }]],
      disablePlugins: ["virtual"],
      deviceId: "emulator-5554",
      operatorPackage: "com.clawperator.operator.dev",
      operatorAction: "app.actiontask.operator.ACTION_AGENT_COMMAND",
      adbPath: "/opt/android/platform-tools/adb",
      transport: "adb",
      serve: { host: "127.0.0.1", port: 3000, token: "secret" },
      skills: {
        registry: "https://example.com/skills.json",
        dir: "skills",
        entries: { "com.x.y": { enabled: true, env: { A: "b" } } },
      },
      policy: { allowActions: ["click"], denyPackages: ["com.bank"], maxTimeoutMs: 60_000 },
    };
    const dir = await makeDir({ "clawperator.config.json": JSON.stringify(config) });
    expect(await loadConfig({ cwd: dir })).toEqual({ ...config, filepath: join(dir, "clawperator.config.json") });
  });

  it("defineConfig returns its input", () => {
    const input = { deviceId: "emulator-5554", plugins: ["x"] };
    expect(defineConfig(input)).toBe(input);
  });

  it("a .ts config may import defineConfig and use TypeScript syntax", async () => {
    const source = new URL("../../config/define-config.ts", import.meta.url).pathname;
    const dir = await makeDir({
      "clawperator.config.ts": `import { defineConfig } from ${JSON.stringify(source)};
interface Team { device: string }
const team: Team = { device: "emulator-5556" };
export default defineConfig({ deviceId: team.device, serve: { port: 4000 } });
`,
    });
    expect(await loadConfig({ cwd: dir })).toMatchObject({ deviceId: "emulator-5556", serve: { port: 4000 } });
  });
});

describe("a config value validated once is not validated again", () => {
  it("gives the same result from the cache, and a changed value is validated afresh", async () => {
    const valid = { deviceId: "emulator-5554", serve: { port: 8080 } };
    const dir = await makeDir({ "clawperator.config.json": JSON.stringify(valid) });
    const first = await loadConfig({ cwd: dir });
    const second = await loadConfig({ cwd: dir });
    expect(second).toEqual(first);
    expect(second).toMatchObject({
      deviceId: "emulator-5554",
      plugins: [],
      disablePlugins: [],
      filepath: join(dir, "clawperator.config.json"),
    });

    const changed = await makeDir({ "clawperator.config.json": JSON.stringify({ ...valid, serve: { port: "8080" } }) });
    expect((await caught(() => loadConfig({ cwd: changed }))).code).toBe("CONFIG_INVALID");
    expect((await caught(() => loadConfig({ cwd: changed }))).code).toBe("CONFIG_INVALID");
  });
});
