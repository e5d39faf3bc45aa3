import { findFirst, isScrollable, matchesNode, type UiHierarchy, type UiNode } from "../tree/index.ts";
import type { DeviceLogWriter } from "../device/log-types.ts";
import type { PackageRegistry } from "../device/packages.ts";
import type { Scenario, TransitionTarget } from "../scenario/scenario-types.ts";
import { valueText, type FieldReader } from "./dynamic-values.ts";
import { clickEvent, scrolledEvent, textChangedEvent, windowStateEvent } from "./event-builders.ts";
import { deepestAt, windowAt } from "./hit-test.ts";
import { KEY, keyCodeOf } from "./key-codes.ts";
import { screenModel, type ScreenModel } from "./screen-model.ts";
import { ScreenState } from "./screen-state.ts";
import { accepts, isEditable, subtree, toggleOf, type ScreenTarget } from "./screen-target.ts";
import { ScreenTree, type NodeOrigin } from "./screen-tree.ts";
import { TaskStack } from "./task-stack.ts";
import { UiEventHub, type UiEventListener } from "./ui-events.ts";
import type { ClickKind, GlobalKey, ScrollDirection, ScrollOutcome, UiModel } from "./ui-model.ts";

export interface ScenarioUiDeps {
  packages: PackageRegistry;
  /** Device time in ms; dynamic values count from the time the model is created. */
  now(): number;
  log?: Pick<DeviceLogWriter, "write">;
  /**
   * The display's rotation (0 to 3) as snapshots report it, when the device decides it (its settings); otherwise
   * each screen's own `rotation` attribute.
   */
  rotation?: () => string | undefined;
}

export interface ScenarioUi extends UiModel {
  /** Id of the scenario screen on top. */
  currentScreenId(): string;
}

/** A swipe shorter than this is a tap to Android, not a scroll. */
const TOUCH_SLOP_PX = 24;
/** One frame at 60 Hz: the least an animation moves on between two dumps of the screen. */
const FRAME_MS = 16;

/** The screen of a scenario device: task stacks of scenario screens, with live state applied in every snapshot. */
export function createScenarioUi(scenario: Scenario, deps: ScenarioUiDeps): ScenarioUi {
  return new ScenarioScreens(scenario, deps);
}

class ScenarioScreens implements ScenarioUi {
  readonly #models = new Map<string, ScreenModel>();
  readonly #states = new Map<string, ScreenState>();
  readonly #trees = new Map<string, ScreenTree>();
  readonly #origins = new WeakMap<UiNode, NodeOrigin>();
  readonly #events = new UiEventHub();
  readonly #tasks: TaskStack;
  readonly #start: number;
  #version = 0;
  /** The top screen and since when it is on top: what timed transitions (`after`) count from. */
  #topSince: { screen: string; at: number };
  /** The top screen the last window change was sent for. */
  #announced: string;
  /** When each screen last came to the top: what a `count` value counts from. */
  readonly #shownAt = new Map<string, number>();
  /**
   * Snapshots of each screen since it came to the top. A real dump takes longer than a frame, so an animation has
   * moved on by the next one; here two can land in the same millisecond, so each counts as at least a frame.
   */
  readonly #framesShown = new Map<string, number>();

  constructor(
    private readonly scenario: Scenario,
    private readonly deps: ScenarioUiDeps,
  ) {
    this.#start = deps.now();
    this.#topSince = { screen: scenario.home, at: this.#start };
    this.#announced = scenario.home;
    this.#shownAt.set(scenario.home, this.#start);
    this.#tasks = new TaskStack(scenario.home, this.#packageOf(scenario.home), () => {
      if (this.#topSince.screen === this.#tasks.top) return;
      this.#topSince = { screen: this.#tasks.top, at: deps.now() };
      this.#shownAt.set(this.#tasks.top, this.#topSince.at);
      this.#framesShown.delete(this.#tasks.top);
    });
    // An uninstalled app's screens go away as if force-stopped.
    deps.packages.onChange((event) => {
      if (event.kind === "removed") this.forceStop(event.packageName);
    });
  }

  onUiEvent(listener: UiEventListener): () => void {
    return this.#events.subscribe(listener);
  }

  currentScreenId(): string {
    this.#settle();
    return this.#tasks.top;
  }

  snapshot(): UiHierarchy {
    const visible = this.#visible();
    const elapsed = this.deps.now() - this.#start;
    const field: FieldReader = (rule) => {
      const node = findFirst(this.#tree(rule.screen).index, rule.field);
      return node?.attributes[rule.attribute] ?? "";
    };
    const now = this.deps.now();
    const windows = visible.flatMap((id) => {
      const tree = this.#tree(id);
      const frames = (this.#framesShown.get(id) ?? 0) + 1;
      this.#framesShown.set(id, frames);
      const shown = Math.max(now - (this.#shownAt.get(id) ?? this.#start), (frames - 1) * FRAME_MS);
      return tree.withValues(tree.model.spec.values.map((value) => valueText(value, elapsed, field, shown)));
    });
    const base = this.scenario.screens[visible.at(-1)!]!.hierarchy;
    return { rotation: this.deps.rotation?.() ?? base.rotation, attributes: { ...base.attributes }, windows };
  }

  foregroundPackage(): string {
    this.#settle();
    return this.#packageOf(this.#tasks.top);
  }

  performClick(node: UiNode, kind: ClickKind): boolean {
    return this.#click(node, kind, true);
  }

  tapAt(x: number, y: number): boolean {
    const node = this.#touchable(x, y, "click");
    return node !== undefined && this.#click(node, "click", false);
  }

  touch(x: number, y: number, kind: "click" | "long_click"): UiNode | undefined {
    const node = this.#touchable(x, y, kind);
    return node !== undefined && this.#click(node, kind, true) ? node : undefined;
  }

  pressBack(): void {
    this.#events.emit({ kind: "key", keyCode: KEY.BACK, action: "down" });
    this.#events.emit({ kind: "key", keyCode: KEY.BACK, action: "up" });
    this.#back();
    this.#announceWindow();
  }

  setText(node: UiNode, text: string): boolean {
    const target = this.#resolve(node);
    if (!target || target.node.attributes.enabled === "false" || !isEditable(target)) return false;
    target.state.set(target.path, { text });
    target.state.focus(target.path);
    this.#textChanged(target);
    return true;
  }

  submit(node?: UiNode): void {
    const target = node ? this.#resolve(node) : this.#focusedField();
    if (target) this.#fire(target, "submit");
    this.#announceWindow();
  }

  scroll(container: UiNode, direction: ScrollDirection, _distanceRatio: number): ScrollOutcome {
    const target = this.#resolve(container);
    if (!target || !isScrollable(target.node)) return "gesture_failed";
    const scroller = target.tree.model.scrollers.get(target.path);
    const vertical = direction === "down" || direction === "up";
    // One gesture shows the next page whatever its length: pages are the unit content is declared in.
    if (!scroller || (scroller.spec.orientation === "vertical") !== vertical) return "edge_reached";
    const page = target.state.page(target.path) + (direction === "down" || direction === "right" ? 1 : -1);
    if (page < 0 || page > scroller.spec.pages.length) return "edge_reached";
    target.state.setPage(target.path, page);
    const moved = this.#tree(target.screen).nodeAt(target.path)!;
    this.#events.emit(scrolledEvent(moved, scroller.spec.orientation, page, scroller.spec.pages.length));
    return "moved";
  }

  swipe(x1: number, y1: number, x2: number, y2: number): void {
    const dx = x2 - x1;
    const dy = y2 - y1;
    if (Math.max(Math.abs(dx), Math.abs(dy)) < TOUCH_SLOP_PX) return;
    const window = windowAt(this.snapshot().windows, x1, y1);
    const container = window && deepestAt(window, x1, y1, isScrollable);
    if (!container) return;
    // The finger drags the content: moving up reveals what is below.
    const direction: ScrollDirection =
      Math.abs(dy) >= Math.abs(dx) ? (dy < 0 ? "down" : "up") : dx < 0 ? "right" : "left";
    this.scroll(container, direction, 1);
  }

  globalAction(key: GlobalKey): boolean {
    if (this.scenario.refusedGlobalActions.includes(key)) return false;
    if (key === "back") this.#back();
    if (key === "home") this.#tasks.home();
    this.#announceWindow();
    return true;
  }

  keyEvent(code: string): boolean {
    const key = keyCodeOf(code);
    if (key === undefined) return false;
    if (key === KEY.HOME) this.#tasks.home();
    if (key === KEY.BACK) this.#back();
    if (key === KEY.ENTER) this.submit();
    if (key === KEY.DEL) {
      const field = this.#focusedField();
      if (field) {
        field.state.set(field.path, {
          text: Array.from(field.node.attributes.text ?? "")
            .slice(0, -1)
            .join(""),
        });
        this.#textChanged(field);
      }
    }
    this.#announceWindow();
    return true;
  }

  /** One key per character, so the field reports one text change per keystroke. */
  typeText(text: string): boolean {
    const field = this.#focusedField();
    if (!field) return false;
    let typed = field.node.attributes.text ?? "";
    for (const character of text) {
      typed += character;
      field.state.set(field.path, { text: typed });
      this.#textChanged(field);
    }
    return true;
  }

  openApp(applicationId: string): boolean {
    const launchScreen = this.deps.packages.get(applicationId)?.launchScreen;
    if (launchScreen === undefined || !(launchScreen in this.scenario.screens)) return false;
    this.#tasks.openTask(applicationId, launchScreen);
    this.#announceWindow();
    this.#logStart(
      `act=android.intent.action.MAIN cat=[android.intent.category.LAUNCHER] flg=0x10000000 pkg=${applicationId}`,
    );
    return true;
  }

  openUri(uri: string): boolean {
    const route = this.scenario.uris.find(({ match }) =>
      match.kind === "prefix" ? uri.startsWith(match.prefix) : match.pattern.test(uri),
    );
    if (!route) return false;
    const owner = this.#packageOf(route.screen);
    if (!this.deps.packages.get(owner)) return false;
    this.#tasks.show(owner, route.screen);
    this.#announceWindow();
    this.#logStart(`act=android.intent.action.VIEW dat=${uri} flg=0x10000000 pkg=${owner}`);
    return true;
  }

  forceStop(applicationId: string): void {
    const wasInFront = this.foregroundPackage() === applicationId;
    const ownedByApp = (screen: string) => this.#packageOf(screen) === applicationId;
    this.#tasks.remove(ownedByApp);
    for (const screen of [...this.#states.keys()].filter(ownedByApp)) {
      this.#states.delete(screen);
      this.#trees.delete(screen);
    }
    if (wasInFront) this.#tasks.home();
    this.#announceWindow();
  }

  #packageOf(screen: string): string {
    return this.scenario.screens[screen]!.package;
  }

  #visible(): string[] {
    this.#settle();
    return this.#tasks.visible((id) => this.scenario.screens[id]!.overlay);
  }

  /**
   * Applies the timed transitions that are due: while the top screen has been on top for its `after.ms`, it gives
   * way to `after.to`, whose own time starts when the previous one's ended (so a chain keeps exact time however
   * late it is looked at). A screen that comes to the top any other way starts its time then (TaskStack's hook).
   */
  #settle(): void {
    const now = this.deps.now();
    for (
      let after = this.scenario.screens[this.#tasks.top]!.after;
      after && now - this.#topSince.at >= after.ms;
      after = this.scenario.screens[this.#tasks.top]!.after
    ) {
      const at = this.#topSince.at + after.ms;
      this.#tasks.replaceTop(after.to);
      this.#topSince = { screen: after.to, at };
      this.#shownAt.set(after.to, at);
      this.#framesShown.delete(after.to);
    }
    this.#announceWindow();
  }

  #state(screen: string): ScreenState {
    let state = this.#states.get(screen);
    if (!state) {
      state = new ScreenState(() => ++this.#version);
      this.#states.set(screen, state);
    }
    return state;
  }

  #tree(screen: string): ScreenTree {
    const state = this.#state(screen);
    const cached = this.#trees.get(screen);
    if (cached?.version === state.version) return cached;
    let model = this.#models.get(screen);
    if (!model) {
      model = screenModel(this.scenario.screens[screen]!);
      this.#models.set(screen, model);
    }
    const tree = new ScreenTree(model, state, this.#origins);
    this.#trees.set(screen, tree);
    return tree;
  }

  /** A node of a showing screen, as it is now; undefined for nodes of no snapshot, or scrolled or navigated away. */
  #resolve(node: UiNode): ScreenTarget | undefined {
    const origin = this.#origins.get(node);
    if (!origin || !this.#visible().includes(origin.screen)) return undefined;
    const tree = this.#tree(origin.screen);
    const current = tree.nodeAt(origin.path);
    return (
      current && { screen: origin.screen, path: origin.path, node: current, tree, state: this.#state(origin.screen) }
    );
  }

  #focusedField(): ScreenTarget | undefined {
    for (const screen of this.#visible()) {
      const path = this.#states.get(screen)?.focused;
      const node = path === undefined ? undefined : this.#tree(screen).nodeAt(path);
      const target = node && this.#resolve(node);
      if (target && isEditable(target)) return target;
    }
    return undefined;
  }

  /**
   * A click on a resolved node: a toggle flips and a field takes focus first (View.performClick runs the click
   * listener, then sends the event), then the click is reported when `reported`, then the screen navigates.
   */
  #click(node: UiNode, kind: ClickKind, reported: boolean): boolean {
    const target = this.#resolve(node);
    if (!target || !accepts(target.node, kind)) return false;
    if (kind === "focus") {
      target.state.focus(target.path);
      return true;
    }
    if (kind === "click") {
      const toggle = toggleOf(target.node);
      if (toggle)
        target.state.set(target.tree.pathOf(toggle)!, {
          checked: toggle.attributes.checked === "true" ? "false" : "true",
        });
      if (isEditable(target)) target.state.focus(target.path);
    }
    if (reported) this.#events.emit(clickEvent(this.#tree(target.screen).nodeAt(target.path)!, kind));
    this.#fire(target, kind);
    this.#announceWindow();
    return true;
  }

  /** The deepest view under (x, y) in the top-most window there that takes this kind of touch. */
  #touchable(x: number, y: number, kind: "click" | "long_click"): UiNode | undefined {
    const window = windowAt(this.snapshot().windows, x, y);
    return window && deepestAt(window, x, y, (n) => accepts(n, kind));
  }

  #textChanged(field: ScreenTarget): void {
    this.#events.emit(textChangedEvent(this.#tree(field.screen).nodeAt(field.path)!));
  }

  /** Sends a window change when another screen is on top than at the last one sent. */
  #announceWindow(): void {
    const top = this.#tasks.top;
    if (top === this.#announced) return;
    this.#announced = top;
    const owner = this.#packageOf(top);
    this.#events.emit(windowStateEvent(owner, this.deps.packages.get(owner)?.label ?? ""));
  }

  /** The first transition of this kind whose matcher names the node or something inside it. */
  #fire(target: ScreenTarget, kind: "click" | "long_click" | "submit"): void {
    const nodes = subtree(target.node);
    const transition = target.tree.model.spec.transitions.find(
      ({ trigger }) => trigger.kind === kind && nodes.some((n) => matchesNode(n, trigger.matcher, target.tree.index)),
    );
    if (transition) this.#go(transition.target);
  }

  #go(target: TransitionTarget): void {
    if (target.kind === "screen") this.#tasks.push(this.#packageOf(target.screen), target.screen);
    else if (target.kind === "back") this.#tasks.back();
    else if (target.kind === "home") this.#tasks.home();
    else this.openApp(target.package);
  }

  /** Back on a screen that declares where back goes follows that; otherwise the top screen closes. */
  #back(): void {
    const transition = this.scenario.screens[this.#tasks.top]!.transitions.find((t) => t.trigger.kind === "back");
    if (transition && transition.target.kind !== "back") this.#go(transition.target);
    else this.#tasks.back();
  }

  #logStart(intent: string): void {
    this.deps.log?.write("I", "ActivityTaskManager", `START u0 {${intent}} from uid 2000`);
  }
}
