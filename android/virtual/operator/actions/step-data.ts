import type { ActionOf, OperatorActionType } from "../command-params.ts";
import type { ExecutionContext } from "../execution-context.ts";

/** A step's `data`: every value a string, as on the wire. */
export type StepData = Record<string, string>;

/** Runs one action; resolves with the success data or throws a StepFailure. */
export type ActionRunner<T extends OperatorActionType> = (
  ctx: ExecutionContext,
  action: ActionOf<T>,
) => Promise<StepData>;

/** Kotlin's Float.toString, which the APK's data values come from: whole numbers keep a ".0". */
export const formatFloat = (value: number): string => (Number.isInteger(value) ? value.toFixed(1) : String(value));
