import type { ScenarioSource } from "../schema/scenario-schema.ts";
import { defaultScenario } from "./default.ts";
import { freshScenario } from "./fresh.ts";

export type BuiltinScenarioName = "default" | "fresh";

/** Scenarios that ship with Clawperator, built on demand. */
export const BUILTIN_SCENARIOS: Record<BuiltinScenarioName, () => ScenarioSource> = {
  default: defaultScenario,
  fresh: freshScenario,
};
