import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Clock } from "../../../core/host/clock.ts";
import { EventBus } from "../../../core/services/event-bus.ts";
import { HostInfo } from "../../../core/services/host-info.ts";
import { Skills } from "../../../core/services/skills.ts";
import skillsPlugin from "../../../plugins/skills/index.ts";
import { Debouncer } from "../../../plugins/skills/watch/debounce.ts";
import { boot } from "../../helpers/boot-kernel.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";

const makeDir = tempDirs("clawperator-skills-watch-");

/** A clock whose time moves only when the test says: sleeps end when `advance` passes their end. */
class ManualClock implements Clock {
  time = 0;
  readonly #sleeps: { until: number; resolve: () => void; reject: (e: unknown) => void; signal?: AbortSignal }[] = [];

  now(): number {
    return this.time;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      const entry = { until: this.time + ms, resolve, reject, ...(signal ? { signal } : {}) };
      signal?.addEventListener("abort", () => reject(new Error("aborted")), { once: true });
      this.#sleeps.push(entry);
    });
  }

  async advance(ms: number): Promise<void> {
    this.time += ms;
    for (const s of this.#sleeps.splice(0)) {
      if (s.signal?.aborted) continue;
      if (s.until <= this.time) s.resolve();
      else this.#sleeps.push(s);
    }
    // Let the resolved sleeps' continuations run.
    await new Promise((r) => setImmediate(r));
  }
}

describe("the watcher's debounce", () => {
  it("100 rapid edits give one rebuild per debounce window", async () => {
    const clock = new ManualClock();
    const fire = vi.fn();
    const debounce = new Debouncer(250, fire, clock);
    for (let i = 0; i < 100; i++) {
      debounce.trigger();
      await clock.advance(2);
    }
    expect(fire).not.toHaveBeenCalled();
    await clock.advance(250);
    expect(fire).toHaveBeenCalledTimes(1);
    // A second burst after the first settled is a second rebuild.
    for (let i = 0; i < 100; i++) debounce.trigger();
    await clock.advance(249);
    expect(fire).toHaveBeenCalledTimes(1);
    await clock.advance(1);
    expect(fire).toHaveBeenCalledTimes(2);
    debounce.close();
    debounce.trigger();
    await clock.advance(1_000);
    expect(fire).toHaveBeenCalledTimes(2);
  });
});

describe("a long-lived host keeps a watched snapshot", () => {
  const saved = process.cwd();
  afterEach(() => {
    process.chdir(saved);
    vi.unstubAllEnvs();
  });

  it("a SKILL.md added, changed or removed rebuilds it, even from no skills at all; the version moves", async () => {
    const home = await makeDir();
    const cwd = await makeDir();
    vi.stubEnv("HOME", home);
    vi.stubEnv("CLAWPERATOR_HOME", join(home, ".clawperator"));
    vi.stubEnv("CLAWPERATOR_SKILLS_REGISTRY", undefined);
    process.chdir(cwd);
    const kernel = await boot([skillsPlugin], { skills: { load: { watchDebounceMs: 20 } } });
    kernel.services.register(HostInfo, { useValue: { longLived: true } });
    const skills = kernel.services.resolve(Skills);
    const changes: number[] = [];
    const nextChange = () =>
      new Promise<number>((resolve) => {
        const off = kernel.services.resolve(EventBus).on("clawperator:skills-changed", ({ version }) => {
          off();
          changes.push(version);
          resolve(version);
        });
      });
    const names = async () => (await skills.status()).skills.map((s) => s.name).filter((n) => n !== "clawperator");
    try {
      // Nothing yet: no registry, no skill of the user's, but the folders are watched.
      expect(await names()).toEqual([]);
      const first = 1;
      // Seen once watching: the same snapshot until the watcher reports a change.
      let changed = nextChange();
      mkdirSync(join(cwd, "skills", "hot"), { recursive: true });
      writeFileSync(join(cwd, "skills", "hot", "SKILL.md"), "---\nname: hot\ndescription: added\n---\n");
      expect(await changed).toBeGreaterThan(first);
      expect(await names()).toEqual(["hot"]);
      changed = nextChange();
      writeFileSync(join(cwd, "skills", "hot", "SKILL.md"), "---\nname: hot\ndescription: edited\n---\n");
      await changed;
      expect((await skills.status()).skills.find((s) => s.name === "hot")?.description).toBe("edited");
      changed = nextChange();
      mkdirSync(join(cwd, "skills", "cold"), { recursive: true });
      writeFileSync(join(cwd, "skills", "cold", "SKILL.md"), "---\nname: cold\ndescription: stays\n---\n");
      await changed;
      expect(await names()).toEqual(["cold", "hot"]);
      changed = nextChange();
      rmSync(join(cwd, "skills", "hot"), { recursive: true });
      await changed;
      expect(await names()).toEqual(["cold"]);
      expect((await skills.status()).version).toBe(changes.at(-1));
    } finally {
      await kernel.dispose();
    }
  });
});
