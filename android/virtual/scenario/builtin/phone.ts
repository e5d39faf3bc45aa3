import type { ScenarioSource } from "../schema/scenario-schema.ts";
import { launcherApp } from "./launcher.ts";
import { SCREEN, type AppPart } from "./parts.ts";

/** The built-in phone's identity, shared by every built-in scenario. */
export const DEVICE = { model: "Clawperator Virtual Device", release: "14", sdk: 34 };

/** A scenario of the built-in phone with these apps; the launcher shows every one that can be opened. */
export function phoneScenario(
  name: string,
  description: string,
  parts: AppPart[],
  secure: Record<string, string>,
  global: Record<string, string> = {},
): ScenarioSource {
  const launcher = launcherApp(parts.map((part) => part.app));
  const all = [launcher, ...parts];
  return {
    name,
    description,
    device: {
      ...DEVICE,
      screen: { width: SCREEN.width, height: SCREEN.height, density: 420 },
      settings: { secure, global: { development_settings_enabled: "1", adb_enabled: "1", ...global } },
    },
    apps: all.map((part) => part.app),
    home: "launcher",
    screens: Object.assign({}, ...all.map((part) => part.screens)),
    uris: [
      { prefix: "https://clawperator.dev", to: "demo" },
      { prefix: "clawperator://demo/", to: "demo" },
    ],
  };
}
