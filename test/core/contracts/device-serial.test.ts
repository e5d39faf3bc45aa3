import { describe, expect, it } from "vitest";
import { checkDeviceSerial, isDeviceSerial } from "../../../core/contracts/device-serial.ts";
import { caught } from "../../helpers/caught.ts";

describe("device serials, as adb prints them", () => {
  it.each([
    ["emulator-5554"],
    ["0123456789ABCDEF"],
    ["R58M123ABCD"],
    ["192.168.1.20:5555"],
    ["localhost:40123"],
    ["[::1]:5555"],
    ["[fe80::1%eth0]:5555"],
    ["adb-R58M1234-AbCdEf._adb-tls-connect._tcp"],
    ["usb:1-1.4"],
  ])("%s is a serial", (serial) => {
    expect(isDeviceSerial(serial)).toBe(true);
  });

  it.each([
    [""],
    ["$(id)"],
    ["`id`"],
    ["a b"],
    ["x\ny"],
    ["-s"],
    ["emulator-5554;id"],
    ["a|b"],
    ["a&b"],
    ["'q'"],
    ['"q"'],
    ["a>b"],
    ["a*"],
    ["????????????"],
    ["ü"],
    ["x".repeat(256)],
  ])("%j is not", (serial) => {
    expect(isDeviceSerial(serial)).toBe(false);
  });

  it("INVALID_DEVICE_ID names the value and where it came from", async () => {
    expect(await caught(() => checkDeviceSerial("$(id)", "--device-id"))).toMatchObject({
      code: "INVALID_DEVICE_ID",
      message: '--device-id "$(id)" is not a device serial adb prints',
    });
    expect(checkDeviceSerial("emulator-5554", "--device-id")).toBe("emulator-5554");
  });
});
