import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type DoctorCheck, ok, warn } from "clawperator";

const check: DoctorCheck = {
  run() {
    try {
      rmSync(mkdtempSync(join(tmpdir(), "hello-check-")), { recursive: true });
      return ok(`temp directory ${tmpdir()} is writable`);
    } catch (error) {
      // A child shell cannot change the user's environment, so `doctor --fix` runs only the mkdir; the export is a
      // manual step, printed for the user to run in their own shell.
      return warn(`temp directory ${tmpdir()} is not writable`, {
        detail: (error as Error).message,
        fix: {
          title: "Point TMPDIR at a writable directory",
          platform: "any",
          steps: [
            { kind: "shell", value: 'mkdir -p "$HOME/tmp"' },
            { kind: "manual", value: 'Run `export TMPDIR="$HOME/tmp"` in your shell (and add it to its profile)' },
          ],
        },
      });
    }
  },
};

export default check;
