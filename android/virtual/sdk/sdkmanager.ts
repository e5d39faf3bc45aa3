import { readSdkConfig } from "./sdk-config.ts";
import {
  acceptLicenses,
  availablePackages,
  installedPackages,
  installPackage,
  knownPackage,
  licensesAccepted,
  uninstallPackage,
  type SdkPackage,
} from "./sdk-packages.ts";
import type { ToolIo } from "./tool-io.ts";

function table(packages: SdkPackage[], withLocation: boolean): string {
  const rows = [
    ["Path", "Version", "Description", ...(withLocation ? ["Location"] : [])],
    ["-------", "-------", "-------", ...(withLocation ? ["-------"] : [])],
    ...packages.map((p) => [p.id, p.version, p.description, ...(withLocation ? [p.location] : [])]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map(
      (row) =>
        `  ${row
          .map((cell, column) => cell.padEnd(widths[column]!))
          .join(" | ")
          .trimEnd()}\n`,
    )
    .join("");
}

const LICENSE_PROMPT = "Review licenses that have not been accepted (y/N)? ";

/** `sdkmanager --licenses`: asks once per unaccepted license; `y` accepts. */
async function licenses(sdkRoot: string, io: ToolIo): Promise<number> {
  if (licensesAccepted(sdkRoot)) {
    io.out("All SDK package licenses accepted.\n");
    return 0;
  }
  io.out(`1 of 1 SDK package license not accepted.\n${LICENSE_PROMPT}`);
  const review = (await io.readLine())?.trim().toLowerCase();
  if (review !== "y") {
    io.out("\n");
    return 0;
  }
  io.out(
    "\n1/1: License android-sdk-license:\n---------------------------------------\n" +
      "Terms and Conditions (Clawperator virtual SDK stand-in)\n" +
      "---------------------------------------\nAccept? (y/N): ",
  );
  const accept = (await io.readLine())?.trim().toLowerCase();
  io.out("\n");
  if (accept !== "y") return 1;
  acceptLicenses(sdkRoot);
  io.out("All SDK package licenses accepted\n");
  return 0;
}

async function install(sdkRoot: string, ids: string[], io: ToolIo): Promise<number> {
  const packages: SdkPackage[] = [];
  for (const id of ids) {
    const pkg = knownPackage(id);
    if (!pkg) {
      io.err(`Warning: Failed to find package '${id}'\n`);
      return 1;
    }
    packages.push(pkg);
  }
  if (!licensesAccepted(sdkRoot)) {
    io.out("License android-sdk-license:\nTerms and Conditions (Clawperator virtual SDK stand-in)\nAccept? (y/N): ");
    const answer = (await io.readLine())?.trim().toLowerCase();
    io.out("\n");
    if (answer !== "y") {
      io.err(
        `Skipping following packages as the license is not accepted:\n` +
          `${packages.map((p) => p.description).join("\n")}\n` +
          `The following packages can not be installed since their licenses or those of the packages they ` +
          `depend on were not accepted:\n${packages.map((p) => `  ${p.id}`).join("\n")}\n`,
      );
      return 1;
    }
    acceptLicenses(sdkRoot);
  }
  const config = readSdkConfig(sdkRoot);
  for (const pkg of packages) {
    if (config.failImageInstall && pkg.id.startsWith("system-images;")) {
      io.err(
        `Warning: An error occurred during installation: Failed to download ${pkg.id} (virtual SDK: ` +
          `failImageInstall is set).\n`,
      );
      return 1;
    }
    io.out(`[=======================================] 100% Unzipping... ${pkg.location}\n`);
    installPackage(sdkRoot, pkg);
  }
  return 0;
}

/** The stand-in `sdkmanager`: --list_installed, --list, --licenses, --version, install and --uninstall of packages. */
export async function runSdkmanager(sdkRoot: string, argv: readonly string[], io: ToolIo): Promise<number> {
  const args = argv.filter(
    (arg) => !arg.startsWith("--sdk_root=") && arg !== "--verbose" && !arg.startsWith("--channel="),
  );
  const flags = args.filter((arg) => arg.startsWith("--"));
  const ids = args.filter((arg) => !arg.startsWith("--"));
  if (flags.includes("--version")) {
    io.out("12.0\n");
    return 0;
  }
  if (flags.includes("--list_installed")) {
    io.out(`Installed packages:\n${table(installedPackages(sdkRoot), true)}`);
    return 0;
  }
  if (flags.includes("--list")) {
    io.out(
      `Installed packages:\n${table(installedPackages(sdkRoot), true)}\nAvailable Packages:\n` +
        `${table(availablePackages(), false)}`,
    );
    return 0;
  }
  if (flags.includes("--licenses")) return licenses(sdkRoot, io);
  if (flags.includes("--uninstall")) {
    for (const id of ids) {
      const pkg = knownPackage(id);
      if (!pkg || !uninstallPackage(sdkRoot, pkg)) io.err(`Warning: Failed to find package '${id}'\n`);
    }
    return 0;
  }
  const unknown = flags.find((flag) => flag !== "--install");
  if (unknown !== undefined || ids.length === 0) {
    io.err(
      `${unknown === undefined ? "A package or --list is required" : `Unknown argument ${unknown}`}\n\n` +
        `Usage:\n  sdkmanager [--uninstall] [<common args>] [--package_file=<file>] [<packages>...]\n` +
        `  sdkmanager --update [<common args>]\n  sdkmanager --list [<common args>]\n` +
        `  sdkmanager --list_installed [<common args>]\n  sdkmanager --licenses [<common args>]\n` +
        `  sdkmanager --version\n`,
    );
    return 1;
  }
  return install(sdkRoot, ids, io);
}
