import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import yaml from "js-yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseHierarchy, serializeHierarchy } from "../../../../android/hierarchy/index.ts";
import { PackageRegistry } from "../../../../android/virtual/device/packages.ts";
import { loadScenario } from "../../../../android/virtual/scenario/load-scenario.ts";
import type { Scenario } from "../../../../android/virtual/scenario/scenario-types.ts";
import { createScenarioUi } from "../../../../android/virtual/ui/index.ts";

const FIXTURES = resolve(import.meta.dirname, "../../../fixtures/hierarchy");
const DUMPS = readdirSync(FIXTURES)
  .filter((file) => file.endsWith(".xml"))
  .sort();

let dir: string;
let scenario: Scenario;

/** A scenario whose screens are the recorded dumps, referenced by path; each opens by its own URI. */
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "fixture-scenario-"));
  const screens = Object.fromEntries(DUMPS.map((file) => [basename(file, ".xml"), { file: join(FIXTURES, file) }]));
  const packages = [
    ...new Set(
      DUMPS.map((file) => parseHierarchy(readFileSync(join(FIXTURES, file), "utf8")).windows[0]!.attributes.package!),
    ),
  ];
  const source = {
    apps: packages.map((pkg) => ({ package: pkg, label: pkg })),
    home: basename(DUMPS[0]!, ".xml"),
    screens,
    uris: DUMPS.map((file) => ({ prefix: `fixture://${basename(file, ".xml")}`, to: basename(file, ".xml") })),
  };
  const path = join(dir, "fixtures.yaml");
  await writeFile(path, yaml.dump(source));
  scenario = await loadScenario(path);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("recorded dumps as scenario screens", () => {
  it("every dump loads, the /dev/tty trailer one included", () => {
    expect(DUMPS).toContain("twitter_search_devtty_trailer_malformed.xml");
    expect(DUMPS.length).toBeGreaterThanOrEqual(9);
    expect(Object.keys(scenario.screens).sort()).toEqual(DUMPS.map((file) => basename(file, ".xml")));
    expect(scenario.screens.twitter_search_devtty_trailer_malformed!.package).toBe("com.twitter.android");
  });

  it.each(DUMPS)("%s snapshots back equal in meaning", (file) => {
    const registry = new PackageRegistry(() => 0);
    for (const app of scenario.apps)
      registry.install({
        packageName: app.package,
        label: app.label,
        versionName: "1",
        versionCode: 1,
        system: false,
        operator: false,
        granted: [],
      });
    const ui = createScenarioUi(scenario, { packages: registry, now: () => 0 });
    const id = basename(file, ".xml");
    expect(ui.openUri(`fixture://${id}`)).toBe(true);
    expect(ui.currentScreenId()).toBe(id);
    const recorded = parseHierarchy(readFileSync(join(FIXTURES, file), "utf8"));
    const reread = parseHierarchy(serializeHierarchy(ui.snapshot()));
    expect(reread).toEqual(recorded);
    expect(reread.windows.length).toBeGreaterThan(0);
  });
});
