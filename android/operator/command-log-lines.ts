/**
 * Recognizes the Operator APK's log lines about one command (docs/protocol.md#the-apks-log-lines). The APK names a
 * command as `commandId=C taskId=T` (unquoted; earlier virtual operators quoted both with JSON quotes), so a line
 * is ours only when it names both our ids exactly: a caller that reuses a commandId with another taskId never
 * sees the other run's lines. Tags are never looked at (release builds obfuscate them).
 */

const COMMAND = "[Clawperator-Command] ";
/** The receiver's answer when the accessibility service is off (after `[Operator-Receiver] ` in the APK). */
const RECEIVER_UNAVAILABLE = "Accessibility service is not available ";

export type CommandEvent =
  | { kind: "queued" }
  | { kind: "start" }
  | { kind: "unavailable" }
  | { kind: "stage-failure"; stage: string; reason: string }
  | { kind: "stage-log"; message: string }
  | { kind: "failure"; reason: string }
  | { kind: "other" };

export class CommandLines {
  /** Both spellings of `commandId=C taskId=T`: the APK's and the quoted one. */
  readonly #names: readonly string[];
  /** Bare `commandId=C`, for timeout evidence. */
  readonly #mentions: readonly string[];

  constructor(commandId: string, taskId: string) {
    const quote = JSON.stringify;
    this.#names = [`commandId=${commandId} taskId=${taskId}`, `commandId=${quote(commandId)} taskId=${quote(taskId)}`];
    this.#mentions = [`commandId=${commandId}`, `commandId=${quote(commandId)}`];
  }

  /** True when the line names our commandId at all (timeout evidence keeps these). */
  mentions(message: string): boolean {
    return this.#mentions.some((m) => message.includes(m));
  }

  /** What a `[Clawperator-Command]` or receiver line says about our command; undefined when it is not about it. */
  event(message: string): CommandEvent | undefined {
    const at = message.indexOf(COMMAND);
    if (at < 0) {
      if (!message.includes(RECEIVER_UNAVAILABLE)) return undefined;
      return this.#after(message.slice(message.indexOf(RECEIVER_UNAVAILABLE) + RECEIVER_UNAVAILABLE.length)) ===
        undefined
        ? undefined
        : { kind: "unavailable" };
    }
    const body = message.slice(at + COMMAND.length);
    const space = body.indexOf(" ");
    if (space < 0) return undefined;
    const verb = body.slice(0, space);
    const rest = this.#after(body.slice(space + 1));
    if (rest === undefined) return undefined;
    switch (verb) {
      case "queued":
        return { kind: "queued" };
      case "start":
        return { kind: "start" };
      case "failure":
        return { kind: "failure", reason: field(rest, "reason=") ?? "" };
      case "stage-log":
        return { kind: "stage-log", message: field(rest, "message=") ?? "" };
      case "stage-failure": {
        const id = field(rest, "id=") ?? "";
        const cut = id.indexOf(" reason=");
        return cut < 0
          ? { kind: "stage-failure", stage: id, reason: "" }
          : { kind: "stage-failure", stage: id.slice(0, cut), reason: id.slice(cut + " reason=".length) };
      }
      default:
        return { kind: "other" };
    }
  }

  /** The text after our `commandId=… taskId=…` at the start of `text` (empty at the end), else undefined. */
  #after(text: string): string | undefined {
    for (const name of this.#names) {
      if (!text.startsWith(name)) continue;
      const rest = text.slice(name.length);
      if (rest === "" || rest.startsWith(" ") || rest.startsWith(":")) return rest.replace(/^[ :]+/, "");
    }
    return undefined;
  }
}

/** `key=value…` at the start of `text`: the value runs to the end of the line. */
function field(text: string, key: string): string | undefined {
  return text.startsWith(key) ? text.slice(key.length) : undefined;
}
