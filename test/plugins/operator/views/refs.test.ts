import { describe, expect, it } from "vitest";
import { findAll, HierarchyIndex, type UiHierarchy } from "../../../../android/hierarchy/index.ts";
import type { AgentView } from "../../../../core/contracts/agent-view.ts";
import { presentView } from "../../../../plugins/operator/views/present-view.ts";
import { memoryViewStore } from "../../../../plugins/operator/views/memory-store.ts";
import { lookupRef, resolveRefs } from "../../../../plugins/operator/views/resolve-refs.ts";
import { ViewState } from "../../../../plugins/operator/views/view-state.ts";
import { noteDispatch } from "../../../../plugins/operator/views/note-dispatch.ts";
import { FIXTURES, loadFixture } from "../../../android/hierarchy/fixtures.ts";
import { caught } from "../../../helpers/caught.ts";

const DEVICE = "emulator-5554";
const SESSION = "agent-1";

/** A click on `ref` as an execution names it. */
const clickOn = (ref: unknown, params: Record<string, unknown> = {}) => ({
  commandId: "c1",
  actions: [{ id: "tap", type: "click", params: { ref, ...params } }],
});

/** Takes a view of `hierarchy` as a snapshot execution `commandId` would: kept as the session's latest. */
const look = (state: ViewState, hierarchy: UiHierarchy, commandId: string): AgentView =>
  presentView({
    state,
    deviceId: DEVICE,
    session: SESSION,
    hierarchy,
    display: undefined,
    acted: state.actedAt(DEVICE, commandId),
    mode: "full",
  });

function remembered(hierarchy: UiHierarchy): { state: ViewState; view: AgentView } {
  const state = new ViewState(memoryViewStore());
  return { state, view: look(state, hierarchy, "observe-1") };
}

const lookupIn = (state: ViewState, ref: string, session = SESSION) =>
  lookupRef(state.session(DEVICE, session), state.acted(DEVICE), DEVICE, ref);

const dispatch = (state: ViewState, commandId: string, type: string) =>
  noteDispatch(state).beforeDispatch!({
    execution: { commandId, actions: [{ id: "a", type }] },
    deviceId: DEVICE,
  } as never);

describe.each(FIXTURES)("refs of the view of %s", (file) => {
  const index = new HierarchyIndex(loadFixture(file));
  const { state, view } = remembered(index.hierarchy);
  const lookup = (ref: string) => lookupIn(state, ref);

  it("resolve a click on every ref to its unique matcher, the matcher of a node inside it, or its centre", async () => {
    for (const [ref, entry] of Object.entries(view.refs)) {
      const { execution, uses } = resolveRefs(clickOn(ref), lookup);
      const params = (execution as { actions: Array<{ params: Record<string, unknown> }> }).actions[0]!.params;
      expect(params.ref, ref).toBeUndefined();
      const [use] = uses;
      expect(use).toMatchObject({ actionId: "tap", ref, viewId: "v1" });
      if (entry.unique) {
        expect(use!.used).toBe("matcher");
        expect(findAll(index, params.matcher as never), `${file} ${ref}`).toHaveLength(1);
      } else if (entry.clickMatcher) {
        expect(use!.used).toBe("clickMatcher");
        expect(findAll(index, params.matcher as never)).toHaveLength(1);
      } else {
        expect(use!.used).toBe("coordinate");
        expect(params.coordinate).toEqual(entry.coordinate);
      }
    }
  });

  it("refuse an action other than a click on a ref without a unique matcher (REF_NOT_UNIQUE)", async () => {
    const ambiguous = Object.entries(view.refs).find(([, e]) => !e.unique);
    if (!ambiguous) return;
    const read = { actions: [{ id: "r", type: "read_text", params: { ref: ambiguous[0] } }] };
    expect(await caught(() => resolveRefs(read, lookup))).toMatchObject({ code: "REF_NOT_UNIQUE" });
  });
});

describe("a device's latest view", () => {
  const screen = loadFixture("settings_main_homepage.xml");

  it("is stale once an action that may change the screen is dispatched, not after one that only looks", async () => {
    const { state } = remembered(screen);
    dispatch(state, "look", "read_text");
    expect(lookupIn(state, "e1").viewId).toBe("v1");
    dispatch(state, "tap", "click");
    expect(await caught(() => lookupIn(state, "e1"))).toMatchObject({
      code: "REF_STALE",
      details: { ref: "e1", viewId: "v1" },
    });
  });

  it("made by an acting execution (act and see) is current: the action came before its snapshot", async () => {
    const { state } = remembered(screen);
    noteDispatch(state).beforeDispatch!({
      execution: {
        commandId: "act-and-see",
        actions: [
          { id: "a", type: "click" },
          { id: "view", type: "snapshot_ui" },
        ],
      },
      deviceId: DEVICE,
    } as never);
    look(state, screen, "act-and-see");
    expect(lookupIn(state, "e1").viewId).toBe("v2");
  });

  it("made from a snapshot dispatched before another action is stale when it arrives", async () => {
    const { state } = remembered(screen);
    dispatch(state, "observe-2", "snapshot_ui");
    dispatch(state, "tap", "click");
    look(state, screen, "observe-2");
    expect(await caught(() => lookupIn(state, "e1"))).toMatchObject({ code: "REF_STALE" });
  });

  it("answers REF_NOT_FOUND for a session without a view and a ref never issued, REF_STALE for one that went", async () => {
    const { state, view } = remembered(screen);
    expect(await caught(() => lookupIn(state, "e1", "another-agent"))).toMatchObject({ code: "REF_NOT_FOUND" });
    expect(await caught(() => lookupIn(state, "e999"))).toMatchObject({
      code: "REF_NOT_FOUND",
      message: expect.stringMatching(/e1 to e\d+/),
    });
    // The same screen without its first actionable row: that row's ref was issued, so it is stale, not unknown.
    const [gone] = Object.keys(view.refs);
    const bounds = view.refs[gone!]!.bounds;
    const without = structuredClone(screen);
    const drop = (nodes: typeof without.windows) => {
      for (let i = nodes.length - 1; i >= 0; i--) {
        if (nodes[i]!.attributes.bounds === bounds) nodes.splice(i, 1);
        else drop(nodes[i]!.children);
      }
    };
    drop(without.windows);
    look(state, without, "observe-2");
    expect(await caught(() => lookupIn(state, gone!))).toMatchObject({ code: "REF_STALE" });
  });

  it("keeps a node's ref across views of the screen lineage; a new node gets a new number", () => {
    const { state, view } = remembered(screen);
    const other = loadFixture("settings_usb_alertdialog_vietnamese.xml");
    const dialog = look(state, other, "observe-2");
    const highest = Math.max(...Object.keys(view.refs).map((r) => Number(r.slice(1))));
    for (const ref of Object.keys(dialog.refs)) expect(Number(ref.slice(1))).toBeGreaterThan(highest);
    const back = look(state, screen, "observe-3");
    expect(back.outline).toBe(view.outline);
    expect(Object.keys(back.refs)).toEqual(Object.keys(view.refs));
  });

  it("belongs to its session: another session numbers its own refs and cannot use the first one's", async () => {
    const { state } = remembered(loadFixture("settings_usb_alertdialog_vietnamese.xml"));
    const theirs = presentView({
      state,
      deviceId: DEVICE,
      session: "agent-2",
      hierarchy: screen,
      display: undefined,
      acted: state.acted(DEVICE),
      mode: "full",
    });
    expect(Object.keys(theirs.refs)[0]).toBe("e1");
    const mine = Object.keys(state.session(DEVICE, SESSION).views.at(-1)!.refs);
    const onlyTheirs = Object.keys(theirs.refs).find((r) => !mine.includes(r))!;
    expect(await caught(() => lookupIn(state, onlyTheirs))).toMatchObject({ code: "REF_NOT_FOUND" });
  });

  it("refuses malformed refs and a ref beside the matcher it replaces, naming the path", async () => {
    const lookup = (ref: string) => lookupIn(remembered(screen).state, ref);
    for (const ref of ["12", "e0", "E1", 1, ""]) {
      expect(await caught(() => resolveRefs(clickOn(ref), lookup))).toMatchObject({
        code: "EXECUTION_VALIDATION_FAILED",
        details: { path: "actions[0].params.ref" },
      });
    }
    expect(await caught(() => resolveRefs(clickOn("e1", { matcher: { textEquals: "x" } }), lookup))).toMatchObject({
      code: "EXECUTION_VALIDATION_FAILED",
    });
    const open = { actions: [{ id: "o", type: "open_app", params: { ref: "e1", applicationId: "a.b" } }] };
    expect(await caught(() => resolveRefs(open, lookup))).toMatchObject({ code: "EXECUTION_VALIDATION_FAILED" });
  });

  it("an action type named like Object.prototype's members takes no ref", async () => {
    const lookup = (ref: string) => lookupIn(remembered(screen).state, ref);
    for (const type of ["constructor", "__proto__", "toString", "hasOwnProperty"]) {
      const action = { actions: [{ id: "x", type, params: { ref: "e1" } }] };
      expect(await caught(() => resolveRefs(action, lookup))).toMatchObject({
        code: "EXECUTION_VALIDATION_FAILED",
        message: expect.stringContaining("acts on no node"),
      });
    }
  });
});
