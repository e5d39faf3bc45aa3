import { rmSync } from "node:fs";
import { join } from "node:path";
import { clawperatorHome } from "../../../core/host/clawperator-home.ts";
import { readPrivateFile, writePrivateFile } from "../../../core/host/private-files.ts";
import type { ViewStore } from "./view-state.ts";

/**
 * The devices' views for the CLI, whose every command is a new process: `~/.clawperator/views/<serial>.json`, 0600
 * in 0700 directories, read only when this user alone could have written it (a planted file could aim a ref's tap).
 */
export function fileViewStore(dir = join(clawperatorHome(), "views")): ViewStore {
  const fileOf = (deviceId: string) => join(dir, `${encodeURIComponent(deviceId)}.json`);
  return {
    read(deviceId) {
      const text = readPrivateFile(fileOf(deviceId));
      if (text === undefined) return undefined;
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return undefined;
      }
    },
    write: (deviceId, state) => writePrivateFile(fileOf(deviceId), JSON.stringify(state)),
    remove: (deviceId) => rmSync(fileOf(deviceId), { force: true }),
  };
}
