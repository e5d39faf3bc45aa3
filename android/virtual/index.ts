export { createVirtualDevice, type VirtualDevice } from "./virtual-device.ts";
export {
  startVirtualDevice,
  type RunningVirtualDevice,
  type StartVirtualDeviceOptions,
} from "./start-virtual-device.ts";
