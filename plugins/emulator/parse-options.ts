import { ClawperatorError } from "../../core/contracts/clawperator-error.ts";
import { DEFAULT_TIMEOUTS, type BootTimeouts } from "./types.ts";

function positiveInt(value: unknown, flag: string): number | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const number = typeof value === "number" ? value : Number(value);
  if (!Number.isInteger(number) || number <= 0) {
    throw new ClawperatorError("USAGE", `${flag} must be a positive whole number (got ${JSON.stringify(value)})`, {
      details: { option: flag },
    });
  }
  return number;
}

/** Boot timeouts from CLI flags or an HTTP body; the defaults for what is not given. */
export function parseTimeouts(
  input: { registrationTimeoutMs?: unknown; bootTimeoutMs?: unknown },
  style: "cli" | "http",
): BootTimeouts {
  const name = (camel: string, kebab: string) => (style === "cli" ? `--${kebab}` : camel);
  return {
    registrationTimeoutMs:
      positiveInt(input.registrationTimeoutMs, name("registrationTimeoutMs", "registration-timeout-ms")) ??
      DEFAULT_TIMEOUTS.registrationTimeoutMs,
    bootTimeoutMs:
      positiveInt(input.bootTimeoutMs, name("bootTimeoutMs", "boot-timeout-ms")) ?? DEFAULT_TIMEOUTS.bootTimeoutMs,
  };
}

export function parseApiLevel(value: unknown, flag: string): number | undefined {
  return positiveInt(value, flag);
}
