import { startVirtualDevice, type RunningVirtualDevice } from "../../android/virtual/index.ts";
import { AdbTransport } from "../../plugins/adb/client/adb-transport.ts";
import { transportConformance } from "../../testing/transport-conformance.ts";
import { AdbHarness } from "../helpers/adb-harness.ts";

let harness: AdbHarness;
let device: RunningVirtualDevice;

// Our own adb transport passes the suite third-party transport authors run: the suite is real, and so is the claim.
transportConformance("the adb transport against a virtual device", {
  async setup() {
    harness = await AdbHarness.start();
    device = await startVirtualDevice({
      scenario: "default",
      home: harness.home,
      adbServer: { host: "127.0.0.1", port: harness.serverPort },
    });
    await harness.adb(["connect", device.serial]);
    await harness.waitForDevices((listed) => listed.get(device.serial) === "device");
    return { transport: new AdbTransport({ env: { ...process.env, ...harness.env } }), serial: device.serial };
  },
  async teardown() {
    await device?.stop();
    await harness?.stop();
  },
});
