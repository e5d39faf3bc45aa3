import type { Command } from "../command-types.ts";

/**
 * `getprop`: every property as `[key]: [value]`; `getprop key [default]`: the value, or the default, or an empty line.
 */
export const getprop: Command = ({ args, stdout, state }) => {
  const [key, fallback = ""] = args;
  if (key === undefined) {
    stdout(
      state.properties
        .entries()
        .map(([k, v]) => `[${k}]: [${v}]\n`)
        .join(""),
    );
    return 0;
  }
  stdout(`${state.properties.get(key) ?? fallback}\n`);
  return 0;
};

/** `setprop key value`. Read-only (`ro.`) properties can be set once only, as init enforces. */
export const setprop: Command = ({ args, stderr, state }) => {
  const [key, value] = args;
  if (key === undefined || value === undefined || args.length !== 2) {
    stderr("setprop: Need 2 arguments\n");
    return 1;
  }
  if (key.startsWith("ro.") && state.properties.get(key) !== undefined) {
    stderr(`Failed to set property '${key}' to '${value}'.\nSee dmesg for error reason.\n`);
    return 1;
  }
  state.properties.set(key, value);
  return 0;
};
