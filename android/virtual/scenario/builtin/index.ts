import type { ScenarioSource } from "../schema/scenario-schema.ts";
import { defaultScenario } from "./default.ts";
import { DOCTOR_STATE_SCENARIOS } from "./doctor-states.ts";
import { freshScenario } from "./fresh.ts";

export type BuiltinScenarioName = "default" | "fresh" | keyof typeof DOCTOR_STATE_SCENARIOS;

/** Scenarios that ship with Clawperator, built on demand. */
export const BUILTIN_SCENARIOS: Record<BuiltinScenarioName, () => ScenarioSource> = {
  default: defaultScenario,
  fresh: freshScenario,
  ...DOCTOR_STATE_SCENARIOS,
};
