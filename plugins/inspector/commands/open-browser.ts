import { execa } from "execa";
import { findOnPath } from "../../../core/host/executables.ts";

/** The desktop's opener for a URL, if this machine has one. */
function opener(): { file: string; args: string[] } | undefined {
  if (process.platform === "darwin") return { file: "open", args: [] };
  if (process.platform === "win32") return { file: "explorer.exe", args: [] };
  const file = findOnPath("xdg-open");
  return file ? { file, args: [] } : undefined;
}

/** Opens `url` in the default browser, detached; false when there is no opener (a headless machine). */
export function openBrowser(url: string): boolean {
  const found = opener();
  if (!found) return false;
  const child = execa(found.file, [...found.args, url], { detached: true, stdio: "ignore", reject: false });
  child.unref();
  return true;
}
