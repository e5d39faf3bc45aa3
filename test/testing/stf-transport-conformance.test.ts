import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startVirtualDevice, type RunningVirtualDevice } from "../../android/virtual/index.ts";
import { AdbTransport } from "../../plugins/adb/client/adb-transport.ts";
import { StfClient } from "../../plugins/stf/api/stf-client.ts";
import { parseStfOptions } from "../../plugins/stf/options.ts";
import { StfTransport } from "../../plugins/stf/transport/stf-transport.ts";
import { transportConformance } from "../../testing/transport-conformance.ts";
import { AdbHarness } from "../helpers/adb-harness.ts";
import { silentLogger } from "../helpers/boot-kernel.ts";
import { type StandInFarm, startStandInFarm } from "../helpers/stf/stand-in-farm.ts";

let harness: AdbHarness;
let device: RunningVirtualDevice;
let farm: StandInFarm;

// The STF transport passes the suite too, leasing included: the stand-in farm's API, then real adb to a virtual
// device the local adb server knew nothing of before the lease connected it.
transportConformance("the STF transport against the stand-in farm and a virtual device", {
  async setup() {
    harness = await AdbHarness.start();
    device = await startVirtualDevice({ scenario: "default", host: "127.0.0.1" });
    farm = await startStandInFarm({
      devices: [{ serial: "farm-1", remote: `127.0.0.1:${device.port}` }],
      users: {
        "conformance-token-0123456789": "me@example.invalid",
        "rival-token-0123456789": "rival@example.invalid",
      },
    });
    const keyDir = await mkdtemp(join(tmpdir(), "stf-conformance-"));
    await writeFile(join(keyDir, "adbkey.pub"), "QAAAAKEY conformance\n");
    const make = (token: string) =>
      new StfTransport({
        client: new StfClient(farm.url, token),
        options: parseStfOptions({ url: farm.url }),
        adb: new AdbTransport({ env: { ...process.env, ...harness.env } }),
        adbServer: { host: "127.0.0.1", port: harness.serverPort },
        adbKeyPath: join(keyDir, "adbkey.pub"),
        logger: silentLogger,
      });
    return {
      transport: make("conformance-token-0123456789"),
      rival: make("rival-token-0123456789"),
      serial: "stf:farm-1",
    };
  },
  async teardown() {
    await farm?.close();
    await device?.stop();
    await harness?.stop();
  },
});
