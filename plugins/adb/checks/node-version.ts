import type { DoctorCheck, DoctorCheckResult } from "../../../core/kernel/index.ts";

/**
 * The oldest Node.js major this package runs on (package.json `engines`). The reference CLI asks for 22;
 * this CLI supports 20 and newer, so doctor holds the host to what the package itself requires.
 */
export const MIN_NODE_MAJOR = 20;

/** host.node.version for a given `process.version`. */
export function nodeVersionResult(version: string): Omit<DoctorCheckResult, "id"> {
  const major = Number(/^v?(\d+)/.exec(version)?.[1] ?? 0);
  const evidence = { nodeVersion: version, requiredMajor: MIN_NODE_MAJOR };
  if (major >= MIN_NODE_MAJOR)
    return { status: "pass", summary: `Node.js ${version} (${MIN_NODE_MAJOR} or newer required).`, evidence };
  return {
    status: "fail",
    code: "NODE_TOO_OLD",
    summary: `Node.js ${version} is too old; Clawperator needs Node.js ${MIN_NODE_MAJOR} or newer.`,
    fix: {
      title: `Install Node.js ${MIN_NODE_MAJOR} or newer`,
      platform: "any",
      steps: [
        {
          kind: "manual",
          value: `Install Node.js ${MIN_NODE_MAJOR} or newer (https://nodejs.org), then reinstall clawperator.`,
        },
      ],
    },
    evidence,
  };
}

const check: DoctorCheck = { run: async () => nodeVersionResult(process.version) };

export default check;
