/**
 * `table[key]` only when `key` is the table's own: a key from outside (an agent's input, a device's log text) such as
 * `__proto__`, `constructor` or `valueOf` would otherwise find Object.prototype's members.
 */
export const ownValue = <T>(table: Readonly<Record<string, T>>, key: string): T | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;
