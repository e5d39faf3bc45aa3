import { describe, expect, it } from "vitest";
import { buildAgentView } from "../../../../android/hierarchy/agent-view/index.ts";
import { findAll, HierarchyIndex } from "../../../../android/hierarchy/index.ts";
import type { AgentView } from "../../../../core/contracts/agent-view.ts";
import { memoryViewStore } from "../../../../plugins/operator/views/memory-store.ts";
import { lookupRef, resolveRefs } from "../../../../plugins/operator/views/resolve-refs.ts";
import { ViewState } from "../../../../plugins/operator/views/view-state.ts";
import { noteDispatch } from "../../../../plugins/operator/views/note-dispatch.ts";
import { FIXTURES, loadFixture } from "../../../android/hierarchy/fixtures.ts";
import { caught } from "../../../helpers/caught.ts";

const DEVICE = "emulator-5554";

/** A click on `ref` as an execution names it. */
const clickOn = (ref: unknown, params: Record<string, unknown> = {}) => ({
  commandId: "c1",
  actions: [{ id: "tap", type: "click", params: { ref, ...params } }],
});

function remembered(view: AgentView): ViewState {
  const state = new ViewState(memoryViewStore());
  state.remember(DEVICE, "observe-1", view);
  return state;
}

const dispatch = (state: ViewState, commandId: string, type: string) =>
  noteDispatch(state).beforeDispatch!({
    execution: { commandId, actions: [{ id: "a", type }] },
    deviceId: DEVICE,
  } as never);

describe.each(FIXTURES)("refs of the view of %s", (file) => {
  const index = new HierarchyIndex(loadFixture(file));
  const view = buildAgentView(index, "exec-1");
  const state = remembered(view);
  const lookup = (ref: string) => lookupRef(state.store.read(DEVICE), DEVICE, ref);

  it("resolve a click on every ref to its unique matcher, the matcher of a node inside it, or its centre", async () => {
    for (const [ref, entry] of Object.entries(view.refs)) {
      const { execution, uses } = resolveRefs(clickOn(ref), lookup);
      const params = (execution as { actions: Array<{ params: Record<string, unknown> }> }).actions[0]!.params;
      expect(params.ref, ref).toBeUndefined();
      const [use] = uses;
      expect(use).toMatchObject({ actionId: "tap", ref, viewId: "exec-1" });
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
  const view = buildAgentView(loadFixture("settings_main_homepage.xml"), "exec-1");

  it("is stale once an action that may change the screen is dispatched, not after one that only looks", async () => {
    const state = remembered(view);
    dispatch(state, "look", "read_text");
    expect(lookupRef(state.store.read(DEVICE), DEVICE, "e1").viewId).toBe("exec-1");
    dispatch(state, "tap", "click");
    expect(await caught(() => lookupRef(state.store.read(DEVICE), DEVICE, "e1"))).toMatchObject({
      code: "REF_STALE",
      details: { ref: "e1", viewId: "exec-1" },
    });
  });

  it("made by an acting execution (act and see) is current: the action came before its snapshot", async () => {
    const state = remembered(view);
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
    state.remember(DEVICE, "act-and-see", { ...view, id: "exec-2" });
    expect(lookupRef(state.store.read(DEVICE), DEVICE, "e1").viewId).toBe("exec-2");
  });

  it("made from a snapshot dispatched before another action is stale when it arrives", async () => {
    const state = remembered(view);
    dispatch(state, "observe-2", "snapshot_ui");
    dispatch(state, "tap", "click");
    state.remember(DEVICE, "observe-2", { ...view, id: "exec-3" });
    expect(await caught(() => lookupRef(state.store.read(DEVICE), DEVICE, "e1"))).toMatchObject({ code: "REF_STALE" });
  });

  it("answers REF_NOT_FOUND for a device without a view, a ref it does not have, and a planted state", async () => {
    const state = remembered(view);
    expect(await caught(() => lookupRef(undefined, DEVICE, "e1"))).toMatchObject({ code: "REF_NOT_FOUND" });
    expect(await caught(() => lookupRef(state.store.read(DEVICE), DEVICE, "e999"))).toMatchObject({
      code: "REF_NOT_FOUND",
      message: expect.stringMatching(/e1 to e\d+/),
    });
    expect(await caught(() => lookupRef({ acted: 0, view: { id: 1 } }, DEVICE, "e1"))).toMatchObject({
      code: "REF_NOT_FOUND",
    });
  });

  it("refuses malformed refs and a ref beside the matcher it replaces, naming the path", async () => {
    const lookup = (ref: string) => lookupRef(remembered(view).store.read(DEVICE), DEVICE, ref);
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
    const lookup = (ref: string) => lookupRef(remembered(view).store.read(DEVICE), DEVICE, ref);
    for (const type of ["constructor", "__proto__", "toString", "hasOwnProperty"]) {
      const action = { actions: [{ id: "x", type, params: { ref: "e1" } }] };
      expect(await caught(() => resolveRefs(action, lookup))).toMatchObject({
        code: "EXECUTION_VALIDATION_FAILED",
        message: expect.stringContaining("acts on no node"),
      });
    }
  });
});
