import { describe, expect, it } from "vitest";
import type { SkillPrecedence } from "../../../core/kernel/index.ts";
import { evaluateEligibility, type EligibilityInput } from "../../../plugins/skills/gating/eligibility.ts";
import { gatingMetadata } from "../../../plugins/skills/gating/gating-metadata.ts";
import { parseFrontmatter } from "../../../plugins/skills/sources/frontmatter.ts";

const BINS = new Set(["git", "node"]);
const base = (metadata: unknown, extra: Partial<EligibilityInput> = {}): EligibilityInput => ({
  gating: gatingMetadata(metadata as Record<string, unknown>),
  precedence: "workspace" as SkillPrecedence,
  name: "s",
  config: { serve: { token: "t" }, skills: {} },
  env: { HOME: "/h", PRESENT: "1" },
  platform: "linux",
  hasBin: (b) => BINS.has(b),
  ...extra,
});
const cp = (clawperator: unknown) => ({ clawperator });

describe("gating (spec/002, spec/004 section 5)", () => {
  it.each([
    ["no metadata", undefined, {}, true, []],
    ["os matches", cp({ os: ["linux", "darwin"] }), {}, true, []],
    ["os differs", cp({ os: ["darwin"] }), {}, false, [{ kind: "os", required: ["darwin"], actual: "linux" }]],
    ["bins present", cp({ requires: { bins: ["git", "node"] } }), {}, true, []],
    ["a bin missing", cp({ requires: { bins: ["git", "uv"] } }), {}, false, [{ kind: "bins", names: ["uv"] }]],
    ["anyBins one present", cp({ requires: { anyBins: ["uv", "git"] } }), {}, true, []],
    [
      "anyBins none present",
      cp({ requires: { anyBins: ["uv", "bun"] } }),
      {},
      false,
      [{ kind: "anyBins", names: ["uv", "bun"] }],
    ],
    ["env in the process", cp({ requires: { env: ["PRESENT"] } }), {}, true, []],
    ["env missing", cp({ requires: { env: ["API_KEY"] } }), {}, false, [{ kind: "env", names: ["API_KEY"] }]],
    ["env from config entry", cp({ requires: { env: ["API_KEY"] } }), { entry: { env: { API_KEY: "x" } } }, true, []],
    [
      "env from apiKey as primaryEnv",
      cp({ requires: { env: ["API_KEY"] }, primaryEnv: "API_KEY" }),
      { entry: { apiKey: "x" } },
      true,
      [],
    ],
    [
      "apiKey for another variable",
      cp({ requires: { env: ["API_KEY"] }, primaryEnv: "OTHER" }),
      { entry: { apiKey: "x" } },
      false,
      [{ kind: "env", names: ["API_KEY"] }],
    ],
    ["config truthy", cp({ requires: { config: ["serve.token"] } }), {}, true, []],
    [
      "config falsy",
      cp({ requires: { config: ["serve.port", "serve.token"] } }),
      {},
      false,
      [{ kind: "config", paths: ["serve.port"] }],
    ],
    ["always skips requirements", cp({ always: true, os: ["win32"], requires: { bins: ["uv"] } }), {}, true, []],
    ["disabled even if always", cp({ always: true }), { entry: { enabled: false } }, false, [{ kind: "disabled" }]],
    [
      "openclaw metadata accepted",
      { openclaw: { requires: { bins: ["uv"] } } },
      {},
      false,
      [{ kind: "bins", names: ["uv"] }],
    ],
    [
      "bundled outside allowBundled",
      undefined,
      { precedence: "bundled" as SkillPrecedence, allowBundled: ["other"] },
      false,
      [{ kind: "notAllowedBundled" }],
    ],
    [
      "managed ignores allowBundled",
      undefined,
      { precedence: "managed" as SkillPrecedence, allowBundled: ["other"] },
      true,
      [],
    ],
    [
      "package missing on the device",
      cp({ requires: { packages: ["com.b"] } }),
      { registryPackages: ["com.a"], device: { id: "d1", packages: new Set(["com.a"]) } },
      false,
      [{ kind: "packages", names: ["com.b"], deviceId: "d1" }],
    ],
    ["packages unchecked without a device", cp({ requires: { packages: ["com.b"] } }), {}, true, []],
  ] as const)("%s", (_, metadata, extra, eligible, missing) => {
    const result = evaluateEligibility(base(metadata, extra as Partial<EligibilityInput>));
    expect(result.eligible).toBe(eligible);
    expect(result.missing).toEqual(missing);
  });

  it("configChecks say whether a path holds, never its value", () => {
    const result = evaluateEligibility(base(cp({ requires: { config: ["serve.token"] } })));
    expect(result.configChecks).toEqual([{ path: "serve.token", satisfied: true }]);
  });

  it("frontmatter: single-line keys, quoted values, metadata as one JSON line; bad metadata is a problem, not a crash", () => {
    const fm = parseFrontmatter(
      '---\nname: "my-skill"\ndescription: Does: things\n' +
        'metadata: {"clawperator":{"skillKey":"mine","requires":{"bins":["git"]}}}\nhomepage: https://x.invalid\n' +
        "---\nbody\n",
    );
    expect(fm).toMatchObject({
      name: "my-skill",
      description: "Does: things",
      fields: { homepage: "https://x.invalid" },
      problems: [],
    });
    expect(gatingMetadata(fm.metadata)).toMatchObject({ skillKey: "mine", bins: ["git"] });
    expect(parseFrontmatter("---\nname: x\nmetadata: {oops\n---\n").problems).toEqual([
      expect.stringMatching(/^metadata is not single-line JSON/),
    ]);
    expect(parseFrontmatter("no frontmatter")).toEqual({ fields: {}, problems: [] });
  });
});
