import { describe, expect, it } from "vitest";
import { deviceIdOf } from "../../../plugins/serve/http/body-fields.ts";
import { caught } from "../../helpers/caught.ts";

describe("deviceIdOf", () => {
  it.each(["emulator-5554", "R58M123ABCD", "192.168.1.20:5555", "[fe80::1%eth0]:5555", "usb:1-1.4"])(
    "passes the serial %j as adb prints it",
    (serial) => {
      expect(deviceIdOf({ deviceId: serial })).toBe(serial);
    },
  );

  it.each(["$(id)", "a b", "-s", "x\ny", "`reboot`", "a'b", 42, ""])(
    "refuses %j with INVALID_DEVICE_ID",
    async (deviceId) => {
      const error = await caught(() => deviceIdOf({ deviceId }));
      expect(error.code).toBe("INVALID_DEVICE_ID");
      expect(error.message).toContain("deviceId");
    },
  );
});
