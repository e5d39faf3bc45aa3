import { strerror } from "../../device/errno.ts";
import { UID, type DirectoryEntry, type FileStat } from "../../device/virtual-fs.ts";
import type { Command } from "../command-types.ts";
import { formatDate } from "./date-format.ts";

const USER_NAMES: Readonly<Record<number, string>> = {
  [UID.root]: "root",
  [UID.system]: "system",
  [UID.sdcardRw]: "sdcard_rw",
  [UID.shell]: "shell",
};
const nameOf = (id: number) => USER_NAMES[id] ?? String(id);

/** `drwxrwx--x`, `-rw-rw----`, `lrwxrwxrwx`. */
function permissions(stat: FileStat): string {
  const type = stat.type === "dir" ? "d" : stat.type === "link" ? "l" : "-";
  let out = type;
  for (let shift = 6; shift >= 0; shift -= 3) {
    const bits = (stat.mode >> shift) & 7;
    out += `${bits & 4 ? "r" : "-"}${bits & 2 ? "w" : "-"}${bits & 1 ? "x" : "-"}`;
  }
  return out;
}

/** toybox `ls -l` rows, columns padded to the widest value. */
function longRows(entries: readonly DirectoryEntry[]): string[] {
  const cells = entries.map(({ name, stat }) => [
    permissions(stat),
    String(stat.nlink),
    nameOf(stat.uid),
    nameOf(stat.gid),
    String(stat.size),
    formatDate(stat.mtime * 1000, "%Y-%m-%d %H:%M"),
    name,
  ]);
  const width = (column: number) => Math.max(...cells.map((row) => row[column]!.length));
  return cells.map((row) =>
    [
      row[0],
      row[1]!.padStart(width(1)),
      row[2]!.padEnd(width(2)),
      row[3]!.padEnd(width(3)),
      row[4]!.padStart(width(4)),
      row[5],
      row[6],
    ].join(" "),
  );
}

/**
 * toybox ls as adb runs it (no terminal, so one name per line): `-a` shows dot files with `.` and `..`, `-l` the
 * long form, `-d` directories themselves. Files named on the command line come first, then each directory's
 * contents, headed by its name when there is more than one.
 */
export const ls: Command = ({ args, stdout, stderr, state }) => {
  const flags = new Set<string>();
  const paths: string[] = [];
  for (const arg of args) {
    if (arg.startsWith("-") && arg.length > 1) for (const flag of arg.slice(1)) flags.add(flag);
    else paths.push(arg);
  }
  const unknown = [...flags].find((flag) => !"adl1".includes(flag));
  if (unknown !== undefined) {
    stderr(`ls: Unknown option '${unknown}' (see "ls --help")\n`);
    return 1;
  }
  const show = (entries: DirectoryEntry[]) => {
    const rows = flags.has("l") ? longRows(entries) : entries.map((e) => e.name);
    return rows.map((row) => `${row}\n`).join("");
  };
  let status = 0;
  const files: DirectoryEntry[] = [];
  const directories: Array<{ path: string; entries: DirectoryEntry[] }> = [];
  for (const path of paths.length > 0 ? paths : ["."]) {
    const stat = state.fs.stat(path);
    if (typeof stat === "string") {
      stderr(`ls: ${path}: ${strerror(stat)}\n`);
      status = 1;
      continue;
    }
    if (stat.type !== "dir" || flags.has("d")) {
      files.push({ name: path, stat });
      continue;
    }
    const listed = state.fs.list(path);
    if (typeof listed === "string") {
      stderr(`ls: ${path}: ${strerror(listed)}\n`);
      status = 1;
      continue;
    }
    const dots: DirectoryEntry[] = [];
    if (flags.has("a")) {
      for (const [name, of] of [
        [".", path],
        ["..", `${path}/..`],
      ] as const) {
        const dot = state.fs.stat(of);
        if (typeof dot !== "string") dots.push({ name, stat: dot });
      }
    }
    const entries = [...dots, ...listed.filter((e) => flags.has("a") || !e.name.startsWith("."))];
    directories.push({ path, entries });
  }
  const blocks: string[] = [];
  if (files.length > 0) blocks.push(show(files));
  for (const { path, entries } of directories) {
    const heading = paths.length > 1 ? `${path}:\n` : "";
    const total = flags.has("l")
      ? `total ${entries.reduce((sum, e) => sum + (e.stat.type === "file" ? Math.ceil(e.stat.size / 4096) * 4 : 4), 0)}\n`
      : "";
    blocks.push(`${heading}${total}${show(entries)}`);
  }
  stdout(blocks.join("\n"));
  return status;
};
