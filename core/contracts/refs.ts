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
