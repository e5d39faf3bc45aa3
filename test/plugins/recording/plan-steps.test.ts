import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { loadSource } from "../../../plugins/recording/generate/load-source.ts";
import { planSteps } from "../../../plugins/recording/generate/plan-steps.ts";
import { recipeJson } from "../../../plugins/recording/generate/placeholder.ts";
import { buildRecipes } from "../../../plugins/recording/generate/recipe.ts";
import { inSeqOrder, readRecording } from "../../../plugins/recording/parse/recording-events.ts";
import { caught } from "../../helpers/caught.ts";
import { type FixtureNode, RecordingBuilder, snapshot } from "../../helpers/recording-fixture.ts";
import * as S from "../../helpers/recording-screens.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";

const makeDir = tempDirs("clawperator-plan-steps-");

const generate = (recording: RecordingBuilder) => {
  const plan = planSteps(inSeqOrder(readRecording(recording.text()).events));
  const { recipes, steps } = buildRecipes(plan, "flow");
  // The actions as the artifact file holds them (placeholders written as "{{NAME}}").
  const actions = recipes.flatMap((r) => JSON.parse(recipeJson(r.template)).actions);
  return { plan, recipes, steps, actions };
};
const wait = (matcher: Record<string, string>) => ({ matcher, timeoutMs: 10_000 });

describe("skills new: steps from a recording", () => {
  it("a launcher tap into Settings, then a tap on a row: fresh start, wait, tap, wait, read", () => {
    const { actions, plan, steps } = generate(
      new RecordingBuilder()
        .click(S.LAUNCHER, S.settingsIcon, S.launcher)
        .window(S.SETTINGS, S.settingsPage1)
        .click(S.SETTINGS, { ...S.displayRow, text: "Display" }, S.settingsPage1)
        .window(S.SETTINGS, S.display),
    );
    expect(actions).toEqual([
      { id: "1-close", type: "close_app", params: { applicationId: S.SETTINGS } },
      { id: "2-open", type: "open_app", params: { applicationId: S.SETTINGS } },
      // The row has no words of its own: its title, through which a tap reaches it, is unique on the screen.
      { id: "3-wait", type: "wait_for_node", params: wait({ textEquals: "Display" }) },
      { id: "4-tap", type: "click", params: { matcher: { textEquals: "Display" } } },
      // What the tap brought: the first text the screen before did not show.
      { id: "5-wait", type: "wait_for_node", params: wait({ textEquals: "Brightness level" }) },
      { id: "result", type: "read_text", params: { matcher: { textEquals: "Brightness level" } } },
    ]);
    expect(plan.warnings).toEqual([
      'seq 0: tap on "Settings" in com.android.launcher3 before com.android.settings opened: replaced by open_app',
    ]);
    expect(steps.map((s) => s.words)).toEqual([
      "Close com.android.settings (a fresh start)",
      "Open com.android.settings",
      'Wait for "Display"',
      'Tap "Display"',
      'Wait for "Brightness level"',
      'Read "Brightness level" as the result',
    ]);
  });

  it("scrolls to a row the first page lacked: scroll_and_click in its list; Back as press_key", () => {
    const { actions, plan } = generate(
      new RecordingBuilder()
        .window(S.SETTINGS, S.settingsPage1)
        .scroll(S.SETTINGS, 1500)
        .scroll(S.SETTINGS, 3000)
        .click(S.SETTINGS, { ...S.aboutRow, text: "About phone" }, S.settingsPage3)
        .window(S.SETTINGS, S.about)
        .back(S.about)
        .window(S.SETTINGS, S.settingsPage3),
    );
    const list = { resourceId: `${S.SETTINGS}:id/recycler_view` };
    expect(actions.slice(2)).toEqual([
      { id: "3-wait", type: "wait_for_node", params: wait(list) },
      {
        id: "4-scroll-tap",
        type: "scroll_and_click",
        params: { matcher: { textEquals: "About phone" }, container: list, direction: "down", maxSwipes: 20 },
      },
      { id: "5-back", type: "press_key", params: { key: "back" } },
      { id: "6-wait", type: "wait_for_node", params: wait({ textEquals: "Settings" }) },
      { id: "result", type: "read_text", params: { matcher: { textEquals: "Settings" } } },
    ]);
    expect(plan.warnings).toEqual([]);
  });

  it("scrolls before a tap on what was already on screen are listed, not replayed", () => {
    const { actions, plan } = generate(
      new RecordingBuilder()
        .window(S.SETTINGS, S.settingsPage1)
        .scroll(S.SETTINGS, 100)
        .scroll(S.SETTINGS, 0)
        .click(S.SETTINGS, { ...S.displayRow, text: "Display" }, S.settingsPage1),
    );
    expect(actions.map((a) => a.type)).not.toContain("scroll_and_click");
    expect(plan.warnings).toEqual([
      "seq 1-2: 2 scroll(s) not replayed: the node tapped after them was on screen before them",
    ]);
  });

  it("typing becomes one enter_text of an input, submitted; labels holding the typed text match the input", () => {
    const { actions, plan, recipes } = generate(
      new RecordingBuilder()
        .window(S.DEMO, S.demo)
        .click(S.DEMO, S.searchField, S.demo)
        .type(S.DEMO, "San Jose")
        .window(S.DEMO, S.results)
        .click(S.DEMO, { ...S.sanJose, text: "San Jose" }, S.results)
        .window(S.DEMO, S.resultDetail),
    );
    const field = { resourceId: `${S.DEMO}:id/search` };
    expect(actions.slice(2)).toEqual([
      { id: "3-wait", type: "wait_for_node", params: wait(field) },
      { id: "4-tap", type: "click", params: { matcher: field } },
      { id: "5-type", type: "enter_text", params: { matcher: field, text: "{{SEARCH_TEXT}}", submit: true } },
      { id: "6-wait", type: "wait_for_node", params: wait({ textEquals: "{{SEARCH_TEXT}}" }) },
      { id: "7-tap", type: "click", params: { matcher: { textEquals: "{{SEARCH_TEXT}}" } } },
      // Read by its id, so the result is the value it shows; not the title (typed) nor the owner (an email).
      { id: "8-wait", type: "wait_for_node", params: wait({ resourceId: `${S.DEMO}:id/reading` }) },
      { id: "result", type: "read_text", params: { matcher: { resourceId: `${S.DEMO}:id/reading` } } },
    ]);
    expect(plan.inputs.list()).toEqual([
      {
        name: "search_text",
        placeholder: "SEARCH_TEXT",
        kind: "typed",
        description: `text typed into the field ${S.DEMO}:id/search`,
      },
    ]);
    const written = JSON.stringify(recipes);
    for (const value of ["San Jose", "San J", "jane"]) expect(written).not.toContain(value);
    expect(plan.warnings).toEqual([]);
  });

  it("a tap on a label that looks like a person's becomes a declared input with no recorded value", () => {
    const owner: FixtureNode = {
      id: `${S.DEMO}:id/owner`,
      text: "owner: jane.doe@example.com",
      bounds: [42, 400, 1038, 500],
    };
    const { actions, plan, recipes } = generate(
      new RecordingBuilder().window(S.DEMO, S.resultDetail).click(S.DEMO, owner, S.resultDetail),
    );
    expect(actions[3]).toEqual({
      id: "4-tap",
      type: "click",
      params: { matcher: { resourceId: `${S.DEMO}:id/owner` } },
    });
    // Its id is unique, so the label never enters the matcher; nor may it be the skill's fixed result.
    expect(JSON.stringify(recipes)).not.toContain("jane");
    expect(plan.inputs.list()).toEqual([]);
  });

  it("a label matcher that is an email is replaced by LABEL_1", () => {
    // Two nodes share the id, so only the label tells them apart.
    const email: FixtureNode = { id: "a", text: "jane.doe@example.com", clickable: true, bounds: [0, 300, 1080, 400] };
    const xml = snapshot(S.DEMO, [email, { id: "a", text: "Inbox", clickable: true, bounds: [0, 400, 1080, 500] }]);
    const { actions, plan } = generate(new RecordingBuilder().window(S.DEMO, xml).click(S.DEMO, email, xml));
    expect(actions[3]).toEqual({ id: "4-tap", type: "click", params: { matcher: { textEquals: "{{LABEL_1}}" } } });
    expect(plan.inputs.list()).toEqual([
      {
        name: "label_1",
        placeholder: "LABEL_1",
        kind: "label",
        description: "a label on screen that looks like an email address",
      },
    ]);
  });

  it("the navigation bar's Back is press_key (flagged); a system gesture's window is listed", () => {
    const { actions, plan } = generate(
      new RecordingBuilder()
        .window(S.SETTINGS, S.settingsPage1)
        .click(S.SETTINGS, { ...S.displayRow, text: "Display" }, S.settingsPage1)
        .window(S.SETTINGS, S.display)
        .click("com.android.systemui", { desc: "Back", bounds: [100, 2340, 200, 2400] }, S.display)
        .window("com.android.systemui", null)
        .window(S.SETTINGS, S.settingsPage1),
    );
    expect(actions.map((a) => a.type)).toEqual([
      "close_app",
      "open_app",
      "wait_for_node",
      "click",
      "press_key",
      "wait_for_node",
      "read_text",
    ]);
    expect(plan.warnings).toEqual([
      "step 5 (press_key): a tap on the navigation bar's Back button, replayed as Back",
      "seq 4: window com.android.systemui (a system gesture?) not replayed",
    ]);
  });

  it("a tap without a snapshot keeps the event's own fields, flagged; one with nothing to go by is listed", () => {
    const { actions, plan } = generate(
      new RecordingBuilder()
        .window(S.SETTINGS, S.settingsPage1)
        .click(S.SETTINGS, { text: "Battery", bounds: [0, 460, 1080, 620] }, null)
        .click(S.SETTINGS, { bounds: [0, 0, 0, 0] }, null),
    );
    expect(actions.filter((a) => a.type === "click")).toEqual([
      { id: "4-tap", type: "click", params: { matcher: { textEquals: "Battery" } } },
    ]);
    expect(plan.warnings).toEqual([
      "step 4 (click): the event has no snapshot: its matcher was not checked to be unique",
      "seq 2: tap in com.android.settings has nothing to find it by: not replayed",
    ]);
  });

  it("a recording without any app is RECORDING_PARSE_FAILED", async () => {
    const error = await caught(() =>
      generate(new RecordingBuilder().window(S.LAUNCHER, S.launcher).click(S.LAUNCHER, S.settingsIcon, S.launcher)),
    );
    expect(error.code).toBe("RECORDING_PARSE_FAILED");
  });

  it("more actions than one execution takes are split across artifacts, run in order", () => {
    const recording = new RecordingBuilder().window(S.SETTINGS, S.settingsPage1);
    for (let i = 0; i < 60; i++) recording.click(S.SETTINGS, { ...S.displayRow, text: "Display" }, S.settingsPage1);
    const { recipes } = generate(recording);
    expect(recipes.map((r) => [r.name, r.template.actions.length])).toEqual([
      ["flow", 50],
      ["flow-2", recipes[1]!.template.actions.length],
    ]);
    expect(recipes[1]!.template.actions.at(-1)!.id).toBe("result");
  });

  it("from a step log, which keeps no screen after the last tap: no result read, and a warning saying so", async () => {
    const clickStep = (seq: number, node: FixtureNode, screen: string, text: string | null) => {
      const [left, top, right, bottom] = node.bounds;
      const fields = { resourceId: node.id ?? null, text, contentDesc: null, bounds: { left, top, right, bottom } };
      return { seq, type: "click", packageName: S.SETTINGS, ...fields, uiStateBefore: screen };
    };
    const steps = [
      { seq: 0, type: "open_app", packageName: S.SETTINGS, uiStateBefore: S.settingsPage1 },
      clickStep(1, { ...S.displayRow, text: "Display" }, S.settingsPage1, "Display"),
    ];
    const dir = await makeDir({ "flow.steps.json": JSON.stringify({ sessionId: "flow", schemaVersion: 1, steps }) });
    const source = loadSource(join(dir, "flow.steps.json"));
    const plan = planSteps(source.events, source.kind);
    const actions = buildRecipes(plan, "flow").recipes.flatMap((r) => JSON.parse(recipeJson(r.template)).actions);
    expect(actions.map((a) => a.id)).toEqual(["1-close", "2-open", "3-wait", "4-tap"]);
    expect(actions.map((a) => a.type)).not.toContain("read_text");
    expect(plan.warnings).toEqual([
      "the step log keeps no screen after the last tap (seq 1): the skill reads no result; add a read_text step",
    ]);
  });
});
