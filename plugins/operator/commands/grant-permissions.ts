import { grantOperatorPermissions, type PermissionResult } from "../../../android/operator/operator-permissions.ts";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { selectDevice } from "../../../core/execution/resolve-device.ts";
import { defineCommandHandler } from "../../../core/kernel/index.ts";
import { Transport } from "../../../core/services/transport.ts";
import { permissionLines } from "../setup/permission-lines.ts";
import { receiverPackageOf, requireInstalled } from "../setup/receiver.ts";

interface GrantResult {
  ok: true;
  deviceId: string;
  receiverPackage: string;
  permissions: PermissionResult[];
  changed: boolean;
}

/** `grant-device-permissions`: the grants of `operator setup` again, after a crash made Android revoke them. */
const grantPermissions = defineCommandHandler({
  async run(_args, { globals, services, config }): Promise<GrantResult> {
    const transport = services.resolve(Transport);
    const deviceId = selectDevice(await transport.listDevices(), globals.deviceId ?? config.deviceId);
    const receiverPackage = receiverPackageOf(globals, config);
    await requireInstalled(transport, deviceId, receiverPackage);
    const permissions = await grantOperatorPermissions(transport, deviceId, receiverPackage);
    const failed = permissions.filter((p) => p.status === "failed");
    if (failed.length) {
      throw new ClawperatorError(
        "OPERATOR_GRANT_FAILED",
        `granting ${failed.map((p) => p.permission).join(", ")} to ${receiverPackage} failed`,
        {
          details: { deviceId, receiverPackage, permissions },
        },
      );
    }
    return {
      ok: true,
      deviceId,
      receiverPackage,
      permissions,
      changed: permissions.some((p) => p.status === "granted"),
    };
  },
  pretty(value) {
    const r = value;
    return [
      `${r.receiverPackage} on ${r.deviceId}: ` +
        `${r.changed ? "permissions granted" : "every permission was already in place"}`,
      ...permissionLines(r.permissions),
    ].join("\n");
  },
});

export default grantPermissions;
