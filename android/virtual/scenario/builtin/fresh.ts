import type { ScenarioSource } from "../schema/scenario-schema.ts";
import { demoApp } from "./demo-app.ts";
import { DEVICE, phoneScenario } from "./phone.ts";
import { settingsApp } from "./settings-app.ts";

/** The same phone before setup: no Operator APK, accessibility off (what `operator setup` starts from). */
export function freshScenario(): ScenarioSource {
  return phoneScenario(
    "fresh",
    "The default phone before Clawperator setup: no Operator APK, no accessibility service.",
    [settingsApp(DEVICE), demoApp()],
    {},
  );
}
