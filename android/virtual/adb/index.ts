export type { DeviceServices, ShellSession } from "../device/device-services.ts";
export { AdbDeviceServer, type AdbDeviceServerOptions } from "./adb-device-server.ts";
export { EmulatorConsole, type EmulatorConsoleOptions } from "./emulator-console.ts";
export { registerEmulator, type EmulatorRegistrationOptions } from "./emulator-registration.ts";
export { startEmulator, type EmulatorModeOptions, type VirtualEmulator } from "./emulator.ts";
export { CONSOLE_AUTH_TOKEN_FILE, loadConsoleAuthToken } from "./console-auth-token.ts";
