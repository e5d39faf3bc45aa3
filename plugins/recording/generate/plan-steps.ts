import {
  type HierarchyIndex,
  isScrollable,
  type MatcherFields,
  type UiNode,
} from "../../../android/hierarchy/index.ts";
import { literal, word } from "../../../android/hierarchy/agent-view/text.ts";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import type {
  ClickEvent,
  PressKeyEvent,
  RecordingEvent,
  ScrollEvent,
  TextChangeEvent,
} from "../parse/recording-events.ts";
import type { RecordingSource } from "./load-source.ts";
import { readTarget } from "./result-target.ts";
import { Placeholder } from "./placeholder.ts";
import { Screens } from "./screens.ts";
import { SkillInputs } from "./skill-inputs.ts";
import { directionOf, isKeyboard, isLauncher, isSystemSurface, SYSTEM_UI, seqRange, what } from "./recorded-events.ts";
import { clickTarget, nodeMatcher, onScreen, START_WAIT_MS, startMarkers } from "./targets.ts";

/** One step of the generated recipe, with its matchers as recorded (placeholders go in when it is written). */
export interface PlannedStep {
  type: string;
  params: Record<string, unknown>;
  /** The recipe's action id for this step, when it must be a known one (the result's read is `result`). */
  id?: string;
  /** Why the step may not do what the person did; listed in SKILL.md and the command's warnings. */
  doubt?: string;
  /** The events it came from. */
  seqs: number[];
}

export interface Plan {
  applicationId: string;
  /**
   * Where the recording began when it began inside the app (its first event a tap or scroll there, not the app
   * opening): what the skill checks is showing after it opens the app, before it replays anything.
   */
  startScreen?: { label: string; markers: { label: string; matcher: MatcherFields }[] };
  steps: PlannedStep[];
  inputs: SkillInputs;
  /** Events not replayed, and why: listed in SKILL.md and in the command's output. */
  warnings: string[];
}

/** How long each wait for a step's node may take (a screen that loads after a tap). */
export const WAIT_TIMEOUT_MS = 10_000;
/** The id of the step that checks the app opened on the screen the recording began on. */
export const START_SCREEN_STEP = "start-screen";
const MAX_SWIPES = 20;

/**
 * Turns a recording (its events in seq order) into the steps of a skill: the first app window
 * as close_app + open_app; each tap as a click on the most specific matcher unique on its screen; a run of typing as
 * one enter_text of an input; scrolls before a tap on a node the earlier screen lacked as scroll_and_click; Back as
 * press_key; a wait_for_node before each step whose node was not on the screen the previous step acted on; and a
 * read_text of the last screen as the result.
 */
export class StepPlanner {
  readonly #screens = new Screens();
  readonly #inputs = new SkillInputs();
  readonly #steps: PlannedStep[] = [];
  readonly #warnings: string[] = [];
  /** The screen the previous step acted on (unknown right after open_app). */
  #previous: HierarchyIndex | undefined;
  /** The last screen any event showed. */
  #latest: HierarchyIndex | undefined;
  #typing: TextChangeEvent[] = [];
  #scrolls: ScrollEvent[] = [];
  /** The screen before the pending scrolls. */
  #beforeScrolls: HierarchyIndex | undefined;
  /** The last step's tapped field, for typing that follows it. */
  #tapped: { index: HierarchyIndex; node: UiNode; matcher: MatcherFields } | undefined;
  /** The seq of a tap no later event showed the screen after (#latest is still the screen it was made on). */
  #tapUnseen: number | undefined;

  /**
   * `source` says what follows a tap: a recording shows the screen a tap opens as a window change (a tap that
   * opens none leaves the window it was made on); a step log keeps only the screen before each tap.
   */
  constructor(readonly source: RecordingSource["kind"] = "recording") {}

  plan(events: readonly RecordingEvent[]): Plan {
    const start = this.#appStart(events);
    const applicationId = start.applicationId;
    this.#push({ type: "close_app", params: { applicationId }, seqs: [] });
    this.#push({ type: "open_app", params: { applicationId }, seqs: [start.seq] });
    if (start.screen) {
      // The first waits for the app to draw; the rest are on the same screen by then.
      for (const [i, marker] of start.screen.markers.entries())
        this.#push({
          type: "wait_for_node",
          id: i === 0 ? START_SCREEN_STEP : `${START_SCREEN_STEP}-${i + 1}`,
          params: { matcher: marker.matcher, timeoutMs: i === 0 ? START_WAIT_MS : 1_000 },
          seqs: [start.seq],
        });
      this.#warnings.push(
        `the recording began inside ${word(applicationId)}, on a screen showing ${literal(start.screen.label)}, ` +
          `not with the app opening: the skill opens ${word(applicationId)} afresh and checks that this screen ` +
          "shows before it replays; if the app does not open there, record again from the home screen",
      );
    }
    for (const [i, event] of events.entries()) {
      if (i < start.from) continue;
      // The keyboard's own window comes and goes while a person types: it neither ends typing nor is a step.
      if (event.type === "window_change" && isKeyboard(event.packageName)) continue;
      if (event.type !== "text_change") this.#endTyping(event);
      switch (event.type) {
        case "window_change":
          this.#window(event.packageName, event.seq, event.snapshot);
          break;
        case "text_change":
          if (this.#typing.length && this.#typing[0]!.packageName !== event.packageName) this.#endTyping();
          this.#typing.push(event);
          break;
        case "scroll":
          if (this.#scrolls.length === 0) this.#beforeScrolls = this.#latest;
          this.#scrolls.push(event);
          break;
        case "click":
          this.#click(event);
          break;
        case "press_key":
          this.#back(event);
          break;
      }
    }
    this.#endTyping();
    this.#result();
    return {
      applicationId,
      ...(start.screen ? { startScreen: start.screen } : {}),
      steps: this.#steps,
      inputs: this.#inputs,
      warnings: this.#warnings,
    };
  }

  /**
   * The first window of an app, or the first thing done in one when that came first (the recording began inside
   * the app, which was open already); what came before it is the way there.
   */
  #appStart(events: readonly RecordingEvent[]): {
    applicationId: string;
    seq: number;
    from: number;
    screen?: { label: string; markers: { label: string; matcher: MatcherFields }[] };
  } {
    const acted = events.findIndex(
      (e) => (e.type === "click" || e.type === "scroll" || e.type === "text_change") && !isSystemSurface(e.packageName),
    );
    let from = events.findIndex((e) => e.type === "window_change" && !isSystemSurface(e.packageName));
    if (acted >= 0 && (from < 0 || acted < from)) {
      const first = events[acted] as ClickEvent | ScrollEvent | TextChangeEvent;
      for (const event of events.slice(0, acted))
        if (event.type !== "window_change")
          this.#warnings.push(`seq ${event.seq}: ${what(event, this.#inputs)} before the app: not replayed`);
      const index = this.#screens.of(first.snapshot);
      const markers = index ? startMarkers(index, first.packageName) : [];
      return {
        applicationId: first.packageName,
        seq: first.seq,
        from: acted,
        ...(markers.length ? { screen: { label: markers[0]!.label, markers } } : {}),
      };
    }
    if (from < 0) from = acted;
    if (from < 0)
      throw new ClawperatorError(
        "RECORDING_PARSE_FAILED",
        "The recording shows no app: no window or tap outside the home screen and the system UI",
        { hint: "Record again: open the app after `record start`, then use it." },
      );
    const first = events[from]!;
    const applicationId = (first as { packageName: string }).packageName;
    for (const event of events.slice(0, from))
      if (event.type !== "window_change")
        this.#warnings.push(
          `seq ${event.seq}: ${what(event, this.#inputs)} before ${word(applicationId)} opened: replaced by open_app`,
        );
    if (first.type === "window_change") this.#latest = this.#screens.of(first.snapshot);
    return { applicationId, seq: first.seq, from: first.type === "window_change" ? from + 1 : from };
  }

  #push(step: PlannedStep): void {
    this.#steps.push(step);
    if (step.doubt) this.#warnings.push(`step ${this.#steps.length} (${step.type}): ${step.doubt}`);
  }

  /** A wait for the node, unless the previous step's screen already showed it. */
  #waitFor(matcher: MatcherFields, seqs: number[]): void {
    if (onScreen(this.#previous, { matcher })) return;
    this.#push({
      type: "wait_for_node",
      params: { matcher, timeoutMs: WAIT_TIMEOUT_MS },
      seqs,
    });
  }

  #window(pkg: string, seq: number, snapshot: string | null): void {
    if (pkg === SYSTEM_UI) this.#warnings.push(`seq ${seq}: window ${word(pkg)} (a system gesture?) not replayed`);
    else if (isLauncher(pkg)) this.#warnings.push(`seq ${seq}: the home screen was shown: not replayed`);
    if (isSystemSurface(pkg)) return;
    const screen = this.#screens.of(snapshot);
    if (screen) this.#tapUnseen = undefined;
    this.#latest = screen ?? this.#latest;
  }

  /** Scrolls that led nowhere new: listed, not replayed. */
  #dropScrolls(why: string): void {
    if (this.#scrolls.length)
      this.#warnings.push(`${seqRange(this.#scrolls)}: ${this.#scrolls.length} scroll(s) not replayed: ${why}`);
    this.#scrolls = [];
  }

  #click(event: ClickEvent): void {
    if (event.packageName === SYSTEM_UI) {
      const label = event.contentDesc ?? event.text ?? "";
      if (/^back$/i.test(label)) {
        this.#back(event, "a tap on the navigation bar's Back button, replayed as Back");
        return;
      }
      this.#dropScrolls("they came before a tap in the system UI");
      return void this.#warnings.push(`seq ${event.seq}: ${what(event, this.#inputs)} not replayed (the system UI)`);
    }
    if (isLauncher(event.packageName)) {
      this.#dropScrolls("they came before a tap on the home screen");
      return void this.#warnings.push(
        `seq ${event.seq}: ${what(event, this.#inputs)} after the app opened: not replayed`,
      );
    }
    const index = this.#screens.of(event.snapshot);
    const resolved = clickTarget(index, event);
    if (!resolved) {
      this.#dropScrolls("the tap after them could not be found again");
      return void this.#warnings.push(
        `seq ${event.seq}: ${what(event, this.#inputs)} has nothing to find it by: not replayed`,
      );
    }
    const { target } = resolved;
    const seqs = [...this.#scrolls.map((s) => s.seq), event.seq];
    // Scrolls lead to the tap when its node was not on the screen before them (or that screen is unknown).
    const scrolledTo = this.#scrolls.length > 0 && !(this.#beforeScrolls && onScreen(this.#beforeScrolls, target));
    if (scrolledTo && "matcher" in target) {
      this.#scrollAndClick(target.matcher, index, resolved.node, seqs, resolved.doubt);
    } else {
      this.#dropScrolls(
        scrolledTo
          ? "the tap after them is by position, which a scroll cannot aim at"
          : "the node tapped after them was on screen before them",
      );
      if ("matcher" in target) this.#waitFor(target.matcher, [event.seq]);
      this.#push({ type: "click", params: { ...target }, doubt: resolved.doubt, seqs });
    }
    this.#previous = index;
    // Typing after the tap goes to a field of this screen, so it stays the latest one known.
    this.#latest = index ?? this.#latest;
    this.#tapUnseen = event.seq;
    this.#tapped =
      index && resolved.node && "matcher" in target
        ? { index, node: resolved.node, matcher: target.matcher }
        : undefined;
  }

  #scrollAndClick(
    matcher: MatcherFields,
    index: HierarchyIndex | undefined,
    node: UiNode | undefined,
    seqs: number[],
    doubt: string | undefined,
  ): void {
    const list = index && node ? index.ancestors(node).find(isScrollable) : undefined;
    const container = index && list ? nodeMatcher(index, list) : undefined;
    if (container) this.#waitFor(container, seqs);
    const direction = directionOf(this.#scrolls);
    this.#scrolls = [];
    this.#push({
      type: "scroll_and_click",
      params: { matcher, ...(container ? { container } : {}), direction, maxSwipes: MAX_SWIPES },
      doubt,
      seqs,
    });
  }

  #back(event: PressKeyEvent | ClickEvent, doubt?: string): void {
    this.#dropScrolls("Back came after them");
    this.#push({ type: "press_key", params: { key: "back" }, doubt, seqs: [event.seq] });
    this.#previous = this.#screens.of(event.snapshot) ?? this.#latest;
    this.#latest = this.#previous;
    this.#tapped = undefined;
  }

  /** A run of typing ends: one enter_text of its final value (an input), into the field it went to. */
  #endTyping(next?: RecordingEvent): void {
    const run = this.#typing;
    if (run.length === 0) return;
    this.#typing = [];
    const value = run[run.length - 1]!.text;
    const field = this.#field();
    if (!field)
      return void this.#warnings.push(`${seqRange(run)}: typing not replayed: no field to type into was found`);
    if (value.trim() === "") return void this.#warnings.push(`${seqRange(run)}: the field was cleared: not replayed`);
    const input = this.#inputs.typed(value, field.resourceId);
    // Typing that navigated (a search submitted from the keyboard) shows as the app's next window.
    const submit = next?.type === "window_change" && !isSystemSurface(next.packageName);
    this.#waitFor(field.matcher, [run[0]!.seq]);
    this.#push({
      type: "enter_text",
      params: { matcher: field.matcher, text: new Placeholder(input.placeholder), ...(submit ? { submit: true } : {}) },
      seqs: run.map((e) => e.seq),
    });
    this.#previous = this.#latest;
    this.#tapped = undefined;
  }

  /** The field typing went to: the one just tapped, else the focused field on screen, else the only one. */
  #field(): { matcher: MatcherFields; resourceId?: string } | undefined {
    const tapped = this.#tapped;
    if (tapped && tapped.index.role(tapped.node) === "textfield")
      return { matcher: tapped.matcher, resourceId: tapped.node.attributes["resource-id"] || undefined };
    const screen = this.#latest;
    if (!screen) return undefined;
    const fields = screen.nodes.filter((n) => screen.role(n) === "textfield");
    const node = fields.find((n) => n.attributes.focused === "true") ?? (fields.length === 1 ? fields[0] : undefined);
    const matcher = node && nodeMatcher(screen, node);
    return node && matcher ? { matcher, resourceId: node.attributes["resource-id"] || undefined } : undefined;
  }

  /** The skill's result: a read of what the last screen shows, reached by the pending scrolls when it needs them. */
  #result(): void {
    if (this.source === "steps" && this.#tapUnseen !== undefined) {
      this.#dropScrolls("they came last, with nothing to read after them");
      return void this.#warnings.push(
        `the step log keeps no screen after the last tap (seq ${this.#tapUnseen}): the skill reads no result; add a read_text step`,
      );
    }
    const screen = this.#latest;
    const target = screen ? readTarget(screen, this.#previous, this.#inputs) : undefined;
    if (!target) {
      this.#dropScrolls("they came last, with nothing to read after them");
      return void this.#warnings.push("the last screen shows nothing to read as the result: the skill reports none");
    }
    const matcher = target;
    if (this.#scrolls.length && this.#beforeScrolls && !onScreen(this.#beforeScrolls, { matcher })) {
      const direction = directionOf(this.#scrolls);
      this.#push({
        type: "scroll_until",
        params: { matcher, direction, clickAfter: false },
        seqs: this.#scrolls.map((s) => s.seq),
      });
      this.#scrolls = [];
      this.#previous = screen;
    } else this.#dropScrolls("what the last screen shows was on screen before them");
    this.#waitFor(matcher, []);
    this.#push({ type: "read_text", id: "result", params: { matcher }, seqs: [] });
  }
}

export const planSteps = (events: readonly RecordingEvent[], source?: RecordingSource["kind"]): Plan =>
  new StepPlanner(source).plan(events);
