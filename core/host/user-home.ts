import { homedir, userInfo } from "node:os";

/**
 * The user's home folder. Node's homedir() returns HOME as it is, and an empty HOME (a service unit, cron) would make
 * every ~/… path relative to the working folder: then the account's own home is used.
 */
export function userHome(): string {
  return homedir() || userInfo().homedir;
}
