import type { NodeMatcher } from "../../../core/contracts/matcher.ts";
import type { UiHierarchy, UiNode } from "../tree/index.ts";
import type { SettingsNamespace } from "../device/settings-store.ts";
import type { GlobalKey } from "../ui/ui-model.ts";

/** A scenario after validation: XML parsed, files read, every cross reference checked. */
export interface Scenario {
  name: string;
  /** The file it came from, or `built-in scenario "<name>"`. */
  origin: string;
  device: DeviceProfile;
  apps: AppSpec[];
  /** Screen id of the launcher's home screen. */
  home: string;
  screens: Record<string, ScreenSpec>;
  uris: UriRoute[];
  refusedGlobalActions: GlobalKey[];
}

export interface DeviceProfile {
  model: string;
  manufacturer: string;
  brand: string;
  /** ro.product.name */
  product: string;
  /** ro.product.device */
  device: string;
  serial: string;
  sdk: number;
  release: string;
  screen: { width: number; height: number; density: number };
  /** Extra getprop values; they override the derived ones. */
  props: Record<string, string>;
  settings: Partial<Record<SettingsNamespace, Record<string, string>>>;
  /** When sys.boot_completed and dev.bootcomplete become 1, counted from device start. */
  boot: { completeAfterMs: number | "never" };
}

export interface AppSpec {
  package: string;
  label: string;
  versionName: string;
  versionCode: number;
  system: boolean;
  launchScreen?: string;
  /** Granted runtime permissions. */
  permissions: string[];
  /** The Clawperator Operator APK (broadcast receiver of executions). */
  operator: boolean;
}

export type TransitionTrigger = { kind: "click" | "long_click" | "submit"; matcher: NodeMatcher } | { kind: "back" };
export type TransitionTarget =
  | { kind: "screen"; screen: string }
  | { kind: "back" }
  | { kind: "home" }
  | { kind: "launch"; package: string };

export interface TransitionSpec {
  trigger: TransitionTrigger;
  target: TransitionTarget;
}

/** A scroll container with content beyond what the screen XML shows: page 0 is the XML's, then `pages` in order. */
export interface ScrollerSpec {
  container: NodeMatcher;
  orientation: "vertical" | "horizontal";
  /** The container's children on each later page. */
  pages: UiNode[][];
}

export type ValueRule =
  | { kind: "list"; values: string[]; everyMs: number }
  | { kind: "sine"; base: number; amplitude: number; periodMs: number }
  | { kind: "linear"; start: number; perSecond: number; min?: number; max?: number }
  /** From `from` to `to` over `overMs` since its screen came to the top, then still: a screen that takes time to settle. */
  | { kind: "count"; from: number; to: number; overMs: number }
  /** Follows the `attribute` of the first node matching `field` on `screen` as it is now. */
  | { kind: "mirror"; screen: string; field: NodeMatcher; attribute: string };

/**
 * A node attribute that changes with elapsed device time (a temperature reading, a clock, a counter) or follows a
 * field.
 */
export interface DynamicValueSpec {
  node: NodeMatcher;
  attribute: string;
  rule: ValueRule;
  /** Digits after the point for numeric rules. */
  decimals: number;
  /** `{value}` is replaced by the current value. */
  format: string;
}

export interface ScreenSpec {
  id: string;
  package: string;
  hierarchy: UiHierarchy;
  /** Drawn over the screen below it (a dialog): both show in snapshots. */
  overlay: boolean;
  transitions: TransitionSpec[];
  /** Nodes that take text besides those whose role is textfield. */
  editable: NodeMatcher[];
  scrollers: ScrollerSpec[];
  values: DynamicValueSpec[];
  /** Replaced by another screen once it has been on top this long. */
  after?: { ms: number; to: string };
}

export interface UriRoute {
  match: { kind: "prefix"; prefix: string } | { kind: "pattern"; pattern: RegExp };
  screen: string;
}
