import { createToken } from "../kernel/token.ts";
/** What kind of process hosts the kernel; long-lived hosts (serve, the programmatic API) keep device streams open. */
export interface HostInfo {
  longLived: boolean;
  /**
   * The host runs CLI commands (the CLI's own process, or the warm runtime serving it): what must outlive one
   * command for the next (a device's agent view) goes to files, which every CLI process sees alike.
   */
  cli?: boolean;
}

export const HostInfo = createToken<HostInfo>("HostInfo");
