import { describe, expect, it } from "vitest";
import { execution, single, validationFailure } from "./fixtures.ts";

describe("validation messages an agent can act on", () => {
  it("unknown param key → details.path names the key (actions.0.params.<key>)", () => {
    const message = validationFailure(
      single("open_app", { applicationId: "com.x", bogusParam: 1 }),
      "actions.0.params.bogusParam",
    );
    expect(message.startsWith("open_app params.bogusParam ")).toBe(true);
  });
  it("unknown matcher key → details.path actions.0.params.matcher.<key>", () => {
    validationFailure(single("click", { matcher: { textEquals: "OK", text: "x" } }), "actions.0.params.matcher.text");
  });
  it("unknown retry key → details.path actions.0.params.retry.<key>", () => {
    validationFailure(
      single("wait_for_node", { matcher: { textEquals: "OK" }, retry: { timeoutMs: 1 } }),
      "actions.0.params.retry.timeoutMs",
    );
  });
  it("unknown top-level key → details.path <key>", () => {
    validationFailure(execution([{ id: "s", type: "snapshot_ui" }], { deviceId: "x" }), "deviceId");
  });
  it("null execution → message says null", () => {
    expect(validationFailure(null, "")).toContain("null");
  });
  it("wrong container type → grammatical message", () => {
    expect(validationFailure(single("click", { matcher: "yes" }), "actions.0.params.matcher")).toContain(
      "must be an object",
    );
    expect(validationFailure(execution({} as never), "actions")).toContain("must be an array");
  });
  it("missing action type → house-style message that does not advertise doctor_ping", () => {
    const message = validationFailure(execution([{ id: "a" }]), "actions.0.type");
    expect(message).not.toContain("doctor_ping");
    expect(message).not.toContain("Invalid discriminator");
  });
});
