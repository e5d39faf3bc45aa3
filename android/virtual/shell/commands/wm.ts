import type { Command } from "../command-types.ts";

/** `wm size` / `wm density`: the profile's physical values (the shell user cannot override them here). */
export const wm: Command = ({ args, stdout, stderr, state }) => {
  const { width, height, density } = state.profile.screen;
  if (args.length === 1 && args[0] === "size") {
    stdout(`Physical size: ${width}x${height}\n`);
    return 0;
  }
  if (args.length === 1 && args[0] === "density") {
    stdout(`Physical density: ${density}\n`);
    return 0;
  }
  stderr(
    args.length === 0 ? "Error: no command given\n" : `Error: unknown or unsupported command '${args.join(" ")}'\n`,
  );
  return 255;
};
