export const SETTINGS_NAMESPACES = ["system", "secure", "global"] as const;
export type SettingsNamespace = (typeof SETTINGS_NAMESPACES)[number];

export const isSettingsNamespace = (value: string): value is SettingsNamespace =>
  (SETTINGS_NAMESPACES as readonly string[]).includes(value);

/** Settings.System / Secure / Global: string values by key; an unset key reads as `null` in `settings get`. */
export class SettingsStore {
  readonly #tables = new Map<SettingsNamespace, Map<string, string>>(SETTINGS_NAMESPACES.map((ns) => [ns, new Map()]));

  constructor(initial: Partial<Record<SettingsNamespace, Record<string, string>>> = {}) {
    for (const ns of SETTINGS_NAMESPACES)
      for (const [key, value] of Object.entries(initial[ns] ?? {})) this.put(ns, key, value);
  }

  get(ns: SettingsNamespace, key: string): string | undefined {
    return this.#table(ns).get(key);
  }

  put(ns: SettingsNamespace, key: string, value: string): void {
    this.#table(ns).set(key, value);
  }

  /** True when the key was set. */
  delete(ns: SettingsNamespace, key: string): boolean {
    return this.#table(ns).delete(key);
  }

  /** Sorted by key, as `settings list` prints them. */
  list(ns: SettingsNamespace): Array<[string, string]> {
    return [...this.#table(ns)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }

  #table(ns: SettingsNamespace): Map<string, string> {
    return this.#tables.get(ns)!;
  }
}
