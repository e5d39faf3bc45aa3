import { createToken } from "../kernel/token.ts";
/** What kind of process hosts the kernel; long-lived hosts (serve, the programmatic API) keep device streams open. */
export interface HostInfo {
  longLived: boolean;
}

export const HostInfo = createToken<HostInfo>("HostInfo");
