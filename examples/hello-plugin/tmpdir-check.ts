import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DoctorCheck } from "clawperator";

const check: DoctorCheck = {
  async run() {
    try {
      rmSync(mkdtempSync(join(tmpdir(), "hello-check-")), { recursive: true });
      return { status: "pass", summary: `temp directory ${tmpdir()} is writable` };
    } catch (error) {
      return {
        status: "warn",
        summary: `temp directory ${tmpdir()} is not writable`,
        detail: (error as Error).message,
        fix: {
          title: "Point TMPDIR at a writable directory",
          platform: "any",
          steps: [{ kind: "shell", value: "export TMPDIR=$HOME/tmp" }],
        },
      };
    }
  },
};

export default check;
