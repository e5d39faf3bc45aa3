export { AdbConnectionClosed, AdbFailure, AdbServerDown, AdbSocket } from "./adb-socket.ts";
export { parseDevices } from "./parse-devices.ts";
export { serverAddress, type ServerAddress } from "./server-address.ts";
export { ShellPacket, ShellV2Decoder, type ShellPacketEvent } from "./shell-v2.ts";
export { SYNC_MAX_PATH_BYTES, syncPull } from "./sync-client.ts";
