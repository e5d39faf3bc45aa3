import type { MatcherFields } from "../../../android/hierarchy/index.ts";
import { Placeholder } from "./placeholder.ts";

/** A matcher as a recipe writes it: a field that held a user-specific value holds its placeholder instead. */
export type WrittenMatcher = { [K in keyof MatcherFields]: MatcherFields[K] | Placeholder };

/** A value the skill takes instead of what the recording held, so no user-specific literal lands in a skill. */
export interface SkillInput {
  /** snake_case: `skills run <id> -- --<name with dashes> <value>`, and the key in skill.json's contract. */
  name: string;
  /** The artifact's `{{PLACEHOLDER}}`. */
  placeholder: string;
  kind: "typed" | "label";
  /** Why it is an input, without its recorded value. */
  description: string;
}

/** Text that names a person, an account or a device rather than a place in an app. */
const USER_SPECIFIC: ReadonlyArray<readonly [RegExp, string]> = [
  [/[^\s@]+@[^\s@]+\.[^\s@]+/, "an email address"],
  [/\+?\d[\d ().-]{6,}\d/, "a phone number"],
  [/\d{6,}/, "a long number (an account or a serial)"],
  [/\b[0-9a-f]{12,}\b/i, "a hexadecimal identifier"],
];

/** Why a label looks user-specific, or undefined when it reads like the app's own words. */
export function userSpecific(text: string): string | undefined {
  return USER_SPECIFIC.find(([pattern]) => pattern.test(text))?.[1];
}

/** The text fields of a matcher, and which `…Contains` field stands for each when only part is a variable. */
const TEXT_FIELDS = [
  ["textEquals", "textContains"],
  ["textContains", "textContains"],
  ["contentDescEquals", "contentDescContains"],
  ["contentDescContains", "contentDescContains"],
] as const;

/** A typed value shorter than this stands for itself only when a label equals it (not inside longer labels). */
const MIN_CONTAINED_LENGTH = 3;

const upperSnake = (word: string) =>
  word
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .toUpperCase();

/**
 * The inputs a generated skill declares: each field a person typed into, and each user-specific label a step
 * matches. Recorded values stay here, in memory: `scrub` puts placeholders where they were, so no typed or
 * user-specific value reaches a generated file.
 */
export class SkillInputs {
  readonly #inputs: SkillInput[] = [];
  readonly #typed: Array<{ value: string; input: SkillInput }> = [];
  readonly #labels = new Map<string, SkillInput>();

  #add(base: string, kind: SkillInput["kind"], description: string): SkillInput {
    let placeholder = base;
    for (let n = 2; this.#inputs.some((i) => i.placeholder === placeholder); n++) placeholder = `${base}_${n}`;
    const input: SkillInput = { name: placeholder.toLowerCase(), placeholder, kind, description };
    this.#inputs.push(input);
    return input;
  }

  /** The input for text typed into a field (named after the field's resource id when it has one). */
  typed(value: string, resourceId: string | undefined): SkillInput {
    const entry = upperSnake(resourceId?.split(":id/").pop() ?? "");
    const base = entry === "" ? "TEXT" : /TEXT$/.test(entry) ? entry : `${entry}_TEXT`;
    const field = resourceId ? `the field ${resourceId}` : "the focused field";
    const input = this.#add(/^[A-Z]/.test(base) ? base : `TEXT_${base}`, "typed", `text typed into ${field}`);
    this.#typed.push({ value, input });
    return input;
  }

  /** The typed value a text is, or holds. */
  #typedIn(value: string): { input: SkillInput; whole: boolean } | undefined {
    const equal = this.#typed.find((t) => t.value === value);
    if (equal) return { input: equal.input, whole: true };
    const inside = this.#typed.find((t) => t.value.length >= MIN_CONTAINED_LENGTH && value.includes(t.value));
    return inside ? { input: inside.input, whole: false } : undefined;
  }

  /** What stands for a matcher value: a typed value (whole or part), or a user-specific label. */
  #variable(value: string): { input: SkillInput; whole: boolean } | undefined {
    const typed = this.#typedIn(value);
    if (typed) return typed;
    const reason = userSpecific(value);
    if (reason === undefined) return undefined;
    let input = this.#labels.get(value);
    if (!input) {
      input = this.#add(`LABEL_${this.#labels.size + 1}`, "label", `a label on screen that looks like ${reason}`);
      this.#labels.set(value, input);
    }
    return { input, whole: true };
  }

  /** Whether a value would become an input (it must not be read back as a skill's fixed result either). */
  isVariable(value: string): boolean {
    return this.#typedIn(value) !== undefined || userSpecific(value) !== undefined;
  }

  /** The matcher with every user-specific text field replaced by its placeholder. */
  scrub(matcher: MatcherFields): WrittenMatcher {
    const out: WrittenMatcher = { ...matcher };
    for (const [field, partial] of TEXT_FIELDS) {
      const value = matcher[field];
      if (value === undefined || value === "") continue;
      const variable = this.#variable(value);
      if (!variable) continue;
      delete out[field];
      out[variable.whole ? field : partial] = new Placeholder(variable.input.placeholder);
    }
    return out;
  }

  list(): readonly SkillInput[] {
    return this.#inputs;
  }
}
