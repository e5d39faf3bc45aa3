/** What kind of process hosts the kernel; long-lived hosts (serve, the programmatic API) keep device streams open. */
export interface HostInfo {
  longLived: boolean;
}

export const HostInfo = Symbol.for("clawperator.HostInfo");
