/** System properties (`getprop` / `setprop`). */
export class DeviceProperties {
  readonly #values = new Map<string, string>();

  constructor(initial: Record<string, string> = {}) {
    for (const [key, value] of Object.entries(initial)) this.#values.set(key, value);
  }

  get(key: string): string | undefined {
    return this.#values.get(key);
  }

  set(key: string, value: string): void {
    this.#values.set(key, value);
  }

  /** Sorted by key, as `getprop` lists them. */
  entries(): Array<[string, string]> {
    return [...this.#values].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }
}
