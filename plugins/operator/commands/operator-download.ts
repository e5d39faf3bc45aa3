import { defineCommandHandler } from "../../../core/kernel/index.ts";
import { downloadOperator } from "../download/download-operator.ts";
import { operatorDownloadArgs } from "../setup/setup-args.ts";

/**
 * `operator download [--version x.y.z] [--out path]`: fetches the Operator APK and its SHA-256 and keeps the APK
 * only once it matches. Progress goes to stderr on a terminal; stdout carries the result alone.
 */
const operatorDownload = defineCommandHandler(operatorDownloadArgs, {
  run: (args, { config }) =>
    downloadOperator({
      ...(args.version === undefined ? {} : { version: args.version }),
      ...(args.out === undefined ? {} : { out: args.out }),
      config,
      progress: process.stderr,
    }),
  pretty(value) {
    const r = value;
    const how = r.downloaded ? "downloaded, SHA-256 verified" : "already here, SHA-256 verified";
    const warning = r.compatible
      ? ""
      : `\nNot on the Operator ${r.operatorProtocol} line this CLI drives: doctor will report it incompatible.`;
    return `${r.path}\nOperator ${r.version} (${how}: ${r.sha256})${warning}\nInstall it: clawperator operator setup --apk ${r.path}`;
  },
});

export default operatorDownload;
