import type { CheckContribution } from "../../../core/kernel/index.ts";

/**
 * The host and device checks of docs/doctor.md#checks, which the adb plugin owns (the host's adb, and what
 * adb says about devices). Orders leave gaps for `--full` checks and third-party checks between them.
 */
export const ADB_CHECKS: CheckContribution[] = [
  {
    id: "host.node.version",
    phase: "host",
    order: -90,
    critical: true,
    description: "Node.js is new enough",
    load: () => import("./node-version.js"),
  },
  {
    id: "host.adb.presence",
    phase: "host",
    order: -80,
    critical: true,
    description: "adb is installed and on PATH",
    load: () => import("./adb-presence.js"),
  },
  {
    id: "host.adb.server",
    phase: "host",
    order: -70,
    critical: true,
    description: "The adb server is running",
    load: () => import("./adb-server.js"),
  },
  {
    id: "device.discovery",
    phase: "device",
    order: -90,
    critical: true,
    description: "Exactly one target device is reachable",
    load: () => import("./device-discovery.js"),
  },
  {
    id: "device.capability",
    phase: "device",
    order: -60,
    critical: true,
    description: "The device shell answers (SDK, display size and density)",
    load: () => import("./device-capability.js"),
  },
];
