export const SKILL_RESULT_FRAME = "[Clawperator-Skill-Result]";

/** The longest SkillResult JSON line read; a longer one is refused rather than kept. */
export const FRAME_LINE_LIMIT = 1_048_576;

export type FoundFrame = { kind: "none" } | { kind: "json"; line: string } | { kind: "bad"; message: string };

const REQUIRED = "Agent-driven skills must emit a terminal SkillResult frame";

interface Line {
  /** Its first FRAME_LINE_LIMIT characters, trimmed at the end only when whole. */
  text: string;
  overflow: boolean;
}

/**
 * Reads stdout line by line as it streams, remembering only the last frame
 * (docs/protocol.md#how-real-skills-call-the-runtime: a line `[Clawperator-Skill-Result]` then one line of JSON; the
 * marker with its JSON on the same line is read too) and whether anything but blank lines followed it, so the frame is
 * found however much output came before it and however little of that output is kept. A line is held only up to
 * FRAME_LINE_LIMIT characters.
 */
export class FrameScanner {
  #line: Line = { text: "", overflow: false };
  #awaitingJson = false;
  #frame: { json: string; overflow: boolean; trailing: boolean } | null = null;

  push(text: string): void {
    let start = 0;
    for (let newline = text.indexOf("\n"); newline !== -1; newline = text.indexOf("\n", start)) {
      this.#append(text.slice(start, newline));
      this.#complete();
      start = newline + 1;
    }
    this.#append(text.slice(start));
  }

  /** The frame to parse once stdout has ended; `required` for skills that must end with one (orchestrated). */
  end(required: boolean): FoundFrame {
    this.#complete();
    if (this.#awaitingJson) return { kind: "bad", message: "SkillResult frame marker was not followed by a JSON line" };
    if (!this.#frame) return required ? { kind: "bad", message: REQUIRED } : { kind: "none" };
    if (this.#frame.trailing)
      return { kind: "bad", message: "SkillResult frame must be the terminal non-empty stdout suffix" };
    if (this.#frame.overflow)
      return { kind: "bad", message: `SkillResult frame JSON line is longer than ${FRAME_LINE_LIMIT} characters` };
    return { kind: "json", line: this.#frame.json };
  }

  #append(piece: string): void {
    if (this.#line.overflow || piece === "") return;
    const room = FRAME_LINE_LIMIT - this.#line.text.length;
    if (piece.length > room) this.#line = { text: this.#line.text + piece.slice(0, room), overflow: true };
    else this.#line.text += piece;
  }

  #complete(): void {
    const { overflow } = this.#line;
    const text = overflow ? this.#line.text.trimStart() : this.#line.text.trim();
    this.#line = { text: "", overflow: false };
    if (text === "") return;
    if (text === SKILL_RESULT_FRAME) {
      this.#awaitingJson = true;
      this.#frame = null;
    } else if (text.startsWith(SKILL_RESULT_FRAME)) {
      this.#awaitingJson = false;
      this.#frame = { json: text.slice(SKILL_RESULT_FRAME.length).trimStart(), overflow, trailing: false };
    } else if (this.#awaitingJson) {
      this.#awaitingJson = false;
      this.#frame = { json: text, overflow, trailing: false };
    } else if (this.#frame) this.#frame.trailing = true;
  }
}
