/** Hands out increasing numbers, so a state version never repeats even after a state is dropped and recreated. */
export type VersionCounter = () => number;

/**
 * What the user changed on one screen: attribute overrides by node path (typed text, checked, focused), the page
 * each scroll container shows, and the field with input focus. Every change takes a new version, which is how the
 * screen's built tree knows it is stale.
 */
export class ScreenState {
  version: number;
  focused: string | undefined;
  readonly #overrides = new Map<string, Record<string, string>>();
  readonly #pages = new Map<string, number>();

  constructor(private readonly nextVersion: VersionCounter) {
    this.version = nextVersion();
  }

  overrides(path: string): Record<string, string> | undefined {
    return this.#overrides.get(path);
  }

  set(path: string, attributes: Record<string, string>): void {
    this.#overrides.set(path, { ...this.#overrides.get(path), ...attributes });
    this.version = this.nextVersion();
  }

  /** Input focus is unique on a screen: the previously focused field loses it. */
  focus(path: string): void {
    if (this.focused !== undefined && this.focused !== path) this.set(this.focused, { focused: "false" });
    this.focused = path;
    this.set(path, { focused: "true" });
  }

  page(container: string): number {
    return this.#pages.get(container) ?? 0;
  }

  setPage(container: string, page: number): void {
    this.#pages.set(container, page);
    this.version = this.nextVersion();
  }
}
