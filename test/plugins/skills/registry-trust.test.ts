import { chmod, chown } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadRegistry } from "../../../plugins/skills/registry/load-registry.ts";
import { chooseRegistry } from "../../../plugins/skills/registry/registry-path.ts";
import { caught } from "../../helpers/caught.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";

// The registry names the scripts `skills run` executes. Its default ../../skills/... reaches
// /tmp/skills from /tmp/a/b, so it follows the config files' rule; and it is read bounded, its parse errors
// naming the position, never the text.

const makeDir = tempDirs("clawperator-registry-trust-");
const REGISTRY = JSON.stringify({ skills: [{ id: "com.example.planted" }] });
const load = (cwd: string, env: NodeJS.ProcessEnv = {}) =>
  loadRegistry(chooseRegistry({ env, cwd, cloneDir: join(cwd, "managed") }));

describe("a registry another user could have written is refused", () => {
  it("the ../../skills default in a world-writable directory without the sticky bit", async () => {
    const dir = await makeDir({ "shared/skills/skills-registry.json": REGISTRY, "shared/a/b/.keep": "" });
    expect(load(join(dir, "shared", "a", "b")).skills).toHaveLength(1);
    await chmod(join(dir, "shared"), 0o777);
    const error = await caught(() => load(join(dir, "shared", "a", "b")));
    expect(error.code).toBe("REGISTRY_READ_FAILED");
    expect(error.message).toContain(join(dir, "shared", "skills", "skills-registry.json"));
    expect(error.message).toContain("no sticky bit");
  });

  it.runIf(process.getuid?.() === 0)(
    "owned by another user in a sticky world-writable directory (/tmp's case)",
    async () => {
      const dir = await makeDir({ "tmp/skills/skills-registry.json": REGISTRY, "tmp/a/b/.keep": "" });
      await chmod(join(dir, "tmp"), 0o1777);
      await chown(join(dir, "tmp", "skills"), 65_534, 65_534);
      const error = await caught(() => load(join(dir, "tmp", "a", "b")));
      expect(error.message).toContain(`${join(dir, "tmp", "skills")} is owned by uid 65534`);
    },
  );
});

describe("reading a registry", () => {
  it("a file that is not JSON is named with the position, never its text", async () => {
    const dir = await makeDir({ "secret.txt": "root:$6$secret-hash-value:19000\n" });
    const error = await caught(() => load(dir, { CLAWPERATOR_SKILLS_REGISTRY: join(dir, "secret.txt") }));
    expect(error.code).toBe("REGISTRY_READ_FAILED");
    expect(error.message).toBe(
      `Registry at ${join(dir, "secret.txt")} is not valid JSON (line 1, column 1: unexpected character; expected a value)`,
    );
  });

  it("a device is not read whole", async () => {
    const dir = await makeDir();
    const error = await caught(() => load(dir, { CLAWPERATOR_SKILLS_REGISTRY: "/dev/zero" }));
    expect(error.message).toContain("is larger than");
  });
});
