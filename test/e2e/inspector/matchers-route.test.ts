import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AgentView } from "../../../core/contracts/agent-view.ts";
import { defaultScenario } from "../../../android/virtual/scenario/builtin/default.ts";
import type { RunningVirtualDevice } from "../../../android/virtual/index.ts";
import { parseScenario } from "../../../android/virtual/scenario/parse-scenario.ts";
import type { HttpErrorBody } from "../../helpers/cli-output.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";
import { anExecution, startServe, type RunningServe } from "../serve/serve-process.ts";

// POST /observe/matchers: the hierarchy, the agent view and each node's unique matcher (the core's) and
// ref, from one execution; the view becomes the device's latest, so POST /execute takes its refs.
const session = virtualSession();
let device: RunningVirtualDevice;
let serve: RunningServe;

interface NodeTarget {
  ref?: string;
  matcher?: Record<string, string>;
  coordinate?: { x: number; y: number };
}
interface Screen {
  ok: boolean;
  envelope: { stepResults: Array<{ id: string; data: { text?: string } }> };
  view: AgentView;
  refsMatch: boolean;
  nodes: NodeTarget[];
}

beforeAll(async () => {
  const scenario = parseScenario({ ...defaultScenario(), home: "settings" }, { origin: "test", defaultName: "s" });
  device = await session.startDevice({ scenario });
  serve = await startServe(session);
});
afterAll(async () => {
  await serve?.stop();
});

/** The `<node>` start tags of a dump in document order, as the answer's `nodes` are. */
const nodeTags = (xml: string) => xml.match(/<node\b[^>]*>/g) ?? [];

describe("POST /observe/matchers", () => {
  it("gives every node of the hierarchy its matcher, the view's nodes their refs, and the refs act through /execute", async () => {
    const screen = await serve.request<Screen>("/observe/matchers", { body: { deviceId: device.serial } });
    expect(screen.status, JSON.stringify(screen.body).slice(0, 400)).toBe(200);
    expect(screen.body.ok).toBe(true);
    const xml = screen.body.envelope.stepResults.find((s) => s.id === "hierarchy")!.data.text!;
    const tags = nodeTags(xml);
    expect(screen.body.nodes).toHaveLength(tags.length);
    expect(screen.body.refsMatch).toBe(true);

    const refs = screen.body.nodes.flatMap((n) => (n.ref ? [n.ref] : []));
    expect(refs.sort()).toEqual(Object.keys(screen.body.view.refs).sort());
    const network = tags.findIndex((tag) => tag.includes('text="Network &amp; internet"'));
    expect(screen.body.nodes[network]!.matcher).toEqual({ textEquals: "Network & internet" });
    for (const [i, node] of screen.body.nodes.entries()) {
      if (node.ref)
        expect(screen.body.view.refs[node.ref]!.bounds, tags[i]).toBe(/bounds="([^"]+)"/.exec(tags[i]!)![1]);
    }

    const display = tags.findIndex((tag) => tag.includes('text="Display"'));
    const row = screen.body.nodes.slice(0, display).findLast((n) => n.ref);
    const clicked = await serve.request<{ ok: boolean; refs?: unknown[] }>("/execute", {
      body: {
        deviceId: device.serial,
        execution: anExecution([{ id: "c", type: "click", params: { ref: row!.ref } }]),
      },
    });
    expect(clicked.body.ok, JSON.stringify(clicked.body)).toBe(true);
    const after = await serve.request<Screen>("/observe/matchers", { body: { deviceId: device.serial } });
    expect(after.body.view.outline).toContain("Brightness level");
  });

  it("refuses a bad body with the catalogue's codes", async () => {
    const typed = await serve.request<HttpErrorBody>("/observe/matchers", { body: { deviceId: 5 } });
    expect([typed.status, typed.body.error.code]).toEqual([400, "EXECUTION_VALIDATION_FAILED"]);
    const extra = await serve.request<HttpErrorBody>("/observe/matchers", { body: { xml: "<hierarchy/>" } });
    expect([extra.status, extra.body.error.code]).toEqual([400, "EXECUTION_VALIDATION_FAILED"]);
    const serial = await serve.request<HttpErrorBody>("/observe/matchers", { body: { deviceId: "-s x" } });
    expect([serial.status, serial.body.error.code]).toEqual([400, "INVALID_DEVICE_ID"]);
    const absent = await serve.request<HttpErrorBody>("/observe/matchers", { body: { deviceId: "emulator-5999" } });
    expect([absent.status, absent.body.error.code]).toEqual([404, "DEVICE_NOT_FOUND"]);
    const form = await serve.request<HttpErrorBody>("/observe/matchers", {
      raw: "deviceId=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect([form.status, form.body.error.code]).toEqual([415, "UNSUPPORTED_MEDIA_TYPE"]);
  });
});
