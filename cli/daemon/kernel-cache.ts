import { statSync } from "node:fs";
import type { Kernel } from "../../core/kernel/index.ts";
import { type BootOptions, bootWithConfig, loadRuntimeConfig } from "../../runtime/boot.ts";

/** Kernels kept booted at once (one per project, environment and verbosity a user works with). */
const KEPT = 8;

function modified(file: string | undefined): number | null {
  try {
    return file === undefined ? null : statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

/**
 * The warm runtime's kernels: the config is found and loaded for every call from the call's cwd, and a kernel
 * booted before is used again only for the same config (file, modification time, value), working directory,
 * environment and verbosity; otherwise a new one boots. They are long-lived, so each keeps one result stream per
 * device open between calls.
 */
export function kernelCache(): { boot(options: BootOptions): Promise<Kernel>; dispose(): Promise<void> } {
  const kernels = new Map<string, Kernel>();
  return {
    async boot(options) {
      const config = await loadRuntimeConfig(options);
      const key = JSON.stringify([
        process.cwd(),
        config.filepath ?? null,
        modified(config.filepath),
        config,
        options.verbose === true,
        options.progress === true,
        process.env,
      ]);
      const known = kernels.get(key);
      if (known) {
        kernels.delete(key);
        kernels.set(key, known);
        return known;
      }
      const kernel = await bootWithConfig(config, { ...options, host: { longLived: true, cli: true } });
      kernels.set(key, kernel);
      for (const [oldest, stale] of kernels) {
        if (kernels.size <= KEPT) break;
        kernels.delete(oldest);
        await stale.dispose();
      }
      return kernel;
    },
    async dispose() {
      const all = [...kernels.values()];
      kernels.clear();
      await Promise.all(all.map((kernel) => kernel.dispose()));
    },
  };
}
