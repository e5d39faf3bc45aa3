import { ClawperatorError } from "../contracts/clawperator-error.ts";

export interface Owned<T> {
  plugin: string;
  value: T;
}

/** Contributions keyed by a unique id; a second claim on an id is an error naming both plugins. */
export class Registry<T> {
  readonly #entries = new Map<string, Owned<T>>();

  constructor(private readonly kind: string) {}

  add(key: string, plugin: string, value: T): void {
    const existing = this.#entries.get(key);
    if (existing) {
      throw new ClawperatorError(
        "PLUGIN_INVALID",
        `[plugin:${plugin}] ${this.kind} "${key}" is already registered by plugin "${existing.plugin}"`,
        {
          details: { kind: this.kind, key, plugins: [existing.plugin, plugin] },
        },
      );
    }
    this.#entries.set(key, { plugin, value });
  }

  /** Removes every entry the plugin registered (a third-party plugin whose setup failed half way). */
  removeOwnedBy(plugin: string): void {
    for (const [key, entry] of this.#entries) if (entry.plugin === plugin) this.#entries.delete(key);
  }

  get(key: string): Owned<T> | undefined {
    return this.#entries.get(key);
  }

  has(key: string): boolean {
    return this.#entries.has(key);
  }

  entries(): Owned<T>[] {
    return [...this.#entries.values()];
  }

  keys(): string[] {
    return [...this.#entries.keys()];
  }
}
