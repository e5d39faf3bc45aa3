import { posix } from "node:path";
import type { DeviceFiles } from "./device-services.ts";
import { ERRNO, strerror, type Errno } from "./errno.ts";
import type { VirtualFileSystem } from "./virtual-fs.ts";

const errnoOf = (errno: Errno) => ERRNO[errno].no;

/** The device's files as adbd's sync service reaches them: errno numbers, and adbd's push semantics. */
export function deviceFiles(fs: VirtualFileSystem): DeviceFiles {
  return {
    stat(path, follow) {
      const stat = fs.stat(path, { follow });
      return typeof stat === "string" ? errnoOf(stat) : stat;
    },
    list(path) {
      const entries = fs.list(path);
      return typeof entries === "string" ? errnoOf(entries) : entries;
    },
    read(path) {
      return fs.read(path) ?? errnoOf(fs.readProblem(path) ?? "ENOENT");
    },
    /**
     * adbd's do_send: a regular file in the way is removed first (the upload gets a new file); a missing parent
     * directory is created (secure_mkdirs), anything else that stops the create is "couldn't create file".
     */
    write(path, perms, data, mtime) {
      const existing = fs.stat(path, { follow: false });
      if (typeof existing !== "string" && existing.type === "file") fs.remove(path);
      let problem = fs.write(path, data, { perms });
      if (problem === "ENOENT") {
        const mkdirs = fs.mkdir(posix.dirname(posix.join("/", path)), { parents: true });
        if (mkdirs) return `secure_mkdirs failed: ${strerror(mkdirs)}`;
        problem = fs.write(path, data, { perms });
      }
      if (problem) return `couldn't create file: ${strerror(problem)}`;
      fs.setModified(path, mtime);
      return undefined;
    },
  };
}
