import { beforeAll, describe, expect, it } from "vitest";
import type { RunningVirtualDevice } from "../../../android/virtual/index.ts";
import { ID_SHAPES } from "../../helpers/apk-parser-table.ts";
import type { ErrorOutput, ExecutionOutput } from "../../helpers/cli-output.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";
import { execution } from "./support.ts";

// Every commandId/taskId shape the APK's parser accepts, through the real CLI and adb to the
// virtual operator (which logs like the APK): the device's answer is matched, or the id is refused before
// dispatch. A newline must not give a false RESULT_ENVELOPE_TIMEOUT and leave the device settling.

const session = virtualSession();
let device: RunningVirtualDevice;

beforeAll(async () => {
  device = await session.startDevice();
});

/** Runs one execution through stdin (argv cannot carry a NUL) and returns the CLI's JSON answer. */
const run = (commandId: string, taskId: string) =>
  session.json<ExecutionOutput & ErrorOutput>(["execute", "--execution", "-", "--device-id", device.serial], {
    input: JSON.stringify(
      execution([{ id: "s", type: "sleep", params: { durationMs: 0 } }], { commandId, taskId, timeoutMs: 10_000 }),
    ),
  });

describe("commandId and taskId shapes end to end", () => {
  it.each(ID_SHAPES.filter((shape) => shape.hostRefuses === undefined))(
    "$name: the device's answer is matched",
    async ({ id }) => {
      const { exitCode, body } = await run(id, id);
      expect(body.envelope, JSON.stringify(body).slice(0, 400)).toMatchObject({
        commandId: id,
        taskId: id,
        status: "success",
      });
      expect(exitCode).toBe(0);
    },
  );

  it("a commandId and a taskId that differ, one naming the other's key", async () => {
    const { body } = await run("c taskId=x", "x commandId=c");
    expect(body.envelope).toMatchObject({ commandId: "c taskId=x", taskId: "x commandId=c", status: "success" });
  });

  it.each(ID_SHAPES.filter((shape) => shape.hostRefuses !== undefined))(
    "$name: refused before dispatch, and the device stays free",
    async ({ id }) => {
      for (const [commandId, taskId, path] of [
        [id, "t", "commandId"],
        ["c", id, "taskId"],
      ] as const) {
        const { exitCode, body } = await run(commandId, taskId);
        expect(exitCode).toBe(1);
        expect(body).toMatchObject({ code: "EXECUTION_VALIDATION_FAILED", details: { path } });
        expect(body.message).toContain("the device's log lines could not carry the id intact");
      }
      expect((await run("after", "t")).body.envelope).toMatchObject({ commandId: "after", status: "success" });
    },
  );
});
