import type { Transport } from "../../core/services/transport.ts";
import { OPERATOR_PACKAGES } from "../../core/contracts/limits.ts";
import { shellQuote } from "./shell-quote.ts";

/**
 * `versionName` / `versionCode` of an installed package, read from `dumpsys package <pkg>` (docs/protocol.md#versions).
 */
export interface InstalledVersion {
  versionName?: string;
  versionCode?: number;
}

/** The first `versionName=` and `versionCode=` lines (the installed package's; an updated system app lists more). */
export function parseDumpsysVersion(output: string): InstalledVersion {
  const name = /^\s*versionName=(\S+)/m.exec(output)?.[1];
  const code = /^\s*versionCode=(\d+)/m.exec(output)?.[1];
  return {
    ...(name === undefined ? {} : { versionName: name }),
    ...(code === undefined ? {} : { versionCode: Number(code) }),
  };
}

export async function readInstalledVersion(
  transport: Transport,
  serial: string,
  packageName: string,
): Promise<InstalledVersion & { raw: string }> {
  const result = await transport.shell(serial, `dumpsys package ${shellQuote(packageName)}`);
  return { ...parseDumpsysVersion(result.stdout), raw: result.stdout };
}

/** Exact `package:<pkg>` lines of `pm list packages` (its filter is a substring match). */
export function listedPackages(output: string): Set<string> {
  return new Set(
    output
      .split(/\r?\n/)
      .filter((l) => l.startsWith("package:"))
      .map((l) => l.slice("package:".length).trim()),
  );
}

/** Which of the two Operator variants are installed: one `pm list packages` call, which matches both by substring. */
export async function installedOperatorVariants(transport: Transport, serial: string): Promise<string[]> {
  const result = await transport.shell(serial, `pm list packages ${OPERATOR_PACKAGES.release}`);
  const listed = listedPackages(result.stdout);
  return Object.values(OPERATOR_PACKAGES).filter((p) => listed.has(p));
}

/** The other variant of a known Operator package (release ↔ debug); undefined for other packages. */
export function otherVariant(packageName: string): string | undefined {
  if (packageName === OPERATOR_PACKAGES.release) return OPERATOR_PACKAGES.debug;
  if (packageName === OPERATOR_PACKAGES.debug) return OPERATOR_PACKAGES.release;
  return undefined;
}
