import { OPERATOR_MAIN_ACTIVITY } from "../../../android/operator/operator-components.ts";
import { operatorSetupCommand } from "../../../android/operator/protocol-line.ts";
import { shellQuote } from "../../../android/operator/shell-quote.ts";
import type { DoctorCheck } from "../../../core/kernel/index.ts";
import { Transport } from "../../../core/services/transport.ts";

/** build.android.launch (`--full`): `am start -n <pkg>/clawperator.activity.MainActivity`. */
const check: DoctorCheck = {
  async run({ services, deviceId, receiverPackage }) {
    const component = `${receiverPackage}/${OPERATOR_MAIN_ACTIVITY}`;
    const result = await services.resolve(Transport).shell(deviceId!, `am start -W -n ${shellQuote(component)}`);
    const output = `${result.stdout}${result.stderr}`.trim();
    if (result.exitCode === 0 && !/^Error/m.test(output))
      return { status: "pass", summary: `Launched ${component}.`, evidence: { component } };
    return {
      status: "fail",
      code: "ANDROID_APP_LAUNCH_FAILED",
      summary: `Launching ${component} failed.`,
      detail: output.split("\n").slice(-3).join(" ") || `exit code ${result.exitCode}`,
      fix: {
        title: "Reinstall the Operator",
        platform: "any",
        steps: [{ kind: "manual", value: operatorSetupCommand({ deviceId: deviceId!, receiverPackage }) }],
      },
      evidence: { component, exitCode: result.exitCode },
    };
  },
};

export default check;
