import { installedOperatorVariants, listedPackages, otherVariant } from "../../../android/operator/package-info.ts";
import { operatorSetupCommand } from "../../../android/operator/protocol-line.ts";
import { shellQuote } from "../../../android/operator/shell-quote.ts";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { DEFAULT_OPERATOR_PACKAGE, OPERATOR_PACKAGES } from "../../../core/contracts/limits.ts";
import type { GlobalOptions } from "../../../core/kernel/index.ts";
import type { RuntimeConfig } from "../../../core/services/runtime-config.ts";
import type { Transport } from "../../../core/services/transport.ts";

/** The receiver package the user asked for (`--receiver-package`, the environment, the config), if any. */
export const requestedReceiver = (globals: GlobalOptions, config: RuntimeConfig): string | undefined =>
  globals.receiverPackage ?? config.operatorPackage;

/**
 * The receiver package commands target: the requested one, else the release Operator (docs/cli.md#receiver-packages).
 */
export const receiverPackageOf = (globals: GlobalOptions, config: RuntimeConfig): string =>
  requestedReceiver(globals, config) ?? DEFAULT_OPERATOR_PACKAGE;

/**
 * Fails unless the receiver package is installed: RECEIVER_VARIANT_MISMATCH when only the other variant is
 * (naming the flag that targets it), RECEIVER_NOT_INSTALLED otherwise.
 */
export async function requireInstalled(transport: Transport, serial: string, receiverPackage: string): Promise<void> {
  const other = otherVariant(receiverPackage);
  const listed = listedPackages(
    (
      await transport.shell(
        serial,
        `pm list packages ${shellQuote(other ? OPERATOR_PACKAGES.release : receiverPackage)}`,
      )
    ).stdout,
  );
  if (listed.has(receiverPackage)) return;
  if (other && listed.has(other)) {
    throw new ClawperatorError(
      "RECEIVER_VARIANT_MISMATCH",
      `${receiverPackage} is not installed on ${serial}, but ${other} is`,
      {
        hint: `Pass --receiver-package ${other}, or install ${receiverPackage} with clawperator operator setup.`,
        details: { deviceId: serial, receiverPackage, installed: other },
      },
    );
  }
  throw new ClawperatorError(
    "RECEIVER_NOT_INSTALLED",
    `the Operator APK ${receiverPackage} is not installed on ${serial}`,
    {
      hint: `Install it: ${operatorSetupCommand({ deviceId: serial, receiverPackage })}`,
      details: { deviceId: serial, receiverPackage },
    },
  );
}

/** `operator setup` without a receiver package and an APK it could not read: the one Operator variant installed. */
export async function detectReceiver(transport: Transport, serial: string): Promise<string> {
  const variants = await installedOperatorVariants(transport, serial);
  if (variants.length === 1) return variants[0]!;
  if (variants.length === 0) {
    throw new ClawperatorError(
      "OPERATOR_VERIFY_FAILED",
      `no Operator package is installed on ${serial} after the install`,
      {
        details: { phase: "verification", deviceId: serial },
      },
    );
  }
  throw new ClawperatorError("USAGE", `both Operator variants are installed on ${serial}; pass --receiver-package`, {
    hint: `Pass --receiver-package ${variants.join(" or --receiver-package ")}.`,
    details: { deviceId: serial, installed: variants },
  });
}
