import { type AnyCommandDefinition, defineCliCommand } from "../../../core/kernel/index.ts";
import { operatorDownloadArgs, operatorSetupArgs, versionArgs } from "./setup-args.ts";

/** Setup, permission and version commands, as data: `--help` lists them without loading their code. */
export const SETUP_COMMANDS: AnyCommandDefinition[] = [
  defineCliCommand({
    path: ["operator", "setup"],
    aliases: [["operator", "install"]],
    description: "Install the Operator APK and grant its permissions in one step (install, permissions, verification)",
    args: operatorSetupArgs,
    load: () => import("../commands/operator-setup.js"),
  }),
  defineCliCommand({
    path: ["operator", "download"],
    description: "Download the Operator APK and verify its SHA-256 (newest of this CLI's line, or --version)",
    args: operatorDownloadArgs,
    load: () => import("../commands/operator-download.js"),
  }),
  defineCliCommand({
    path: ["grant-device-permissions"],
    description:
      "Re-grant the Operator's accessibility service and notification permissions after a crash revoked them",
    load: () => import("../commands/grant-permissions.js"),
  }),
  defineCliCommand({
    path: ["version"],
    description:
      "Show the CLI version and the Operator line it drives, or check the installed Operator (--check-compat)",
    args: versionArgs,
    load: () => import("../commands/version.js"),
  }),
];
