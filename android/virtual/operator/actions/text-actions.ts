import { withRetry } from "../retry.ts";
import { labelOf, Screen } from "../screen.ts";
import { StepFailure } from "../step-failure.ts";
import { parseTemperature } from "../temperature.ts";
import type { ActionRunner } from "./step-data.ts";

/**
 * Sets the text of the matched field, or of its nearest text-field ancestor (a label inside an input), then
 * submits it when asked. `clear` is not read: the APK ignores it too.
 */
export const enterText: ActionRunner<"enter_text"> = async (ctx, { params }) => {
  await withRetry(ctx, params.retry, "enter_text", () => {
    const screen = new Screen(ctx.ui);
    const node = screen.require(params.matcher);
    const field = screen.selfOrAncestor(node, (n) => screen.index.role(n) === "textfield") ?? node;
    if (!ctx.ui.setText(field, params.text)) throw new StepFailure("NODE_NOT_CLICKABLE", "Setting text on the matching UI node failed");
    if (params.submit) ctx.ui.submit(field);
  });
  return { text: params.text, submit: String(params.submit) };
};

/** The matched node's label; with `validator: "temperature"` only a temperature reading is accepted. */
export const readText: ActionRunner<"read_text"> = async (ctx, { params }) => {
  const text = await withRetry(ctx, params.retry, "read_text", () => {
    const label = labelOf(new Screen(ctx.ui).require(params.matcher));
    if (label.trim() === "") throw new StepFailure("NODE_TEXT_EMPTY", "Matching UI node has no text content");
    if (params.validator === "temperature" && parseTemperature(label) === undefined) {
      throw new StepFailure("VALIDATOR_MISMATCH", `Validation failed for text '${label}' from matching UI node`, { raw_text: label });
    }
    return label;
  });
  return { text, validator: params.validator };
};
