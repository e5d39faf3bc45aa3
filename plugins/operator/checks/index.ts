import type { CheckContribution } from "../../../core/kernel/index.ts";

/**
 * Doctor checks the operator plugin owns (docs/doctor.md#checks): the runtime readiness phase, and the
 * `--full` install and launch checks that run between device discovery and device capability.
 */
export const OPERATOR_CHECKS: CheckContribution[] = [
  {
    id: "build.android.install",
    phase: "device",
    order: -80,
    critical: true,
    full: true,
    description: "Install the Operator APK given with --apk",
    load: () => import("./full-install.js"),
  },
  {
    id: "build.android.launch",
    phase: "device",
    order: -70,
    critical: true,
    full: true,
    description: "Launch the Operator's main activity",
    load: () => import("./full-launch.js"),
  },
  {
    id: "readiness.apk.presence",
    phase: "readiness",
    order: -90,
    // Without the Operator nothing can run: critical. The checks that need it are left out then (`needs`), as the
    // reference shows no version or handshake result; the other variant installed instead is a warning.
    critical: true,
    description: "The Operator APK is installed (the requested variant)",
    load: () => import("./apk-presence.js"),
  },
  {
    id: "readiness.version.compatibility",
    phase: "readiness",
    order: -80,
    critical: true,
    needs: ["readiness.apk.presence"],
    description: "CLI and Operator share major.minor",
    load: () => import("./version-compatibility.js"),
  },
  {
    id: "readiness.settings.dev_options",
    phase: "readiness",
    order: -70,
    critical: false,
    description: "Developer options are enabled",
    load: () => import("./dev-options.js"),
  },
  {
    id: "readiness.settings.usb_debugging",
    phase: "readiness",
    order: -60,
    critical: false,
    description: "USB debugging is enabled",
    load: () => import("./usb-debugging.js"),
  },
  {
    id: "readiness.handshake",
    phase: "readiness",
    order: -50,
    critical: true,
    needs: ["readiness.apk.presence"],
    description: "A doctor_ping execution gets its result envelope",
    load: () => import("./handshake.js"),
  },
  {
    id: "readiness.smoke",
    phase: "readiness",
    order: -40,
    critical: true,
    full: true,
    needs: ["readiness.handshake"],
    description: "Open Settings and take a UI snapshot",
    load: () => import("./smoke.js"),
  },
];
