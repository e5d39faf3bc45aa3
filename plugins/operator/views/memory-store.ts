import type { DeviceViews, ViewStore } from "./view-state.ts";

/** The devices' views in memory: serve, OpenClaw and the programmatic API keep them for their lifetime. */
export function memoryViewStore(): ViewStore {
  const states = new Map<string, DeviceViews>();
  return {
    read: (deviceId) => states.get(deviceId),
    write: (deviceId, state) => void states.set(deviceId, state),
    remove: (deviceId) => void states.delete(deviceId),
    devices: () => [...states.keys()],
  };
}
