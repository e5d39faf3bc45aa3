import { defineCommandHandler } from "../../../core/kernel/index.ts";
import { listRecords } from "../registry.ts";

const list = defineCommandHandler({
  run: () => listRecords(),
  pretty(value) {
    const records = value;
    if (records.length === 0)
      return "no virtual devices are running (start one with `clawperator virtual start --detach`)";
    return records
      .map((r) => `${r.serial.padEnd(22)} ${r.scenario.padEnd(10)} pid ${r.pid}  since ${r.startedAt}`)
      .join("\n");
  },
});

export default list;
