/** The application ids of `pm list packages` (`package:<id>` lines), sorted. */
export function parsePackageList(stdout: string): string[] {
  return stdout
    .split(/\r?\n/)
    .filter((l) => l.startsWith("package:"))
    .map((l) => l.slice("package:".length).trim())
    .sort();
}
