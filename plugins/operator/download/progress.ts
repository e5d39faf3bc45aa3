/** Where progress goes: stderr, shown only when it is a terminal (never in a pipe, a log or an agent's capture). */
export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

export interface Progress {
  update(received: number): void;
  done(): void;
}

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

/** One line rewritten in place: bytes received, and the percentage when the total is known. */
export function progressLine(stream: ProgressStream, label: string, total?: number): Progress {
  if (!stream.isTTY) return { update() {}, done() {} };
  let shown: number | undefined;
  return {
    update(received) {
      // A new line only when the percentage (or, without a total, the tenth of a megabyte) changes.
      const step = total ? Math.floor((received * 100) / total) : Math.floor(received / 100_000);
      if (step === shown) return;
      shown = step;
      const amount = total ? `${megabytes(received)} / ${megabytes(total)} (${step}%)` : megabytes(received);
      stream.write(`\r${label} ${amount}`);
    },
    done() {
      if (shown !== undefined) stream.write("\n");
    },
  };
}
