import { APK_PACKAGES } from "../../protocol/operator-apk-facts.ts";
import { monotonicMs } from "../../../../core/host/monotonic-ms.ts";
import { area, boundsOf } from "../../tree/index.ts";
import { KEY } from "../../ui/key-codes.ts";
import type { AccessibilityEvent, KeyEvent, UiEvent } from "../../ui/ui-events.ts";
import type { UiModel } from "../../ui/ui-model.ts";
import type { OperatorLog } from "../operator-log.ts";
import { ZERO_BOUNDS, type RecordingBounds } from "./recording-format.ts";
import type { RecordingManager } from "./recording-manager.ts";
import { activeWindowDump } from "./recording-snapshot.ts";

export interface RecordingFilterDeps {
  ui: UiModel;
  manager: RecordingManager;
  log: OperatorLog;
  now(): number;
  /** Debug builds time every snapshot (`SNAPSHOT_TIMING`, tag RecordingDiag). */
  debug: boolean;
}

/** The APK hard-codes both variants: events from either Operator's own windows are never recorded. */
const SELF_PACKAGES: ReadonlySet<string> = new Set(Object.values(APK_PACKAGES));

/** Kotlin's `firstOrNull { !it.isNullOrBlank() }?.trim()`. */
const firstNonBlank = (...candidates: Array<string | undefined>): string | null =>
  candidates.find((c) => c !== undefined && c.trim() !== "")?.trim() ?? null;

const blankToNull = (value: string | undefined): string | null =>
  value === undefined || value.trim() === "" ? null : value;

/**
 * The APK's RecordingEventFilterDefault, fed by the screen's events: while a session is active, clicks, window
 * changes, scrolls and text changes of other apps, and Back key-ups, become recording events; everything else is
 * ignored. Snapshots are taken when the event arrives, so they show the screen as it is at that moment.
 */
export class RecordingFilter {
  constructor(private readonly deps: RecordingFilterDeps) {}

  onEvent(event: UiEvent): void {
    if (!this.deps.manager.isActive()) return;
    if (event.kind === "key") this.#onKey(event);
    else this.#onAccessibility(event);
  }

  #onAccessibility(event: AccessibilityEvent): void {
    const packageName = blankToNull(event.packageName);
    if (packageName !== null && SELF_PACKAGES.has(packageName)) return;
    const pkg = packageName ?? "";
    const { manager } = this.deps;
    switch (event.eventType) {
      case "TYPE_VIEW_CLICKED": {
        const snapshot = this.#snapshot("click");
        const source = event.source;
        manager.enqueue((seq) => ({
          ts: this.deps.now(),
          seq,
          snapshot,
          packageName: pkg,
          resourceId: blankToNull(source?.attributes["resource-id"]),
          text: firstNonBlank(source?.attributes.text, event.text[0]),
          contentDesc: firstNonBlank(source?.attributes["content-desc"], event.contentDescription),
          bounds: source ? screenBounds(boundsOf(source)) : ZERO_BOUNDS,
          type: "click",
        }));
        return;
      }
      case "TYPE_WINDOW_STATE_CHANGED": {
        const snapshot = this.#snapshot("window_change");
        manager.enqueue((seq) => ({
          ts: this.deps.now(),
          seq,
          snapshot,
          packageName: pkg,
          className: blankToNull(event.className),
          title: firstNonBlank(event.contentDescription, event.text[0]),
          type: "window_change",
        }));
        return;
      }
      case "TYPE_VIEW_SCROLLED":
        manager.enqueue((seq) => ({
          ts: this.deps.now(),
          seq,
          snapshot: null,
          packageName: pkg,
          resourceId: null,
          scrollX: event.scrollX,
          scrollY: event.scrollY,
          maxScrollX: event.maxScrollX,
          maxScrollY: event.maxScrollY,
          type: "scroll",
        }));
        return;
      case "TYPE_VIEW_TEXT_CHANGED": {
        const joined = event.text.join("");
        manager.enqueue((seq) => ({
          ts: this.deps.now(),
          seq,
          snapshot: null,
          packageName: pkg,
          resourceId: null,
          text: joined.trim() === "" ? "" : joined,
          type: "text_change",
        }));
        return;
      }
      default:
        return;
    }
  }

  /** Only Back, on key-up; key events carry no package, so the self-filter does not apply. */
  #onKey(event: KeyEvent): void {
    if (event.keyCode !== KEY.BACK || event.action !== "up") return;
    const snapshot = this.#snapshot("press_key");
    this.deps.manager.enqueue((seq) => ({ ts: this.deps.now(), seq, snapshot, key: "back", type: "press_key" }));
  }

  /** rootInActiveWindow, dumped; null (and a warning) when there is no active window. */
  #snapshot(eventType: string): string | null {
    const started = monotonicMs();
    const hierarchy = this.deps.ui.snapshot();
    const rootUs = (monotonicMs() - started) * 1000;
    const serializing = monotonicMs();
    const dump = activeWindowDump(hierarchy);
    if (dump === null) this.deps.log.recording("W", `SNAPSHOT_NULL type=${eventType} reason=root_null`);
    const serializeUs = dump === null ? 0 : (monotonicMs() - serializing) * 1000;
    if (this.deps.debug) {
      const us = (n: number) => n.toFixed(1);
      this.deps.log.recordingDiag(
        `SNAPSHOT_TIMING type=${eventType} rootUs=${us(rootUs)} serializeUs=${us(serializeUs)} ` +
          `totalUs=${us(rootUs + serializeUs)}`,
      );
    }
    return dump;
  }
}

/** An empty rect (getBoundsInScreen of a node with no area) is recorded as all zeros. */
function screenBounds(b: { left: number; top: number; right: number; bottom: number }): RecordingBounds {
  return area(b) === 0 ? ZERO_BOUNDS : { left: b.left, top: b.top, right: b.right, bottom: b.bottom };
}
