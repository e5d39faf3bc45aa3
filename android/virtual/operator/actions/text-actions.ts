import { javaRegex } from "../../../../core/contracts/java-regex.ts";
import type { ActionOf } from "../command-params.ts";
import { withRetry } from "../retry.ts";
import { describeMatcher, labelOf, Screen } from "../screen.ts";
import { StepFailure } from "../step-failure.ts";
import { parseTemperature } from "../temperature.ts";
import type { ActionRunner } from "./step-data.ts";

const VERSION = /\d+(\.\d+)+/;

/**
 * Sets the text of the matched field, or of its nearest text-field ancestor (a label inside an input), then
 * submits it when asked. The APK has no `clear`.
 */
export const enterText: ActionRunner<"enter_text"> = async (ctx, { params }) => {
  const m = describeMatcher(params.matcher);
  ctx.log.scope("Executing UI operations");
  await withRetry(ctx, params.retry, { id: `enterText(${m})` }, () => {
    ctx.log.uiScope(`Entering text into node matching: ${m}`);
    const screen = new Screen(ctx.ui);
    const node = screen.require(params.matcher);
    const field = screen.selfOrAncestor(node, (n) => screen.index.role(n) === "textfield") ?? node;
    if (!ctx.ui.setText(field, params.text))
      throw new StepFailure("NODE_NOT_CLICKABLE", "Setting text on the matching UI node failed");
    if (params.submit) ctx.ui.submit(field);
  });
  ctx.log.scope("UI operations completed");
  return { text: params.text, submit: String(params.submit) };
};

/** Whether a text passes read_text's validator. */
function validates(params: ActionOf<"read_text">["params"], text: string): boolean {
  switch (params.validator) {
    case "none":
      return true;
    case "temperature":
      return parseTemperature(text) !== undefined;
    case "version":
      return VERSION.test(text);
    case "regex":
      return javaRegex(params.validatorPattern!).test(text);
  }
}

/**
 * The matched node's label (inside `container` when given; every match joined by line breaks with `all`), polled
 * until it passes the validator. Empty text or a missing node throws, failing the command; a text the validator
 * still refuses after the last attempt is a non-fatal VALIDATOR_MISMATCH step.
 */
export const readText: ActionRunner<"read_text"> = async (ctx, { params }) => {
  const m = describeMatcher(params.matcher);
  ctx.log.scope("Executing UI operations");
  let text: string;
  try {
    text = await withRetry(ctx, params.retry, { id: `getText(${m})` }, () => {
      ctx.log.uiScope(`Getting text for node matching: ${m}`);
      const screen = new Screen(ctx.ui);
      const within = params.container ? screen.require(params.container) : undefined;
      const nodes = params.all ? screen.findAll(params.matcher, within) : [screen.require(params.matcher, within)];
      if (nodes.length === 0) throw new StepFailure("NODE_NOT_FOUND", `No UI node found matching criteria: ${m}`);
      const labels = nodes.map(labelOf).filter((label) => label.trim() !== "");
      if (labels.length === 0) throw new StepFailure("NODE_TEXT_EMPTY", "Matching UI node has no text content");
      const value = labels.join("\n");
      if (!validates(params, value)) {
        throw new StepFailure("VALIDATOR_MISMATCH", `Validation failed for text '${value}' from matching UI node`, {
          raw_text: value,
          validator: params.validator,
        });
      }
      ctx.log.uiScope(`Got text from matching node: '${value}'`);
      return value;
    });
  } catch (error) {
    throw error instanceof StepFailure && error.code === "VALIDATOR_MISMATCH" ? error.notFatal() : error;
  }
  ctx.log.scope("UI operations completed");
  return { text, validator: params.validator };
};
