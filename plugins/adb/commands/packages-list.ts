import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { selectDevice } from "../../../core/execution/resolve-device.ts";
import { defineCommandHandler } from "../../../core/kernel/index.ts";
import { packagesListArgs } from "../command-args.ts";
import { Transport } from "../../../core/services/transport.ts";
import { parsePackageList } from "../../../android/operator/package-list.ts";

interface PackagesResult {
  deviceId: string;
  thirdPartyOnly: boolean;
  packages: string[];
}

/** `packages list [--third-party]`: installed application ids, from `pm list packages [-3]`. */
const packagesList = defineCommandHandler(packagesListArgs, {
  async run(args, { globals, services, config }): Promise<PackagesResult> {
    const transport = services.resolve(Transport);
    const deviceId = selectDevice(await transport.listDevices(), globals.deviceId ?? config.deviceId);
    const result = await transport.shell(deviceId, args.thirdParty ? "pm list packages -3" : "pm list packages");
    if (result.exitCode !== 0) {
      throw new ClawperatorError(
        "DEVICE_SHELL_UNAVAILABLE",
        `pm list packages failed on ${deviceId}: ${result.stderr.trim() || `exit ${result.exitCode}`}`,
        {
          details: { deviceId },
        },
      );
    }
    const packages = parsePackageList(result.stdout);
    return { deviceId, thirdPartyOnly: Boolean(args.thirdParty), packages };
  },
  pretty: (value) => value.packages.join("\n"),
});

export default packagesList;
