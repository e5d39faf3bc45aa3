import { z } from "zod";
import { type HumanInput, HumanInputError, type HumanResult } from "./human-input.ts";
import type { HumanTarget } from "./human-target.ts";

/** The adb service a virtual device answers a person's action on: `clawperator-human:<request JSON>`. */
export const HUMAN_SERVICE = "clawperator-human:";

const target = z.union([
  z.strictObject({ text: z.string().min(1) }),
  z.strictObject({ id: z.string().min(1) }),
  z.strictObject({ desc: z.string().min(1) }),
  z.strictObject({ into: z.string().min(1) }),
  z.strictObject({ at: z.strictObject({ x: z.number().int().nonnegative(), y: z.number().int().nonnegative() }) }),
]);

/** One action of a person on the screen, as the host asks for it. */
export const HumanRequest = z.discriminatedUnion("action", [
  z.strictObject({ action: z.literal("touch"), target, long: z.boolean().optional() }),
  z.strictObject({ action: z.literal("type"), text: z.string().min(1), into: target.optional() }),
  z.strictObject({ action: z.literal("back") }),
  z.strictObject({ action: z.literal("scroll"), direction: z.enum(["down", "up", "left", "right"]) }),
]);
export type HumanRequest = z.infer<typeof HumanRequest>;

/** The device's answer: the action's result, or why it could not be done (a catalogue code). */
export type HumanAnswer =
  | { ok: true; result: HumanResult }
  | { ok: false; code: "NODE_NOT_FOUND" | "NODE_NOT_CLICKABLE" | "USAGE"; message: string; labels?: string[] };

/** Does what the request asks on the screen; a malformed request or an impossible action is an answer, not a throw. */
export function answerHuman(human: HumanInput, requestJson: string): HumanAnswer {
  let request: HumanRequest;
  try {
    request = HumanRequest.parse(JSON.parse(requestJson));
  } catch {
    return { ok: false, code: "USAGE", message: "not a human-channel request" };
  }
  try {
    return { ok: true, result: act(human, request) };
  } catch (error) {
    if (error instanceof HumanInputError)
      return { ok: false, code: error.code, message: error.message, labels: error.labels };
    throw error;
  }
}

function act(human: HumanInput, request: HumanRequest): HumanResult {
  switch (request.action) {
    case "touch":
      return human.touch(request.target as HumanTarget, request.long ?? false);
    case "type":
      return human.type(request.text, request.into as HumanTarget | undefined);
    case "back":
      return human.back();
    case "scroll":
      return human.scroll(request.direction);
  }
}
