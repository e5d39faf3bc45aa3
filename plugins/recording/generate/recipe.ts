import type { MatcherFields } from "../../../android/hierarchy/index.ts";
import { LIMITS } from "../../../core/contracts/limits.ts";
import { Placeholder } from "./placeholder.ts";
import type { Plan } from "./plan-steps.ts";
import { describeStep } from "./words.ts";

/** One action of a recipe, as written (placeholders in place of user-specific values; `recipeJson` writes it). */
export interface RecipeAction {
  id: string;
  type: string;
  params: Record<string, unknown>;
}

export interface Recipe {
  /** The artifact's file name stem, e.g. `open-display` (a long skill has `open-display-2`, ...). */
  name: string;
  template: {
    commandId: Placeholder;
    taskId: Placeholder;
    source: string;
    timeoutMs: number;
    actions: RecipeAction[];
  };
}

/** A step in words and its place among the recipes, for SKILL.md. */
export interface WrittenStep {
  id: string;
  words: string;
  doubt?: string;
}

const SHORT: Readonly<Record<string, string>> = {
  close_app: "close",
  open_app: "open",
  wait_for_node: "wait",
  click: "tap",
  enter_text: "type",
  scroll_and_click: "scroll-tap",
  scroll_until: "scroll",
  press_key: "back",
  read_text: "read",
};
const MATCHER_PARAMS = ["matcher", "container"] as const;

/** Enough for each action to take a moment and each wait its whole limit, within the execution bound. */
const timeoutFor = (actions: readonly RecipeAction[]) =>
  Math.min(
    LIMITS.MAX_EXECUTION_TIMEOUT_MS,
    10_000 + actions.reduce((sum, a) => sum + (a.type === "wait_for_node" ? Number(a.params.timeoutMs) : 3_000), 0),
  );

/**
 * The plan as recipe artifacts (`.recipe.json`, docs/skills-registry.md#skill-entry: an execution template with
 * `{{VAR}}` placeholders): every matcher scrubbed of user-specific values, ids that say what each step is, and as many
 * artifacts as the execution's action limit needs, run one after the other.
 */
export function buildRecipes(plan: Plan, name: string): { recipes: Recipe[]; steps: WrittenStep[] } {
  const actions: RecipeAction[] = [];
  const steps: WrittenStep[] = [];
  for (const [i, step] of plan.steps.entries()) {
    const params = { ...step.params };
    for (const key of MATCHER_PARAMS)
      if (params[key] !== undefined) params[key] = plan.inputs.scrub(params[key] as MatcherFields);
    const id = step.id ?? `${i + 1}-${SHORT[step.type] ?? step.type}`;
    actions.push({ id, type: step.type, params });
    steps.push({ id, words: describeStep(step.type, params), ...(step.doubt ? { doubt: step.doubt } : {}) });
  }
  const recipes: Recipe[] = [];
  for (let at = 0; at < actions.length; at += LIMITS.MAX_EXECUTION_ACTIONS) {
    const chunk = actions.slice(at, at + LIMITS.MAX_EXECUTION_ACTIONS);
    recipes.push({
      name: at === 0 ? name : `${name}-${at / LIMITS.MAX_EXECUTION_ACTIONS + 1}`,
      template: {
        commandId: new Placeholder("COMMAND_ID"),
        taskId: new Placeholder("TASK_ID"),
        source: "clawperator-skill",
        timeoutMs: timeoutFor(chunk),
        actions: chunk,
      },
    });
  }
  return { recipes, steps };
}
