import { RESULT_PREFIX } from "../../core/contracts/result-prefix.ts";

/** Timber's DebugTree logs a message of this many UTF-16 units or more in pieces of exactly this size. */
export const LOGGER_PIECE_UNITS = 4_000;

export type JoinedResult =
  | { kind: "json"; json: string; value: unknown }
  | { kind: "unparseable"; json: string; reason: string };

/**
 * Rebuilds a `[Clawperator-Result]` line the APK's logger cut into 4,000-unit records (docs/protocol.md#snapshots:
 * Timber's splitting; the reference runtime reports such a line as malformed). Pieces come from the same process
 * and tag, in order, possibly with other lines between them; a piece shorter than 4,000 units is the last.
 */
export class SplitResultLine {
  #json: string;
  #pieceComplete: boolean;

  constructor(
    readonly pid: number | undefined,
    readonly tag: string | undefined,
    first: string,
  ) {
    this.#json = first.slice(RESULT_PREFIX.length);
    this.#pieceComplete = first.length >= LOGGER_PIECE_UNITS;
  }

  /** The line so far, for commandId checks on a line that never completes. */
  get json(): string {
    return this.#json;
  }

  /** Appends the next piece; returns the result once the line parses or can no longer grow. */
  push(piece: string): JoinedResult | undefined {
    this.#json += piece;
    this.#pieceComplete = piece.length >= LOGGER_PIECE_UNITS;
    return this.#json.endsWith("}") || !this.#pieceComplete ? this.attempt() : undefined;
  }

  /** Parses the line as it stands; a failure with pieces still possible is not final. */
  attempt(): JoinedResult | undefined {
    try {
      return { kind: "json", json: this.#json, value: JSON.parse(this.#json) };
    } catch (error) {
      if (this.#pieceComplete) return undefined;
      return { kind: "unparseable", json: this.#json, reason: (error as Error).message };
    }
  }

  /** The line cannot grow any more (the stream ended or the command's other lines moved on). */
  finish(): JoinedResult {
    const result = this.attempt();
    if (result) return result;
    return {
      kind: "unparseable",
      json: this.#json,
      reason: "the result line was cut by the device's logger and its remaining pieces never arrived",
    };
  }
}
