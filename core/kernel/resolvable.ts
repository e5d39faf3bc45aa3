/** A module's namespace (what `import()` gives) or the value itself. */
export type Loaded<T> = T | { default: T };

/**
 * An implementation as a plugin may give it: inline, from a function (sync or async), or by a lazy import
 * (`() => import("./check.ts")`, whose default export is used). For implementations that are themselves functions (a
 * route handler, a transport factory) the contribution has an inline field of its own and `load` is always a loader.
 */
export type Resolvable<T> = T | (() => Loaded<T> | Promise<Loaded<T>>);

/** How the kernel holds every implementation: loaded on first use, as a module. */
export type Lazy<T> = () => Promise<{ default: T }>;

const isModule = <T>(value: Loaded<T>): value is { default: T } =>
  typeof value === "object" && value !== null && "default" in value;

/** One loader for any form `load` may take (a function is always called: see `Resolvable`). */
export function lazyOf<T>(resolvable: Resolvable<T>): Lazy<T> {
  return async () => {
    const value = typeof resolvable === "function" ? await (resolvable as () => Loaded<T>)() : resolvable;
    return { default: isModule(value) ? value.default : value };
  };
}
