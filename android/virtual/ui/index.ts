export { createScenarioUi, type ScenarioUi, type ScenarioUiDeps } from "./scenario-ui.ts";
export type { ClickKind, GlobalKey, ScrollDirection, ScrollOutcome, UiModel } from "./ui-model.ts";
