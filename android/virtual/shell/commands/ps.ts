import { ADBD_PID, SYSTEM_SERVER_PID, ZYGOTE_PID } from "../../device/processes.ts";
import type { Command } from "../command-types.ts";

interface ProcessRow {
  user: string;
  pid: number;
  ppid: number;
  vsz: number;
  rss: number;
  wchan: string;
  state: "R" | "S";
  name: string;
}

/** toybox ps's default columns: name, width, and whether the value is right-aligned. */
const COLUMNS: Array<[keyof ProcessRow | "addr", string, number, boolean]> = [
  ["user", "USER", 12, false],
  ["pid", "PID", 5, true],
  ["ppid", "PPID", 5, true],
  ["vsz", "VSZ", 7, true],
  ["rss", "RSS", 6, true],
  ["wchan", "WCHAN", 16, false],
  ["addr", "ADDR", 4, true],
  ["state", "S", 1, false],
  ["name", "NAME", 0, false],
];

const format = (cells: string[]) =>
  cells
    .map((cell, i) => {
      const [, , width, right] = COLUMNS[i]!;
      return right ? cell.padStart(width) : cell.padEnd(width);
    })
    .join(" ")
    .trimEnd();

const sleeping = (user: string, pid: number, ppid: number, name: string, vsz: number, rss: number): ProcessRow => ({
  user,
  pid,
  ppid,
  vsz,
  rss,
  wchan: "do_sys_poll",
  state: "S",
  name,
});

/**
 * toybox `ps`: without options the adb shell's own processes (its shell and ps itself, as on a device where adb
 * shell has no terminal); `-A`/`-e` every process: init, zygote, system_server, adbd and the running apps. Other
 * options (`-l`, `-f`, `-o`, ...) are refused rather than printed in a format the virtual device does not have.
 */
export const ps: Command = ({ args, stdout, stderr, state, pid }) => {
  let all = false;
  for (const arg of args) {
    if (/^-[Ae]+$/.test(arg)) all = true;
    else {
      stderr(
        `ps: ${arg}: the virtual device's ps has only the default columns, for all processes (-A, -e) or its own\n`,
      );
      return 1;
    }
  }
  const own: ProcessRow[] = [
    sleeping("shell", pid, ADBD_PID, "sh", 10_812_428, 2_904),
    { ...sleeping("shell", state.processes.spawn(), pid, "ps", 10_875_116, 3_424), wchan: "0", state: "R" },
  ];
  const rows = all
    ? [
        sleeping("root", 1, 0, "init", 10_904_108, 8_580),
        sleeping("root", ZYGOTE_PID, 1, "zygote64", 15_127_684, 98_112),
        sleeping("system", SYSTEM_SERVER_PID, ZYGOTE_PID, "system_server", 20_447_492, 287_336),
        sleeping("shell", ADBD_PID, 1, "adbd", 10_969_196, 6_120),
        ...[...state.processes.apps()].map(([name, appPid]) => {
          const uid = state.packages.get(name)?.uid;
          return sleeping(uid ? `u0_a${uid - 10_000}` : "system", appPid, ZYGOTE_PID, name, 16_532_880, 121_904);
        }),
        ...own,
      ]
    : own;
  const lines = [
    format(COLUMNS.map(([, header]) => header)),
    ...rows.map((row) => format(COLUMNS.map(([key]) => (key === "addr" ? "0" : String(row[key as keyof ProcessRow]))))),
  ];
  stdout(`${lines.join("\n")}\n`);
  return 0;
};
