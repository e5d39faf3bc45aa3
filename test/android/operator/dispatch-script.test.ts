import { execaSync } from "execa";
import { describe, expect, it } from "vitest";
import { broadcastCommand, dispatchScript, parseDispatchOutput } from "../../../android/operator/dispatch-script.ts";
import { shellQuote } from "../../../android/operator/shell-quote.ts";
import type { Execution } from "../../../core/contracts/execution.ts";

const hostile = `it's "q" $(id) \`x\` ; && | \\ new\nline emoji-😀`;
const execution: Execution = {
  commandId: hostile, taskId: "t", source: "s", expectedFormat: "android-ui-automator", timeoutMs: 5000,
  actions: [{ id: "a", type: "enter_text", params: { matcher: { role: "textfield" }, text: hostile } }],
};

describe("device-shell quoting", () => {
  it("a quoted word reaches sh byte-for-byte", () => {
    // /bin/sh follows the same quoting rules as the device's sh for single quotes.
    const { stdout } = execaSync("sh", ["-c", `printf %s ${shellQuote(hostile)}`], { stripFinalNewline: false });
    expect(stdout).toBe(hostile);
  });

  it("the broadcast's payload argument is the execution JSON exactly", () => {
    const command = broadcastCommand(execution, "com.clawperator.operator");
    // Let sh split the command line, then look at the words it produced.
    const { stdout } = execaSync("sh", ["-c", `node -e 'console.log(JSON.stringify(process.argv.slice(1)))' -- ${command.slice("am ".length)}`]);
    const argv = JSON.parse(stdout) as string[];
    expect(argv.slice(0, 4)).toEqual(["broadcast", "-a", "app.clawperator.operator.ACTION_AGENT_COMMAND", "-p"]);
    expect(JSON.parse(argv[argv.indexOf("payload") + 1]!)).toEqual(execution);
    expect(argv.at(-1)).toBe("--receiver-foreground");
  });

  it("the dispatch script checks the operator before broadcasting, after pre-dispatch commands", () => {
    const script = dispatchScript({ execution, receiverPackage: "com.clawperator.operator", preDispatch: ["am force-stop 'com.x'"] });
    expect(script.startsWith("date '+%m-%d %H:%M:%S.000'; am force-stop 'com.x'; 'pm' 'path' 'com.clawperator.operator' && am broadcast")).toBe(true);
  });

  it("parses what the dispatch printed", () => {
    expect(parseDispatchOutput("11-22 18:00:01.000\npackage:/data/app/x/base.apk\nBroadcasting: Intent { act=a }\nBroadcast completed: result=0\n")).toEqual({
      deviceTime: "11-22 18:00:01.000", receiverInstalled: true, broadcastCompleted: true,
    });
    expect(parseDispatchOutput("11-22 18:00:01.000\n").receiverInstalled).toBe(false);
  });
});
