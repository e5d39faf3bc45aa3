import { copyFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import yaml from "js-yaml";
import { beforeAll, describe, expect, it } from "vitest";
import {
  area,
  boundsOf,
  center,
  findFirst,
  HierarchyIndex,
  type UiHierarchy,
  type UiNode,
} from "../../../android/hierarchy/index.ts";
import { accessibilityComponent } from "../../../android/virtual/device/index.ts";
import type { RunningVirtualDevice } from "../../../android/virtual/index.ts";
import type { NodeMatcher } from "../../../core/contracts/matcher.ts";
import { FIXTURES, loadFixture } from "../../android/hierarchy/fixtures.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";
import { apkHierarchyXml } from "../../../android/virtual/operator/apk-hierarchy-xml.ts";
import { snapshotXml } from "./logcat.ts";
import { OPERATOR_PACKAGE, runExecution } from "./operator-commands.ts";

const session = virtualSession();
const makeDir = tempDirs("clawperator-e2e-fixtures-");
const SCREEN = { width: 1080, height: 2400 };
let device: RunningVirtualDevice;

const screenId = (file: string) => file.replace(/\.xml$/, "");

function* nodesOf(nodes: UiNode[]): Generator<UiNode> {
  for (const node of nodes) {
    yield node;
    yield* nodesOf(node.children);
  }
}

/**
 * A clickable, enabled node on the device's screen and a matcher whose first match is that very node, so the click
 * execution must act on it.
 */
function clickTarget(hierarchy: UiHierarchy): NodeMatcher {
  for (const node of nodesOf(hierarchy.windows)) {
    const { attributes: a } = node;
    if (a.clickable !== "true" || a.enabled !== "true") continue;
    const bounds = boundsOf(node);
    const { x, y } = center(bounds);
    if (area(bounds) === 0 || x >= SCREEN.width || y >= SCREEN.height) continue;
    const candidates: NodeMatcher[] = [];
    if (a["resource-id"]) candidates.push({ resourceId: a["resource-id"] });
    if (a.text) candidates.push({ textEquals: a.text });
    if (a["content-desc"]) candidates.push({ contentDescEquals: a["content-desc"] });
    // The inferred role names a field that has no text or id (a Compose EditText is a textfield).
    const role = new HierarchyIndex(hierarchy).role(node);
    if (role) candidates.push({ role });
    const matcher = candidates.find((m) => Object.values(m)[0]!.length <= 200 && findFirst(hierarchy, m) === node);
    if (matcher) return matcher;
  }
  throw new Error("no clickable node with a unique matcher");
}

/** A scenario file with every real dump as a screen (by `file:` reference) reached by a `fixture://<name>` route. */
async function writeFixtureScenario(): Promise<string> {
  const dir = await makeDir();
  const screens: Record<string, unknown> = {
    home: {
      hierarchy_xml:
        `<hierarchy rotation="0"><node index="0" text="" resource-id="" class="android.widget.FrameLayout" ` +
        `package="com.example.e2elauncher" content-desc="" checkable="false" checked="false" clickable="false" ` +
        `enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" ` +
        `password="false" selected="false" bounds="[0,0][1080,2400]" /></hierarchy>`,
    },
  };
  const packages = new Set<string>();
  for (const file of FIXTURES) {
    await copyFile(join(import.meta.dirname, "../../fixtures/hierarchy", file), join(dir, file));
    screens[screenId(file)] = { file };
    packages.add(loadFixture(file).windows[0]!.attributes.package!);
  }
  const scenario = {
    name: "fixtures",
    device: {
      screen: SCREEN,
      settings: {
        secure: {
          accessibility_enabled: "1",
          enabled_accessibility_services: accessibilityComponent(OPERATOR_PACKAGE),
        },
      },
    },
    apps: [
      { package: OPERATOR_PACKAGE, label: "Clawperator Operator", operator: true },
      { package: "com.example.e2elauncher", label: "Launcher", system: true },
      ...[...packages].map((pkg) => ({ package: pkg, label: pkg })),
    ],
    home: "home",
    screens,
    uris: FIXTURES.map((file) => ({ prefix: `fixture://${screenId(file)}`, to: screenId(file) })),
  };
  const path = join(dir, "fixtures.yaml");
  await writeFile(path, yaml.dump(scenario));
  return path;
}

beforeAll(async () => {
  device = await session.startDevice({ scenario: await writeFixtureScenario() });
});

describe("real dumps as screens of a scenario file", () => {
  it("covers every fixture", () => {
    expect(FIXTURES).toHaveLength(9);
  });

  it.each(FIXTURES)("%s: opened by URI, snapshotted back through adb unchanged, and clickable", async (file) => {
    const fixture = loadFixture(file);
    await session.harness.adb(["-s", device.serial, "logcat", "-c"]);
    const start = await session.harness.adb([
      "-s",
      device.serial,
      "shell",
      `am start -a android.intent.action.VIEW -d fixture://${screenId(file)}`,
    ]);
    expect(start.exitCode).toBe(0);

    const matcher = clickTarget(fixture);
    const run = await runExecution(session.harness, device, [
      { id: "snap", type: "snapshot_ui" },
      { id: "tap", type: "click", params: { matcher } },
    ]);
    // The APK's own serialization of the screen: its 17 attributes, raw line breaks and emoji.
    expect(snapshotXml(run.records, run.commandId)).toBe(apkHierarchyXml(fixture));
    expect(run.envelope.status).toBe("success");
    expect(run.envelope.stepResults.map((step) => [step.id, step.success])).toEqual([
      ["snap", true],
      ["tap", true],
    ]);
  });
});
