import type { SkillResult } from "../../../core/services/skills.ts";

/** `skill.json.contract` (real registries carry it): declared inputs, a goal, and a terminal verification. */
export interface SkillContract {
  inputs: Record<string, string>;
  verification: { matcher: string } | null;
}

export function readContract(value: unknown): SkillContract | null {
  if (typeof value !== "object" || value === null) return null;
  const raw = value as Record<string, unknown>;
  const inputs = typeof raw.inputs === "object" && raw.inputs !== null ? (raw.inputs as Record<string, string>) : {};
  const v = raw.verification as Record<string, unknown> | null | undefined;
  const verification = v && typeof v === "object" && typeof v.matcher === "string" ? { matcher: v.matcher } : null;
  return { inputs, verification };
}

/**
 * The value of a declared input: `--name value` / `--name=value` (underscores as dashes), else positionals in order.
 */
function inputValues(contract: SkillContract, args: readonly string[]): Record<string, string> {
  const names = Object.keys(contract.inputs).sort();
  const values: Record<string, string> = {};
  const positionals: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const name = names.find((n) => arg === `--${n.replace(/_/g, "-")}` || arg.startsWith(`--${n.replace(/_/g, "-")}=`));
    if (name !== undefined) {
      const eq = arg.indexOf("=");
      values[name] = eq > 0 ? arg.slice(eq + 1) : (args[++i] ?? "");
    } else if (!arg.startsWith("--")) positionals.push(arg);
  }
  for (const name of names.filter((n) => values[n] === undefined)) {
    const next = positionals.shift();
    if (next !== undefined) values[name] = next;
  }
  return values;
}

const normalize = (text: string) => text.trim().replace(/\s+/g, " ");
const evidenceText = (e: unknown) =>
  typeof e === "object" && e !== null && (e as { kind?: unknown }).kind === "text"
    ? String((e as { text?: unknown }).text ?? "")
    : null;

/**
 * docs/skills-registry.md#indeterminate-shape: a skill whose skill.json declares a verification must prove it — a
 * SkillResult whose terminalVerification is `verified` with observed text matching the declared matcher (its `{input}`
 * placeholders filled from the invocation's own arguments, not from what the skill reports). Returns why not.
 */
export function unprovedVerification(
  contract: SkillContract | null,
  result: SkillResult | null,
  args: readonly string[],
): string | undefined {
  if (!contract?.verification) return undefined;
  if (!result) return "Skill declared verification but did not emit a SkillResult to prove it.";
  const values = inputValues(contract, args);
  let unresolved = false;
  const matcher = contract.verification.matcher.replace(/\{([A-Za-z0-9_]+)\}/g, (_, key: string) => {
    if (values[key] === undefined) unresolved = true;
    return values[key] ?? "";
  });
  if (unresolved)
    return `The invocation did not provide the inputs the declared matcher '${contract.verification.matcher}' needs.`;
  const tv = result.terminalVerification as { status?: string; observed?: unknown } | null | undefined;
  if (tv?.status !== "verified") return "Skill declared verification but terminalVerification was not proved.";
  const observed = evidenceText(tv.observed);
  if (observed === null || normalize(observed) !== normalize(matcher)) {
    return `Skill terminal verification expected '${matcher}' but observed '${observed ?? "<missing>"}'.`;
  }
  return undefined;
}
