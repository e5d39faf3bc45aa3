import type { Command } from "../command-types.ts";
import { logcat } from "../logcat/run-logcat.ts";
import { am } from "./am.ts";
import { echo, falseCommand, id, sleep, trueCommand, whoami } from "./basics.ts";
import { cat } from "./cat.ts";
import { date } from "./date.ts";
import { dumpsys } from "./dumpsys.ts";
import { getprop, setprop } from "./getprop.ts";
import { input } from "./input.ts";
import { log } from "./log.ts";
import { ls } from "./ls.ts";
import { monkey } from "./monkey.ts";
import { cmd, pm } from "./package-manager.ts";
import { pidof } from "./pidof.ts";
import { ps } from "./ps.ts";
import { rm } from "./rm.ts";
import { screencap } from "./screencap.ts";
import { settings } from "./settings.ts";
import { sh } from "./sh.ts";
import { uiautomator } from "./uiautomator.ts";
import { wm } from "./wm.ts";

/** The device binaries the virtual shell can run, by name. */
export const DEVICE_COMMANDS: ReadonlyMap<string, Command> = new Map<string, Command>([
  ["am", am],
  ["cat", cat],
  ["cmd", cmd],
  ["date", date],
  ["dumpsys", dumpsys],
  ["echo", echo],
  ["false", falseCommand],
  ["getprop", getprop],
  ["id", id],
  ["input", input],
  ["log", log],
  ["logcat", logcat],
  ["ls", ls],
  ["monkey", monkey],
  ["pidof", pidof],
  ["pm", pm],
  ["ps", ps],
  ["rm", rm],
  ["screencap", screencap],
  ["setprop", setprop],
  ["settings", settings],
  ["sh", sh],
  ["sleep", sleep],
  ["true", trueCommand],
  ["uiautomator", uiautomator],
  ["whoami", whoami],
  ["wm", wm],
]);
