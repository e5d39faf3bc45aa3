import type { CommandHandler } from "../../../core/kernel/index.ts";
import { controlRuntime } from "../../../core/daemon/control.ts";

const stop: CommandHandler = {
  run: async () => {
    const answer = await controlRuntime("stop");
    return { stopped: answer !== undefined, ...(answer?.pid === undefined ? {} : { pid: answer.pid }) };
  },
  pretty: (value) =>
    (value as { stopped: boolean }).stopped ? "the warm runtime stopped" : "no warm runtime was running",
};

export default stop;
