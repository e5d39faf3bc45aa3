import { describe, expect, it, vi } from "vitest";
import type { SkillPrecedence } from "../../../core/kernel/index.ts";
import { resolveAgent } from "../../../plugins/skills/agents/agent-filter.ts";
import { type EligibilityInput, evaluateEligibility } from "../../../plugins/skills/gating/eligibility.ts";
import { formatSkillsForPrompt } from "../../../plugins/skills/prompt/format-prompt.ts";
import { parseFrontmatter } from "../../../plugins/skills/sources/frontmatter.ts";
import { invocationPolicy, skillMetadata } from "../../../plugins/skills/sources/skill-metadata.ts";
import { installOptions, installPreferences } from "../../../plugins/skills/status/install-options.ts";
import { caught } from "../../helpers/caught.ts";

const BINS = new Set(["git", "node"]);
const base = (metadata: unknown, extra: Partial<EligibilityInput> = {}): EligibilityInput => ({
  metadata: skillMetadata({ metadata: metadata as Record<string, unknown> }),
  precedence: "workspace" as SkillPrecedence,
  name: "s",
  skillKey: "s",
  config: { serve: { token: "t" }, skills: {} },
  env: { HOME: "/h", PRESENT: "1", BLANK: "  " },
  platform: "linux",
  hasBin: (b) => BINS.has(b),
  ...extra,
});
const oc = (openclaw: unknown) => ({ openclaw });
const none = { bins: [], anyBins: [], env: [], config: [], os: [], packages: [] };

describe("frontmatter as real SKILL.md files write it", () => {
  it("a multi-line YAML block holding JSON5 (trailing commas) gives its gates, emoji and install list", () => {
    const fm = parseFrontmatter(
      [
        "---",
        "name: gemini",
        'description: "Gemini CLI one-shot prompts."',
        "homepage: https://ai.google.dev/",
        "metadata:",
        "  {",
        '    "openclaw":',
        "      {",
        '        "emoji": "✨",',
        '        "requires": { "bins": ["gemini"] },',
        '        "install": [{ "id": "brew", "kind": "brew", "formula": "gemini-cli", "bins": ["gemini"] },],',
        "      },",
        "  }",
        "---",
        "# Gemini",
        "",
      ].join("\n"),
    );
    expect(fm.problem).toBeUndefined();
    expect(fm).toMatchObject({ name: "gemini", description: "Gemini CLI one-shot prompts.", body: "# Gemini\n" });
    const m = skillMetadata(fm);
    expect(m).toMatchObject({ emoji: "✨", bins: ["gemini"], install: [{ kind: "brew", formula: "gemini-cli" }] });
  });

  it("JSON5 comments in the metadata block, a YAML mapping, one line of JSON and a quoted string all work", () => {
    const json5 = parseFrontmatter(
      '---\nname: a\ndescription: d\nmetadata:\n  {\n    // the gate\n    "openclaw": { "requires": { "bins": ["x"] } },\n  }\n---\n',
    );
    expect(json5.problem).toBeUndefined();
    expect(skillMetadata(json5).bins).toEqual(["x"]);
    const mapping = parseFrontmatter("---\nname: a\ndescription: d\nmetadata:\n  openclaw:\n    os: [darwin]\n---\n");
    expect(skillMetadata(mapping).osGates).toEqual([["darwin"]]);
    const oneLine = parseFrontmatter('---\nname: a\ndescription: d\nmetadata: {"clawdbot":{"primaryEnv":"K"}}\n---\n');
    expect(skillMetadata(oneLine).primaryEnv).toBe("K");
    const quoted = parseFrontmatter(`---\nname: a\ndescription: d\nmetadata: '{"openclaw":{"always":true}}'\n---\n`);
    expect(skillMetadata(quoted).always).toBe(true);
    const quotedKey = parseFrontmatter("---\n\"name\": q\n'description': >-\n  folded\n  text\n---\n");
    expect(quotedKey).toMatchObject({ name: "q", description: "folded text" });
  });

  it("a description with ': ' in it is re-quoted as OpenClaw does; CRLF and a BOM are fine", () => {
    const fm = parseFrontmatter("\uFEFF---\r\nname: x\r\ndescription: Use it: daily\r\n---\r\nbody\r\n");
    expect(fm).toMatchObject({ name: "x", description: "Use it: daily", body: "body\n" });
    expect(fm.problem).toBeUndefined();
  });

  it("unparseable frontmatter is a problem with its line, never a skill loaded without its gates", () => {
    expect(parseFrontmatter("---\nname: x\n  bad: [y\n---\n").problem).toMatchObject({
      reason: expect.stringMatching(/^invalid YAML frontmatter/),
      line: expect.any(Number),
    });
    expect(parseFrontmatter("---\nname: x\ndescription: d\nmetadata: {oops\n---\n").problem).toMatchObject({
      line: 4,
    });
    expect(parseFrontmatter("---\nname: x\nmetadata: [1, 2]\n---\n").problem?.reason).toMatch(/object/);
    expect(parseFrontmatter("---\nname: x\n").problem).toEqual({ reason: "missing closing --- delimiter", line: 1 });
    expect(parseFrontmatter("- a\n- b\n")).toMatchObject({ present: false, fields: {} });
    expect(parseFrontmatter("---\n- a\n---\n").problem?.reason).toBe("frontmatter must be a YAML mapping");
  });

  it("invocation flags: user-invocable (default true), disable-model-invocation (default false), tool dispatch", () => {
    const policy = (lines: string) => invocationPolicy(parseFrontmatter(`---\nname: x\ndescription: d\n${lines}---\n`));
    expect(policy("")).toEqual({ userInvocable: true, disableModelInvocation: false });
    expect(policy("user-invocable: false\ndisable-model-invocation: yes\n")).toEqual({
      userInvocable: false,
      disableModelInvocation: true,
    });
    expect(policy("disable-model-invocation: maybe\n").disableModelInvocation).toBe(false);
    expect(policy("command-dispatch: tool\ncommand-tool: clawperator_view\n").commandDispatch).toEqual({
      kind: "tool",
      toolName: "clawperator_view",
      argMode: "raw",
    });
    expect(policy("command-dispatch: tool\n").commandDispatch).toBeUndefined();
  });
});

describe("metadata namespaces: clawperator, openclaw, clawdbot", () => {
  it("a gate in any namespace applies; scalars come from the first present in that order", () => {
    const m = skillMetadata({
      metadata: {
        clawperator: { emoji: "A", requires: { bins: ["git"], packages: ["com.a"] } },
        openclaw: { emoji: "B", homepage: "https://b", requires: { bins: ["uv"] }, os: ["linux"] },
        clawdbot: { primaryEnv: "K", requires: { env: ["K"] }, os: ["darwin"] },
      },
    });
    expect(m).toMatchObject({
      emoji: "A",
      homepage: "https://b",
      primaryEnv: "K",
      bins: ["git", "uv"],
      env: ["K"],
      packages: ["com.a"],
      osGates: [["linux"], ["darwin"]],
    });
    // linux passes openclaw's os gate but not clawdbot's: each gate applies.
    expect(evaluateEligibility({ ...base(undefined), metadata: m }).missing.os).toEqual(["darwin"]);
  });
});

describe("eligibility as OpenClaw 2026.9.6 decides it (docs/openclaw-skills.md#eligibility)", () => {
  it.each([
    ["no metadata", undefined, {}, true, {}],
    ["os matches", oc({ os: ["linux", "darwin"] }), {}, true, {}],
    ["os differs", oc({ os: ["darwin"] }), {}, false, { os: ["darwin"] }],
    ["macos names darwin", oc({ os: ["macos"] }), { platform: "darwin" }, true, {}],
    ["bins present", oc({ requires: { bins: ["git", "node"] } }), {}, true, {}],
    ["a bin missing", oc({ requires: { bins: ["git", "uv"] } }), {}, false, { bins: ["uv"] }],
    ["bins as a comma list", oc({ requires: { bins: "git, uv" } }), {}, false, { bins: ["uv"] }],
    ["anyBins one present", oc({ requires: { anyBins: ["uv", "git"] } }), {}, true, {}],
    ["anyBins none present", oc({ requires: { anyBins: ["uv", "bun"] } }), {}, false, { anyBins: ["uv", "bun"] }],
    ["env in the process", oc({ requires: { env: ["PRESENT"] } }), {}, true, {}],
    ["a blank env is missing", oc({ requires: { env: ["BLANK"] } }), {}, false, { env: ["BLANK"] }],
    ["env missing", oc({ requires: { env: ["API_KEY"] } }), {}, false, { env: ["API_KEY"] }],
    ["env from config entry", oc({ requires: { env: ["API_KEY"] } }), { entry: { env: { API_KEY: "x" } } }, true, {}],
    [
      "env from apiKey as primaryEnv",
      oc({ requires: { env: ["API_KEY"] }, primaryEnv: "API_KEY" }),
      { entry: { apiKey: "x" } },
      true,
      {},
    ],
    [
      "apiKey for another variable",
      oc({ requires: { env: ["API_KEY"] }, primaryEnv: "OTHER" }),
      { entry: { apiKey: "x" } },
      false,
      { env: ["API_KEY"] },
    ],
    ["config truthy", oc({ requires: { config: ["serve.token"] } }), {}, true, {}],
    [
      "config falsy",
      oc({ requires: { config: ["serve.port", "serve.token"] } }),
      {},
      false,
      { config: ["serve.port"] },
    ],
    ["config through __proto__", oc({ requires: { config: ["__proto__.x"] } }), {}, false, { config: ["__proto__.x"] }],
    ["always lifts requirements", oc({ always: true, requires: { bins: ["uv"], env: ["NOPE"] } }), {}, true, {}],
    [
      "always does not lift the OS",
      oc({ always: true, os: ["win32"], requires: { bins: ["uv"] } }),
      {},
      false,
      { os: ["win32"] },
    ],
    [
      "package missing on the device",
      { clawperator: { requires: { packages: ["com.b"] } } },
      { registryPackages: ["com.a"], device: { id: "d1", packages: new Set(["com.a"]) } },
      false,
      { packages: ["com.b"] },
    ],
    ["packages unchecked without a device", { openclaw: { requires: { packages: ["com.b"] } } }, {}, true, {}],
  ] as const)("%s", (_, metadata, extra, eligible, missing) => {
    const result = evaluateEligibility(base(metadata, extra as Partial<EligibilityInput>));
    expect(result.eligible).toBe(eligible);
    expect(result.missing).toEqual({ ...none, ...missing });
  });

  it("enabled: false and allowBundled block outright; allowBundled names a skill by name or key, bundled only", () => {
    const disabled = evaluateEligibility(base(oc({ always: true }), { entry: { enabled: false } }));
    expect(disabled).toMatchObject({ eligible: false, disabled: true, missing: none });
    const bundled = (allowBundled: string[], precedence: SkillPrecedence = "bundled") =>
      evaluateEligibility(base(undefined, { precedence, allowBundled, skillKey: "key" })).blockedByAllowlist;
    expect(bundled(["other"])).toBe(true);
    expect(bundled(["s"])).toBe(false);
    expect(bundled(["key"])).toBe(false);
    expect(bundled([])).toBe(false);
    expect(bundled(["other"], "managed")).toBe(false);
  });

  it("configChecks say whether a path holds, never its value", () => {
    const result = evaluateEligibility(base(oc({ requires: { config: ["serve.token"] } })));
    expect(result.configChecks).toEqual([{ path: "serve.token", satisfied: true }]);
    expect(JSON.stringify(result)).not.toContain('"t"');
  });
});

describe("install options", () => {
  const specs = {
    openclaw: {
      install: [
        { id: "brew", kind: "brew", formula: "gemini-cli", bins: ["gemini"] },
        { kind: "node", package: "@google/gemini-cli", bins: ["gemini"] },
        { id: "mac", kind: "download", url: "https://example.invalid/g.zip", os: ["darwin"] },
        { kind: "node", package: "../escape" },
      ],
    },
  };
  const options = (hasBrew: boolean, nodeManager?: string, platform = "linux") =>
    installOptions(
      skillMetadata({ metadata: specs }),
      installPreferences(nodeManager ? { nodeManager } : undefined),
      platform,
      (b) => hasBrew && b === "brew",
      "gemini",
    );

  it("brew when it is on PATH, else node with the configured manager; other OSes' options left out", () => {
    expect(options(true).install).toEqual([
      { id: "brew", kind: "brew", label: "Install gemini-cli (brew)", bins: ["gemini"] },
    ]);
    expect(options(false, "pnpm").install).toEqual([
      { id: "node-1", kind: "node", label: "Install @google/gemini-cli (pnpm)", bins: ["gemini"] },
    ]);
    // Every option for this OS, the preferred first; the unsafe package was dropped as OpenClaw drops it.
    expect(options(false).installOptions.map((o) => o.id)).toEqual(["node-1", "brew"]);
    expect(options(false, undefined, "darwin").installOptions.map((o) => o.id)).toEqual(["node-1", "brew", "mac"]);
  });

  it("when every option is a download, each is listed", () => {
    const downloads = {
      openclaw: {
        install: [
          { kind: "download", url: "https://example.invalid/a.tar.gz" },
          { kind: "download", url: "https://example.invalid/b.zip", label: "B" },
        ],
      },
    };
    const result = installOptions(
      skillMetadata({ metadata: downloads }),
      installPreferences(undefined),
      "linux",
      () => false,
      "dl",
    );
    expect(result.install.map((o) => o.label)).toEqual(["Download a.tar.gz", "B"]);
  });

  it("each option of installOptions says what it runs, before it runs; OpenClaw's install stays as OpenClaw has it", () => {
    vi.stubEnv("CLAWPERATOR_HOME", "/home/u/.clawperator");
    try {
      const result = options(false, undefined, "darwin");
      expect(result.installOptions.map((o) => o.runs)).toEqual([
        {
          command: ["npm", "install", "-g", "--ignore-scripts", "@google/gemini-cli"],
          env: {
            NPM_CONFIG_PREFIX: "/home/u/.clawperator/tools/node/npm",
            npm_config_prefix: "/home/u/.clawperator/tools/node/npm",
          },
        },
        { command: ["brew", "install", "gemini-cli"] },
        { url: "https://example.invalid/g.zip", targetDir: "/home/u/.clawperator/tools/gemini" },
      ]);
      expect(options(false, "pnpm").installOptions[0]!.runs).toEqual({
        command: ["pnpm", "add", "-g", "--ignore-scripts", "@google/gemini-cli"],
      });
      for (const option of result.install) expect(option).not.toHaveProperty("runs");
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe("per-agent allowlists (docs/openclaw-skills.md#agent-allowlists)", () => {
  const agents = {
    defaults: { skills: ["d"] },
    list: [
      { id: "main", default: true },
      { id: "Narrow", skills: ["a", " b "] },
      { id: "none", skills: [] },
    ],
  };

  it("missing skills = the defaults (else all), [] = none, a list = that list; ids compare without case", async () => {
    expect(resolveAgent(agents)).toEqual({ agentId: "main", filter: ["d"] });
    expect(resolveAgent({ list: [{ id: "main", default: true }] })).toEqual({ agentId: "main" });
    expect(resolveAgent(agents, "narrow")).toEqual({ agentId: "Narrow", filter: ["a", "b"] });
    expect(resolveAgent(agents, "none")).toEqual({ agentId: "none", filter: [] });
    expect(resolveAgent(undefined)).toEqual({});
    expect(await caught(() => resolveAgent(agents, "nobody"))).toMatchObject({ code: "AGENT_NOT_FOUND" });
    // A host with agents of its own (OpenClaw): an id this config does not list gets the defaults.
    expect(resolveAgent(agents, "nobody", true)).toEqual({ agentId: "nobody", filter: ["d"] });
  });
});

describe("the prompt block (docs/openclaw-skills.md#token-impact)", () => {
  it("is 195 characters plus 97 and the escaped name, description and location per skill, empty for none", () => {
    expect(formatSkillsForPrompt([])).toBe("");
    const skills = [
      { name: "a&b", description: `"quoted" <tag> it's`, location: "/x/a/SKILL.md" },
      { name: "c", description: "plain", location: "/x/c/SKILL.md" },
    ];
    const esc = (t: string) =>
      t
        .replace(/&/g, "&amp;")
        .replace(/</g, "&lt;")
        .replace(/>/g, "&gt;")
        .replace(/"/g, "&quot;")
        .replace(/'/g, "&apos;");
    const block = formatSkillsForPrompt(skills);
    const want = skills.reduce(
      (n, s) => n + 97 + esc(s.name).length + esc(s.description).length + esc(s.location).length,
      195,
    );
    expect(block.length).toBe(want);
    expect(block).toContain("<name>a&amp;b</name>");
    expect(block).toContain("<description>&quot;quoted&quot; &lt;tag&gt; it&apos;s</description>");
  });
});
