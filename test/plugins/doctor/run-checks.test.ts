import { describe, expect, it } from "vitest";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { createDoctorFacts, SelectedDevice } from "../../../core/doctor/facts.ts";
import {
  type RegisteredCheck,
  createToken,
  type DoctorCheckContext,
  type DoctorCheckResult,
  type Owned,
} from "../../../core/kernel/index.ts";
import { nextActions } from "../../../plugins/doctor/next-actions.ts";
import { orderChecks } from "../../../plugins/doctor/order-checks.ts";
import { runChecks } from "../../../plugins/doctor/run-checks.ts";

type Outcome = Omit<DoctorCheckResult, "id"> | (() => never);

function entry(
  id: string,
  phase: RegisteredCheck["phase"],
  outcome: Outcome,
  extra: Partial<RegisteredCheck> = {},
  plugin = "test",
): Owned<RegisteredCheck> {
  return {
    plugin,
    value: {
      id,
      phase,
      critical: true,
      description: id,
      ...extra,
      load: async () => ({
        default: {
          run: async (ctx: DoctorCheckContext) =>
            typeof outcome === "function" ? outcome() : { ...outcome, evidence: { deviceId: ctx.deviceId } },
        },
      }),
    },
  };
}
const pass = { status: "pass" as const, summary: "ok" };
const fail = { status: "fail" as const, summary: "no", code: "NO_DEVICES" };
const base = (): Omit<DoctorCheckContext, "deviceId"> => ({
  services: {} as never,
  config: {},
  globals: { output: "json", verbose: false },
  receiverPackage: "p",
  flags: { fix: false, full: false, checkOnly: false },
  facts: createDoctorFacts(),
});

describe("orderChecks", () => {
  it("orders by phase, then order (default 0, after the built-ins' negative places), then registration", () => {
    const entries = [
      entry("r1", "readiness", pass, { order: -90 }),
      entry("h-late", "host", pass),
      entry("d1", "device", pass, { order: -90 }),
      entry("h1", "host", pass, { order: -90 }),
      entry("d-full", "device", pass, { order: -80, full: true }),
      entry("h-late-2", "host", pass),
    ];
    expect(orderChecks(entries, false).map((e) => e.value.id)).toEqual(["h1", "h-late", "h-late-2", "d1", "r1"]);
    expect(orderChecks(entries, true).map((e) => e.value.id)).toEqual([
      "h1",
      "h-late",
      "h-late-2",
      "d1",
      "d-full",
      "r1",
    ]);
  });
});

describe("runChecks", () => {
  it("leaves a skipped check out of the report, and the checks that need it too", async () => {
    const skipped = entry("h-skip", "host", pass);
    skipped.value.load = async () => ({ default: { run: () => ({ status: "skip", summary: "not on linux" }) } });
    const heard: string[] = [];
    const run = await runChecks(
      [entry("h1", "host", pass), skipped, entry("h-after", "host", pass, { needs: ["h-skip"] })],
      base(),
      (message) => heard.push(message),
    );
    expect(run.results.map((r) => r.id)).toEqual(["h1"]);
    expect(heard).toContain("doctor: h-skip skipped: not on linux");
  });

  it("halts after a critical failure, but not after device.capability or an advisory failure", async () => {
    const run = await runChecks(
      [
        entry("advisory", "host", fail, { critical: false }),
        entry("device.capability", "device", fail),
        entry("critical", "readiness", fail),
        entry("never", "readiness", pass),
      ],
      base(),
    );
    expect(run.results.map((r) => [r.id, r.status])).toEqual([
      ["advisory", "fail"],
      ["device.capability", "fail"],
      ["critical", "fail"],
    ]);
    expect(run.haltedAt).toBe("critical");
    expect([...run.critical]).toEqual(["device.capability", "critical"]);
  });

  it("a check runs only when every check it needs ran and did not fail; otherwise it is left out of the report", async () => {
    const run = await runChecks(
      [
        entry("presence", "readiness", fail, { critical: false }),
        entry("version", "readiness", pass, { needs: ["presence"] }),
        entry("settings", "readiness", pass),
        entry("warned", "readiness", { status: "warn", summary: "hm" }, { critical: false }),
        entry("after-warn", "readiness", pass, { needs: ["warned"] }),
        entry("unknown-need", "readiness", pass, { needs: ["not-registered"] }),
      ],
      base(),
    );
    expect(run.results.map((r) => [r.id, r.status])).toEqual([
      ["presence", "fail"],
      ["settings", "pass"],
      ["warned", "warn"],
      ["after-warn", "pass"],
    ]);
  });

  it("hands the discovered device to the checks after the one that found it", async () => {
    const facts = createDoctorFacts();
    const discover: Owned<RegisteredCheck> = {
      plugin: "adb",
      value: {
        id: "d",
        phase: "device",
        critical: true,
        description: "",
        load: async () => ({
          default: {
            run: async (ctx) => {
              ctx.facts.set(SelectedDevice, "serial-1");
              return pass;
            },
          },
        }),
      },
    };
    const run = await runChecks([entry("before", "host", pass), discover, entry("after", "readiness", pass)], {
      ...base(),
      facts,
    });
    expect(run.results.map((r) => r.evidence?.deviceId)).toEqual([undefined, undefined, "serial-1"]);
    // A plugin bundled with its own copy of the package makes the same key: facts are keyed by registered symbols.
    const sameKey = createToken<string>("doctor.SelectedDevice");
    expect(facts.get(sameKey)).toBe("serial-1");
  });

  it("a check that throws becomes DOCTOR_FAILED naming its plugin; a critical one halts", async () => {
    const run = await runChecks(
      [
        entry(
          "boom",
          "host",
          () => {
            throw new ClawperatorError("DEVICE_OFFLINE", "gone", { hint: "replug" });
          },
          { critical: false },
          "acme",
        ),
        entry(
          "bang",
          "host",
          () => {
            throw new Error("bug");
          },
          {},
          "acme",
        ),
        entry("never", "host", pass),
      ],
      base(),
    );
    expect(run.results).toEqual([
      {
        id: "boom",
        status: "fail",
        code: "DOCTOR_FAILED",
        summary: 'Check boom of plugin "acme" failed to run: gone',
        detail: "DEVICE_OFFLINE: replug",
        evidence: { plugin: "acme" },
      },
      {
        id: "bang",
        status: "fail",
        code: "DOCTOR_FAILED",
        summary: 'Check bang of plugin "acme" failed to run: bug',
        evidence: { plugin: "acme" },
      },
    ]);
  });
});

describe("nextActions", () => {
  const results: DoctorCheckResult[] = [
    {
      id: "a",
      status: "warn",
      summary: "",
      fix: {
        title: "",
        platform: "any",
        steps: [
          { kind: "shell", value: "adb reconnect offline" },
          { kind: "manual", value: "Replug" },
        ],
      },
    },
    {
      id: "b",
      status: "fail",
      summary: "",
      fix: { title: "", platform: "any", steps: [{ kind: "manual", value: "Replug" }] },
    },
    {
      id: "c",
      status: "pass",
      summary: "",
      fix: { title: "", platform: "any", steps: [{ kind: "manual", value: "never" }] },
    },
  ];
  it("deduplicates the steps of non-passing checks; --fix leaves only manual ones", () => {
    expect(nextActions(results, { fixed: false, receiverPackage: "p" })).toEqual(["adb reconnect offline", "Replug"]);
    expect(nextActions(results, { fixed: true, receiverPackage: "p" })).toEqual(["Replug"]);
  });
  it("gives one action for a command two checks ask for in other words", () => {
    const steps = (value: string): DoctorCheckResult => ({
      id: value,
      status: "fail",
      summary: "",
      fix: { title: "", platform: "any", steps: [{ kind: "manual", value }] },
    });
    const asked = [
      steps("Install it: clawperator operator setup --device-id s"),
      steps("Install the Operator APK: clawperator operator setup --device-id s"),
    ];
    expect(nextActions(asked, { fixed: false, receiverPackage: "p" })).toEqual([
      "Install it: clawperator operator setup --device-id s",
    ]);
  });
  it("suggests a snapshot when everything passed, and is undefined when there is nothing to say", () => {
    expect(nextActions([results[2]!], { fixed: false, receiverPackage: "p", deviceId: "s" })).toEqual([
      "Try: clawperator observe snapshot --device-id s",
    ]);
    expect(nextActions([], { fixed: false, receiverPackage: "p" })).toBeUndefined();
  });
});
