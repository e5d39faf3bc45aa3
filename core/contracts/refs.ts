// What a ref looks like and where one can be, without zod: the paths that check them run on every action.

/** A ref as the outline writes it: `e` and a number. */
export const REF_PATTERN = /^e[1-9]\d*$/;

/** Whether a raw execution names a ref in any action's params. */
export function namesRefs(execution: unknown): boolean {
  const actions = (execution as { actions?: unknown } | null)?.actions;
  return (
    Array.isArray(actions) &&
    actions.some((a) => (a as { params?: { ref?: unknown } } | null)?.params?.ref !== undefined)
  );
}

/** The params slot a ref fills, per action type: the node the action acts on. */
export const REF_SLOTS: Readonly<Record<string, string>> = {
  click: "matcher",
  read_text: "matcher",
  enter_text: "matcher",
  wait_for_node: "matcher",
  scroll_and_click: "matcher",
  scroll_until: "matcher",
  scroll: "container",
  read_key_value_pair: "labelMatcher",
  wait_for_navigation: "expectedNode",
};
