import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { defineCommandHandler } from "../../../core/kernel/index.ts";
import { parseArgs } from "../command-args.ts";
import { summaryLines } from "../parse/normalize-v1.ts";
import { parseRecordingFile } from "../parse/parse-recording-file.ts";

const handler = defineCommandHandler(parseArgs, {
  run(args, _ctx) {
    if (!args.input)
      throw new ClawperatorError("USAGE", "recording parse --input <file> [--out <file>] ('record' is an alias)");
    const { outcome, log } = parseRecordingFile(args.input, args.out);
    // The reference's human summary, on stderr so stdout stays one JSON document.
    for (const line of summaryLines(log)) process.stderr.write(`${line}\n`);
    return outcome;
  },
  pretty: (result) => {
    const r = result;
    return [`${r.stepCount} steps written to ${r.outputFile}`, ...(r.warnings ?? []).map((w) => `warning: ${w}`)].join(
      "\n",
    );
  },
});

export default handler;
