import type { ClawperatorPlugin } from "../core/kernel/index.ts";
import adb from "./adb/index.ts";
import device from "./device/index.ts";
import doctor from "./doctor/index.ts";
import emulator from "./emulator/index.ts";
import inspector from "./inspector/index.ts";
import mcp from "./mcp/index.ts";
import operator from "./operator/index.ts";
import recording from "./recording/index.ts";
import serve from "./serve/index.ts";
import skills from "./skills/index.ts";
import stf from "./stf/index.ts";
import virtual from "./virtual/index.ts";

/** Built-in plugins, in load order; a config's `disablePlugins` removes them by name. */
export const builtinPlugins: readonly ClawperatorPlugin[] = [
  adb,
  operator,
  device,
  virtual,
  doctor,
  serve,
  inspector,
  skills,
  emulator,
  recording,
  mcp,
  stf,
];
