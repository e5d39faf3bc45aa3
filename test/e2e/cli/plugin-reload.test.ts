import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCliJson } from "../../helpers/run-cli.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";

// Every call loads the configured plugins afresh: a plugin author's edit shows on the next call, with no process
// to restart, whether the plugin is JavaScript (loaded by Node) or TypeScript (through jiti and its cache).
const makeDir = tempDirs("clawperator-plugin-reload-");

const plugin = (said: string) => `export default {
  name: "edit",
  setup(ctx) {
    ctx.commands.add({
      path: ["edit-me"],
      description: "says what the file says",
      load: async () => ({ default: { run: () => ({ said: ${JSON.stringify(said)} }) } }),
    });
  },
};
`;

describe.each([["edit.mjs"], ["edit.ts"]])("a local plugin %s", (file) => {
  it("edited between two calls: the second call runs the edited code", async () => {
    const dir = await makeDir({
      [file]: plugin("first"),
      "clawperator.config.json": JSON.stringify({ plugins: [`./${file}`] }),
    });
    const call = async () => {
      const result = await runCliJson<{ said: string }>(["edit-me"], {
        cwd: dir,
        env: { HOME: dir, CLAWPERATOR_HOME: join(dir, ".clawperator") },
      });
      expect(result.exitCode, result.stderr).toBe(0);
      return result.body.said;
    };
    expect(await call()).toBe("first");
    const source = join(dir, file);
    await writeFile(source, (await readFile(source, "utf8")).replace('"first"', '"second"'));
    expect(await call()).toBe("second");
  });
});
