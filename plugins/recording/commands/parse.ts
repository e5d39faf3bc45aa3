import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import type { CommandHandler } from "../../../core/kernel/index.ts";
import type { parseArgs } from "../command-args.ts";
import { summaryLines } from "../parse/normalize-v1.ts";
import { type ParseOutcome, parseRecordingFile } from "../parse/parse-recording-file.ts";

const handler: CommandHandler<typeof parseArgs> = {
  run(ctx) {
    if (!ctx.args.input)
      throw new ClawperatorError("USAGE", "recording parse --input <file> [--out <file>] ('record' is an alias)");
    const { outcome, log } = parseRecordingFile(ctx.args.input, ctx.args.out);
    // The reference's human summary, on stderr so stdout stays one JSON document.
    for (const line of summaryLines(log)) process.stderr.write(`${line}\n`);
    return outcome;
  },
  pretty: (result) => {
    const r = result as ParseOutcome;
    return [`${r.stepCount} steps written to ${r.outputFile}`, ...(r.warnings ?? []).map((w) => `warning: ${w}`)].join(
      "\n",
    );
  },
};

export default handler;
