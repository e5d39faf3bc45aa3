import { strerror } from "../device/errno.ts";
import type { VirtualFileSystem } from "../device/virtual-fs.ts";
import type { OutputSink } from "./command-types.ts";
import { bufferStdin, type StdinSource } from "./stdin-source.ts";
import type { RedirectOp } from "./syntax/script-ast.ts";

export interface CommandStreams {
  stdin: StdinSource;
  stdout: OutputSink;
  stderr: OutputSink;
}

export interface ResolvedRedirect {
  fd: number;
  op: RedirectOp;
  target: string;
}

const discard: OutputSink = () => {};

/**
 * Applies redirections left to right, as sh does (`> f 2>&1` sends both to f; `2>&1 > f` only stdout). Files are
 * created (or truncated) before the command runs; what it writes lands in them when `flush` is called.
 * Returns the shell's error message when a file cannot be opened.
 */
export function applyRedirects(
  redirects: ResolvedRedirect[],
  base: CommandStreams,
  fs: VirtualFileSystem,
): { streams: CommandStreams; flush(): void } | { error: string } {
  const fds = new Map<number, OutputSink>([
    [1, base.stdout],
    [2, base.stderr],
  ]);
  let stdin = base.stdin;
  const files: Array<{ path: string; chunks: Buffer[] }> = [];
  for (const { fd, op, target } of redirects) {
    if (op === "<") {
      if (target === "/dev/null") stdin = bufferStdin(Buffer.alloc(0));
      else {
        const data = fs.read(target);
        if (!data) return { error: `can't open ${target}: ${strerror(fs.readProblem(target) ?? "ENOENT")}` };
        stdin = bufferStdin(data);
      }
      continue;
    }
    if (op === ">&") {
      const source = fds.get(Number(target));
      if (!/^\d$/.test(target) || !source) return { error: `${target}: bad file descriptor` };
      fds.set(fd, source);
      continue;
    }
    if (target === "/dev/null") {
      fds.set(fd, discard);
      continue;
    }
    if (target === "/dev/stderr" || target === "/dev/stdout") {
      fds.set(fd, fds.get(target === "/dev/stderr" ? 2 : 1) ?? discard);
      continue;
    }
    const failure = fs.write(target, Buffer.alloc(0), { append: op === ">>" });
    if (failure) return { error: `can't create ${target}: ${strerror(failure)}` };
    const file = { path: target, chunks: [] as Buffer[] };
    files.push(file);
    fds.set(fd, (data) => file.chunks.push(typeof data === "string" ? Buffer.from(data) : data));
  }
  return {
    streams: { stdin, stdout: fds.get(1)!, stderr: fds.get(2)! },
    flush() {
      for (const file of files)
        if (file.chunks.length > 0) fs.write(file.path, Buffer.concat(file.chunks), { append: true });
    },
  };
}
