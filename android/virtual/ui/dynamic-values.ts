import type { DynamicValueSpec, ValueRule } from "../scenario/scenario-types.ts";

/** Reads a mirrored field's current value. */
export type FieldReader = (rule: Extract<ValueRule, { kind: "mirror" }>) => string;

function ruleValue(rule: ValueRule, elapsedMs: number, decimals: number, field: FieldReader, shownMs: number): string {
  switch (rule.kind) {
    case "count":
      return (rule.from + (rule.to - rule.from) * Math.min(1, Math.max(0, shownMs) / rule.overMs)).toFixed(decimals);
    case "mirror":
      return field(rule);
    case "list":
      return rule.values[Math.floor(elapsedMs / rule.everyMs) % rule.values.length]!;
    case "sine":
      return (rule.base + rule.amplitude * Math.sin((2 * Math.PI * elapsedMs) / rule.periodMs)).toFixed(decimals);
    case "linear": {
      const value = rule.start + (rule.perSecond * elapsedMs) / 1000;
      return Math.min(rule.max ?? Infinity, Math.max(rule.min ?? -Infinity, value)).toFixed(decimals);
    }
  }
}

/**
 * The text a dynamic value shows after `elapsedMs` of device time, `shownMs` after its screen last came to the top.
 */
export function valueText(value: DynamicValueSpec, elapsedMs: number, field: FieldReader, shownMs = elapsedMs): string {
  return value.format.replaceAll(
    "{value}",
    ruleValue(value.rule, Math.max(0, elapsedMs), value.decimals, field, shownMs),
  );
}
