import { describe, expect, it } from "vitest";
import { parseDevices } from "../../../android/adb/parse-devices.ts";
import { serverAddress } from "../../../android/adb/server-address.ts";

describe("parseDevices", () => {
  it("keeps every adb state, spaces included, and the -l properties", () => {
    const text = [
      "List of devices attached",
      "emulator-5554          device product:sdk_gphone64 model:Pixel_7 device:emu64 transport_id:1",
      "127.0.0.1:40001        unauthorized transport_id:2",
      "R58M1234               offline usb:1-1 transport_id:3",
      "0123456789ABCDEF       no permissions (user in plugdev group; are your udev rules wrong?); see " +
        "[http://developer.android.com/tools/device.html] usb:1-2 transport_id:4",
      "ZY22                   recovery usb:1-3 transport_id:5",
      "",
    ].join("\n");
    expect(parseDevices(text)).toEqual([
      {
        serial: "emulator-5554",
        state: "device",
        properties: { product: "sdk_gphone64", model: "Pixel_7", device: "emu64", transport_id: "1" },
      },
      { serial: "127.0.0.1:40001", state: "unauthorized", properties: { transport_id: "2" } },
      { serial: "R58M1234", state: "offline", properties: { usb: "1-1", transport_id: "3" } },
      {
        serial: "0123456789ABCDEF",
        state:
          "no permissions (user in plugdev group; are your udev rules wrong?); see " +
          "[http://developer.android.com/tools/device.html]",
        properties: { usb: "1-2", transport_id: "4" },
      },
      { serial: "ZY22", state: "recovery", properties: { usb: "1-3", transport_id: "5" } },
    ]);
  });

  it("an empty server lists nothing", () => {
    expect(parseDevices("")).toEqual([]);
  });
});

describe("serverAddress", () => {
  it("follows ADB_SERVER_SOCKET, then ANDROID_ADB_SERVER_PORT, then 5037", () => {
    expect(serverAddress({ ADB_SERVER_SOCKET: "tcp:10.0.0.2:6000" })).toEqual({ host: "10.0.0.2", port: 6000 });
    expect(serverAddress({ ADB_SERVER_SOCKET: "tcp:6001" })).toEqual({ host: "127.0.0.1", port: 6001 });
    expect(serverAddress({ ANDROID_ADB_SERVER_PORT: "5237" })).toEqual({ host: "127.0.0.1", port: 5237 });
    expect(serverAddress({})).toEqual({ host: "127.0.0.1", port: 5037 });
  });
});
