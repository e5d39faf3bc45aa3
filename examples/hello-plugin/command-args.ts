/** The command's flags, as citty declares them; `defineCliCommand` types the handler's `args` from this table. */
export const helloArgs = {
  name: { type: "positional", required: false, description: "Who to greet" },
  shout: { type: "boolean", description: "Greet in capitals" },
} as const;
