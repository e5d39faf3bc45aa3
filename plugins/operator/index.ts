import { definePlugin } from "../../core/kernel/index.ts";

/** The operator protocol's commands: run executions on a device through the Operator APK. */
export default definePlugin({
  name: "operator",
  setup(ctx) {
    ctx.commands.add({
      path: ["execute"],
      aliases: [["exec"]],
      description: "Run an execution payload (validated list of actions) on a device",
      args: {
        file: { type: "positional", required: false, description: "Path to an execution JSON file (same as --execution <path>)" },
        execution: { type: "string", description: "Execution as inline JSON, a path to a JSON file, or - for stdin", valueHint: "json|path" },
        "validate-only": { type: "boolean", description: "Validate and print the normalized canonical execution; needs no device" },
      },
      load: () => import("./commands/execute.js"),
    });
  },
});
