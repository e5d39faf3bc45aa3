import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { confinePath } from "../../../core/host/allowed-paths.ts";
import { caught } from "../../helpers/caught.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";

const makeDir = tempDirs("clawperator-paths-");

describe("confinePath: the one check of every path an agent names", () => {
  it("takes a path inside an allowed directory, existing or not, however deep", async () => {
    const allowed = await makeDir();
    const policy = { allowedDirs: [allowed], cwd: allowed, names: "directory" as const };
    expect(confinePath("a/b/c", policy)).toBe(join(allowed, "a/b/c"));
    expect(confinePath(join(allowed, "x"), policy)).toBe(join(allowed, "x"));
  });

  it("refuses `..`, absolute paths elsewhere, and symbolic links out, also under parts that do not exist yet", async () => {
    const allowed = await makeDir();
    const outside = await makeDir();
    symlinkSync(outside, join(allowed, "link"));
    mkdirSync(join(allowed, "real"));
    symlinkSync(outside, join(allowed, "real", "to-outside"));
    const policy = { allowedDirs: [allowed], cwd: allowed, names: "directory" as const };
    for (const path of ["../x", join(outside, "x"), "link", "link/new/deep", "real/to-outside/a"]) {
      const error = await caught(() => confinePath(path, policy, "out"));
      expect(error.code, path).toBe("PATH_NOT_ALLOWED");
      expect(error.message, path).toContain(`out ${path}`);
    }
  });

  it("leaves a file that is itself a symbolic link to its writer, but not a folder that is one", async () => {
    const allowed = await makeDir();
    const outside = await makeDir();
    symlinkSync(join(outside, "f.png"), join(allowed, "f.png"));
    const policy = { allowedDirs: [allowed], cwd: allowed };
    expect(confinePath("f.png", { ...policy, names: "file" })).toBe(join(allowed, "f.png"));
    expect((await caught(() => confinePath("f.png", { ...policy, names: "directory" }))).code).toBe("PATH_NOT_ALLOWED");
  });
});
