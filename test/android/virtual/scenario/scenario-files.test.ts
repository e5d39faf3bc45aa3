import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findFirst } from "../../../../android/hierarchy/index.ts";
import { loadScenario } from "../../../../android/virtual/scenario/load-scenario.ts";
import { ScenarioError } from "../../../../android/virtual/scenario/scenario-error.ts";

let dir: string;
const XML =
  '<hierarchy rotation="0"><node class="android.widget.ScrollView" resource-id="com.example:id/list" ' +
  'package="com.example" scrollable="true" ' +
  'bounds="[0,0][100,100]"><node text="first" bounds="[0,0][100,50]" /></node></hierarchy>';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "scenario-files-"));
  await writeFile(join(dir, "main.xml"), XML);
  await writeFile(join(dir, "page.xml"), '<node text="second" bounds="[0,0][100,50]" />');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const issuesOf = async (path: string) => {
  const error = await loadScenario(path).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ScenarioError);
  return (error as ScenarioError).issues;
};

describe("scenario files", () => {
  it("reads YAML with file references relative to the scenario, and YAML numbers as text", async () => {
    const path = join(dir, "phone.yaml");
    await writeFile(
      path,
      [
        "apps:",
        "  - { package: com.example, label: Example, versionName: 2.0, launchScreen: main }",
        "home: main",
        "device:",
        "  settings: { global: { adb_enabled: 1 } }",
        "screens:",
        "  main:",
        "    file: main.xml",
        "    scroll:",
        "      - container: { resourceId: com.example:id/list }",
        "        pages: [{ file: page.xml }]",
      ].join("\n"),
    );
    const scenario = await loadScenario(path);
    expect(scenario.name).toBe("phone");
    expect(scenario.origin).toBe(path);
    expect(scenario.apps[0]!.versionName).toBe("2");
    expect(scenario.device.settings.global).toEqual({ adb_enabled: "1" });
    expect(findFirst(scenario.screens.main!.hierarchy, { textEquals: "first" })).toBeDefined();
    expect(scenario.screens.main!.scrollers[0]!.pages[0]![0]!.attributes.text).toBe("second");
  });

  it("reads JSON", async () => {
    const path = join(dir, "phone.json");
    await writeFile(
      path,
      JSON.stringify({
        name: "json phone",
        apps: [{ package: "com.example", label: "Example" }],
        home: "main",
        screens: { main: { file: "main.xml" } },
      }),
    );
    const scenario = await loadScenario(path);
    expect(scenario.name).toBe("json phone");
    expect(scenario.screens.main!.package).toBe("com.example");
  });

  it("names a missing file reference by its key path", async () => {
    const path = join(dir, "missing.yaml");
    await writeFile(
      path,
      "apps: [{ package: com.example, label: E }]\nhome: main\nscreens:\n  main: { file: nope.xml }\n",
    );
    const issues = await issuesOf(path);
    expect(issues).toHaveLength(1);
    expect(issues[0]!.path).toBe("screens.main.file");
    expect(issues[0]!.message).toBe(`cannot read ${join(dir, "nope.xml")}: ENOENT`);
  });

  it("reports bad YAML, bad JSON and an unreadable scenario file", async () => {
    const yamlPath = join(dir, "bad.yaml");
    await writeFile(yamlPath, "apps: [\nhome: : main\n");
    expect((await issuesOf(yamlPath))[0]!.message).toMatch(/^not valid YAML: /);
    const jsonPath = join(dir, "bad.json");
    await writeFile(jsonPath, "{ apps: [] ");
    expect((await issuesOf(jsonPath))[0]!.message).toMatch(/^not valid JSON: /);
    expect(await issuesOf(join(dir, "absent.yaml"))).toEqual([
      {
        path: "",
        message:
          "no such file, and not a built-in scenario (default, fresh, no-accessibility, outdated-operator, " +
          "debug-operator, both-operators, dev-options-off, usb-debugging-off)",
      },
    ]);
  });
});
