import { setTimeout as sleepFor } from "node:timers/promises";
import type { Command } from "../command-types.ts";

export const trueCommand: Command = () => 0;
export const falseCommand: Command = () => 1;

/** toybox echo: `-n` drops the newline. */
export const echo: Command = ({ args, stdout }) => {
  const noNewline = args[0] === "-n";
  stdout(`${(noNewline ? args.slice(1) : args).join(" ")}${noNewline ? "" : "\n"}`);
  return 0;
};

/** The shell user adbd runs commands as. */
const SHELL_ID =
  "uid=2000(shell) gid=2000(shell) " +
  "groups=2000(shell),1004(input),1007(log),1011(adb),1015(sdcard_rw),1028(sdcard_r),1078(ext_data_rw)," +
  "1079(ext_obb_rw),3001(net_bt_admin),3002(net_bt),3003(inet),3006(net_bw_stats),3009(readproc),3011(uhid)," +
  "3012(readtracefs) context=u:r:shell:s0";

export const id: Command = ({ stdout }) => {
  stdout(`${SHELL_ID}\n`);
  return 0;
};

export const whoami: Command = ({ stdout }) => {
  stdout("shell\n");
  return 0;
};

/** `sleep N` (fractions allowed); ends early, like a killed process, when the adb stream closes. */
export const sleep: Command = async ({ args, stderr, signal }) => {
  const seconds = Number(args[0]);
  if (args.length !== 1 || !Number.isFinite(seconds) || seconds < 0) {
    stderr(`sleep: ${args[0] === undefined ? "Needs 1 argument" : `invalid number '${args[0]}'`}\n`);
    return 1;
  }
  try {
    await sleepFor(seconds * 1000, undefined, { signal });
    return 0;
  } catch {
    return 130;
  }
};
