import { fail } from "./normalize-execution.ts";

/** Action ids must be unique within an execution (the spec's rule; the APK does not check it). */
export function assertUniqueIds(actions: readonly { id: string }[]): void {
  const seen = new Map<string, number>();
  actions.forEach((action, index) => {
    const previous = seen.get(action.id);
    if (previous !== undefined)
      fail(
        `actions.${index}.id "${action.id}" repeats actions.${previous}.id; action ids must be unique`,
        `actions.${index}.id`,
      );
    seen.set(action.id, index);
  });
}
