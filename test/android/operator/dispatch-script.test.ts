import { execaSync } from "execa";
import { describe, expect, it } from "vitest";
import { broadcastCommand, dispatchScript, parseDispatchOutput } from "../../../android/operator/dispatch-script.ts";
import { shellQuote } from "../../../android/operator/shell-quote.ts";
import type { Execution } from "../../../core/contracts/execution.ts";

const hostile = `it's "q" $(id) \`x\` ; && | \\ new\nline emoji-😀`;
const execution: Execution = {
  commandId: hostile,
  taskId: "t",
  source: "s",
  expectedFormat: "android-ui-automator",
  timeoutMs: 5000,
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
    const { stdout } = execaSync("sh", [
      "-c",
      `node -e 'console.log(JSON.stringify(process.argv.slice(1)))' -- ${command.slice("am ".length)}`,
    ]);
    const argv = JSON.parse(stdout) as string[];
    expect(argv.slice(0, 4)).toEqual(["broadcast", "-a", "app.clawperator.operator.ACTION_AGENT_COMMAND", "-p"]);
    expect(JSON.parse(argv[argv.indexOf("payload") + 1]!)).toEqual(execution);
    expect(argv.at(-1)).toBe("--receiver-foreground");
  });

  it("the dispatch script logs its marker and checks the operator before broadcasting, after pre-dispatch commands", () => {
    const script = dispatchScript({
      execution: { ...execution, commandId: "c 1" },
      receiverPackage: "com.clawperator.operator",
      preDispatch: ["am force-stop 'com.x'"],
      nonce: "ab12",
    });
    expect(
      script.startsWith(
        "date '+%m-%d %H:%M:%S.%N'; am force-stop 'com.x' 2>&1; echo 'clawperator-pre-dispatch ab12' $?; " +
          "'log' '-t' 'Clawperator' '[Clawperator-Dispatch] ab12 commandId=c 1' || echo clawperator-dispatch-marker-failed; " +
          "'pm' 'path' 'com.clawperator.operator' && am broadcast",
      ),
    ).toBe(true);
  });

  it("parses what the dispatch printed: the device time to the millisecond, whether the marker was logged", () => {
    expect(
      parseDispatchOutput(
        "11-22 18:00:01.123456789\npackage:/data/app/x/base.apk\nBroadcasting: Intent { act=a }\n" +
          "Broadcast completed: result=0\n",
      ),
    ).toEqual({
      deviceTime: "11-22 18:00:01.123",
      markerLogged: true,
      receiverInstalled: true,
      broadcastCompleted: true,
      preDispatch: [],
    });
    expect(parseDispatchOutput("11-22 18:00:01.000\n").receiverInstalled).toBe(false);
    // A date without %N prints it as is: the whole second is the best the host can do.
    expect(parseDispatchOutput("11-22 18:00:01.%N\n").deviceTime).toBe("11-22 18:00:01.000");
    expect(parseDispatchOutput("11-22 18:00:01.000\nclawperator-dispatch-marker-failed\n").markerLogged).toBe(false);
  });

  it("reads each pre-dispatch command's exit code and output up to its nonce line, which its output cannot fake", () => {
    const commands = ["am force-stop 'a'", "am force-stop 'b'", "am force-stop 'c'"];
    const stdout = [
      "11-22 18:00:01.123",
      "clawperator-pre-dispatch other 0",
      "clawperator-pre-dispatch n1 0",
      "Error: no such user",
      "clawperator-pre-dispatch n1 255",
      "package:/data/app/x/base.apk",
    ].join("\n");
    expect(parseDispatchOutput(stdout, "n1", commands).preDispatch).toEqual([
      { command: "am force-stop 'a'", exitCode: 0, output: "clawperator-pre-dispatch other 0" },
      { command: "am force-stop 'b'", exitCode: 255, output: "Error: no such user" },
    ]);
  });
});
