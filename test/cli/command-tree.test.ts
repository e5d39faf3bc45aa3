import { describe, expect, it, vi } from "vitest";
import { buildTree, resolveCommand } from "../../cli/command-tree.ts";
import { renderHelp } from "../../cli/help.ts";
import { definePlugin, type CommandContribution } from "../../core/kernel/index.ts";
import { caught } from "../helpers/caught.ts";
import { boot } from "../helpers/boot-kernel.ts";

const load = vi.fn(() => Promise.reject(new Error("must not be loaded")));
const command = (path: string[], extra: Partial<CommandContribution> = {}): CommandContribution => ({
  path,
  description: `does ${path.join(" ")}`,
  load,
  ...extra,
});

const kernel = await boot([
  definePlugin({
    name: "operator",
    setup(ctx) {
      ctx.commands.group({ path: ["observe"], description: "Observe the device" });
      ctx.commands.add(
        command(["execute"], {
          aliases: [["exec"]],
          args: { "validate-only": { type: "boolean", description: "Validate only" } },
        }),
      );
      ctx.commands.add(command(["observe", "snapshot"], { aliases: [["snapshot"]] }));
      ctx.commands.add(command(["observe", "screenshot"]));
    },
  }),
  definePlugin({
    name: "virtual",
    setup(ctx) {
      ctx.commands.add(command(["virtual", "start"]));
      ctx.commands.add(
        command(["virtual", "android-home"], {
          args: {
            out: { type: "string", description: "Where to write it" },
            failImageInstall: { type: "boolean", description: "Fail like a broken download" },
          },
          hiddenArgs: ["failImageInstall"],
        }),
      );
    },
  }),
]);
const tree = buildTree(kernel);

describe("command tree", () => {
  it("resolves commands, aliases and the remaining argv", () => {
    const resolved = resolveCommand(tree, ["observe", "snapshot", "--device", "x"]);
    expect(resolved.node.command?.path).toEqual(["observe", "snapshot"]);
    expect(resolved.args).toEqual(["--device", "x"]);
    expect(resolveCommand(tree, ["snapshot"]).node.command?.path).toEqual(["observe", "snapshot"]);
    expect(resolveCommand(tree, ["exec", "flow.json"])).toMatchObject({ node: { alias: true }, args: ["flow.json"] });
  });

  it("stops at a group, which has no command of its own", () => {
    const resolved = resolveCommand(tree, ["virtual"]);
    expect(resolved.node.command).toBeUndefined();
    expect([...resolved.node.children.keys()]).toEqual(["start", "android-home"]);
  });

  it("an unknown word is USAGE with the nearest command", async () => {
    const error = await caught(() => resolveCommand(tree, ["observe", "screnshot"]));
    expect(error.code).toBe("USAGE");
    expect(error.message).toBe('"observe" has no subcommand "screnshot"; did you mean "observe screenshot"?');
    expect(error.details).toEqual({ command: "screnshot", suggestion: "screenshot" });
  });

  it("an unknown flag where the command belongs is USAGE naming it, with the nearest global flag", async () => {
    const error = await caught(() => resolveCommand(tree, ["--devcie-id", "emulator-5554", "devices"]));
    expect(error.code).toBe("USAGE");
    expect(error.message).toBe('unknown flag "--devcie-id"; did you mean "--device-id"?');
    expect(error.details).toEqual({ flag: "--devcie-id", suggestion: "--device-id" });
    const inGroup = await caught(() => resolveCommand(tree, ["virtual", "--frobnicate=1"]));
    expect(inGroup.message).toBe('unknown flag "--frobnicate" before a "virtual" subcommand');
  });

  it("an unknown word with nothing close is USAGE without a suggestion", async () => {
    const error = await caught(() => resolveCommand(tree, ["frobnicate"]));
    expect(error.message).toBe('unknown command "frobnicate"');
    expect(error.details).toEqual({ command: "frobnicate" });
  });
});

describe("help", () => {
  it("lists commands and groups with descriptions, hides aliases, and loads nothing", async () => {
    const help = await renderHelp(tree, "9.9.9");
    expect(help).toContain("v9.9.9");
    expect(help).toMatch(/^\s+execute\s+does execute/m);
    expect(help).toMatch(/^\s+observe\s+Observe the device/m);
    expect(help).toMatch(/^\s+virtual\s/m);
    expect(help).not.toMatch(/^\s+exec\s/m);
    expect(help).not.toMatch(/^\s+snapshot\s/m);
    expect(help).toContain("--device-id <serial>");
    expect(load).not.toHaveBeenCalled();
  });

  it("a command's help shows its own flags without loading it", async () => {
    const help = await renderHelp(resolveCommand(tree, ["execute"]).node, "9.9.9");
    expect(help).toContain("--validate-only");
    expect(help).toContain("Validate only");
    expect(load).not.toHaveBeenCalled();
  });

  it("a command's hidden flags are left out of its help, which says --help --all lists them", async () => {
    const node = resolveCommand(tree, ["virtual", "android-home"]).node;
    const help = await renderHelp(node, "9.9.9");
    expect(help).toContain("--out");
    expect(help).not.toContain("--fail-image-install");
    expect(help).toContain("listed by --help --all");
    const all = await renderHelp(node, "9.9.9", { all: true });
    expect(all).toContain("--fail-image-install");
    expect(all).toContain("Fail like a broken download");
    expect(all).not.toContain("listed by --help --all");
    expect(await renderHelp(resolveCommand(tree, ["execute"]).node, "9.9.9")).not.toContain("--help --all");
  });
});
