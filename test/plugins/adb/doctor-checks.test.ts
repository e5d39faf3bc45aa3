import { describe, expect, it } from "vitest";
import { parseCapability } from "../../../plugins/adb/checks/device-capability.ts";
import { nodeVersionResult } from "../../../plugins/adb/checks/node-version.ts";

describe("host.node.version", () => {
  it("passes from Node 20 on and fails older ones with NODE_TOO_OLD", () => {
    expect(nodeVersionResult("v20.0.0").status).toBe("pass");
    expect(nodeVersionResult("v24.1.0").status).toBe("pass");
    expect(nodeVersionResult("v18.19.1")).toMatchObject({
      status: "fail",
      code: "NODE_TOO_OLD",
      evidence: { nodeVersion: "v18.19.1", requiredMajor: 20 },
    });
  });
});

describe("device.capability's parsing of getprop / wm", () => {
  it("reads the SDK, and the override size and density when there is one", () => {
    expect(parseCapability("34\nPhysical size: 1080x2400\nPhysical density: 420\n")).toEqual({
      sdk: 34,
      wmSize: "1080x2400",
      wmDensity: 420,
    });
    expect(
      parseCapability(
        "30\r\nPhysical size: 1080x1920\r\nOverride size: 720x1280\r\nPhysical density: 480\r\n" +
          "Override density: 320\r\n",
      ),
    ).toEqual({ sdk: 30, wmSize: "720x1280", wmDensity: 320 });
    expect(parseCapability("\n")).toEqual({});
  });
});
