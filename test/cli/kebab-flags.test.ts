import type { ArgsDef } from "citty";
import { describe, expect, it } from "vitest";
import { buildTree, type TreeNode } from "../../cli/command-tree.ts";
import { renderHelp } from "../../cli/help.ts";
import { parseCommandArgs } from "../../cli/parse-command-args.ts";
import { builtinPlugins } from "../../plugins/index.ts";
import { boot } from "../helpers/boot-kernel.ts";
import { caught } from "../helpers/caught.ts";

/** A table written with camelCase keys, as the emulator and virtual plugins write theirs. */
const ARGS = {
  name: { type: "positional", required: false, description: "name" },
  bootTimeoutMs: { type: "string", description: "boot timeout" },
  apiLevel: { type: "string", required: true, description: "API level" },
  playStore: { type: "boolean", description: "Play Store image" },
} as const satisfies ArgsDef;

const CAMEL_FLAG = /--[a-z]+[A-Z][A-Za-z]*/;

function commandNodes(node: TreeNode): TreeNode[] {
  const children = [...node.children.values()];
  return [...(node.command ? [node] : []), ...children.flatMap(commandNodes)];
}

describe("flags are kebab-case for people, camelCase still parses", () => {
  it("every built-in command's --help names its flags kebab-case", async () => {
    const nodes = commandNodes(buildTree(await boot(builtinPlugins)));
    expect(nodes.map((n) => n.path.join(" "))).toContain("emulator create");
    for (const node of nodes) {
      const help = await renderHelp(node, "0.0.0", { all: true });
      expect(help.match(CAMEL_FLAG), `clawperator ${node.path.join(" ")} --help --all`).toBeNull();
    }
  });

  it("every hidden flag of a built-in command is one of its flags", async () => {
    const nodes = commandNodes(buildTree(await boot(builtinPlugins)));
    const hidden = nodes.flatMap((n) => (n.command?.hiddenArgs ?? []).map((name) => [n.path.join(" "), name]));
    expect(hidden).toContainEqual(["virtual android-home", "failImageInstall"]);
    for (const [path, name] of hidden)
      expect(Object.keys(nodes.find((n) => n.path.join(" ") === path)!.command!.args ?? {}), path).toContain(name);
  });

  it("a camelCase table key is shown as its kebab-case flag", async () => {
    const kernel = await boot([
      {
        name: "emu",
        setup: (ctx) =>
          ctx.commands.add({
            path: ["create"],
            description: "create",
            args: ARGS,
            load: async () => ({ default: { run: () => 1 } }),
          }),
      },
    ]);
    const help = await renderHelp(buildTree(kernel).children.get("create")!, "0.0.0");
    expect(help).toContain("--boot-timeout-ms");
    expect(help).toContain("--api-level");
    expect(help).toContain("--play-store");
    expect(help).not.toMatch(CAMEL_FLAG);
  });

  it("both spellings set the table's own key", () => {
    for (const argv of [
      ["--boot-timeout-ms", "9000", "--api-level", "35", "--no-play-store"],
      ["--bootTimeoutMs", "9000", "--apiLevel=35", "--no-playStore"],
    ]) {
      const parsed = parseCommandArgs("emulator create", ARGS, argv);
      expect(parsed, argv.join(" ")).toMatchObject({ bootTimeoutMs: "9000", apiLevel: "35", playStore: false });
    }
  });

  it("a missing required flag and an unknown one are named kebab-case", async () => {
    const missing = await caught(() => parseCommandArgs("emulator create", ARGS, []));
    expect(missing.message).toBe("emulator create: Missing required argument: --api-level");
    const unknown = await caught(() => parseCommandArgs("emulator create", ARGS, ["--bootTimeoutMS", "1"]));
    expect(unknown.details).toEqual({ option: "--bootTimeoutMS", suggestion: "--boot-timeout-ms" });
  });
});
