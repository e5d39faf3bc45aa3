import { isSettingsNamespace } from "../../device/settings-store.ts";
import type { Command } from "../command-types.ts";

const USAGE =
  "usage:  settings [--user <USER_ID> | current] get namespace key\n" +
  "        settings [--user <USER_ID> | current] put namespace key value\n" +
  "        settings [--user <USER_ID> | current] delete namespace key\n" +
  "        settings [--user <USER_ID> | current] list namespace\n";

/** `settings get|put|delete|list <namespace> ...`, printing as SettingsService's shell command does. */
export const settings: Command = ({ args, stdout, stderr, state }) => {
  const rest = args[0] === "--user" ? args.slice(2) : args;
  const [verb, namespace, key, value] = rest;
  const arity: Record<string, number> = { get: 3, put: 4, delete: 3, list: 2 };
  const needed = verb === undefined ? undefined : arity[verb];
  if (needed === undefined || namespace === undefined || rest.length < needed) {
    stderr(verb !== undefined && needed === undefined ? `Invalid command: ${verb}\n${USAGE}` : USAGE);
    return 255;
  }
  if (!isSettingsNamespace(namespace)) {
    stderr(`Invalid namespace '${namespace}'\n${USAGE}`);
    return 255;
  }
  switch (verb) {
    case "get":
      stdout(`${state.settings.get(namespace, key!) ?? "null"}\n`);
      return 0;
    case "put":
      state.settings.put(namespace, key!, value!);
      return 0;
    case "delete":
      stdout(`Deleted ${state.settings.delete(namespace, key!) ? 1 : 0} rows\n`);
      return 0;
    default:
      stdout(
        state.settings
          .list(namespace)
          .map(([k, v]) => `${k}=${v}\n`)
          .join(""),
      );
      return 0;
  }
};
