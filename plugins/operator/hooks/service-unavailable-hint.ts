import { DEFAULT_OPERATOR_PACKAGE } from "../../../core/contracts/limits.ts";
import type { ExecutionHook } from "../../../core/execution/hooks.ts";

/** A SERVICE_UNAVAILABLE envelope says what to run about it, as the reference runtime's does. */
const serviceUnavailableHint: ExecutionHook = {
  afterResult(ctx) {
    const { envelope } = ctx;
    if (envelope.status !== "failed" || envelope.errorCode !== "SERVICE_UNAVAILABLE") return;
    const target = `--device-id ${ctx.deviceId}${
      ctx.receiverPackage === DEFAULT_OPERATOR_PACKAGE ? "" : ` --receiver-package ${ctx.receiverPackage}`
    }`;
    ctx.envelope = {
      ...envelope,
      hint:
        `Accessibility service not running. Run 'clawperator doctor --fix ${target}' to diagnose and repair, ` +
        `or 'clawperator operator setup --apk <path-to-apk> ${target}' to reinstall.`,
    };
  },
};

export default serviceUnavailableHint;
