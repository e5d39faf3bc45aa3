export interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

export interface SseClient {
  readonly events: SseEvent[];
  /** Resolves with the first event (already received or still to come) that matches. */
  next(match: (event: SseEvent) => boolean): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  readonly ended: Promise<void>;
  close(): void;
}

/** A minimal EventSource over fetch: parses `event:` / `data:` blocks, data as JSON. */
export async function connectSse(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: "text/event-stream", ...headers },
    signal: controller.signal,
  });
  if (!response.ok || !response.body) throw new Error(`SSE ${url}: HTTP ${response.status} ${await response.text()}`);
  const events: SseEvent[] = [];
  const waiters: { match: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void }[] = [];
  const deliver = (event: SseEvent) => {
    events.push(event);
    for (const waiter of [...waiters]) {
      if (!waiter.match(event)) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(event);
    }
  };
  const ended = (async () => {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        for (let end = buffer.indexOf("\n\n"); end !== -1; end = buffer.indexOf("\n\n")) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let name = "message";
          const data: string[] = [];
          for (const line of block.split("\n")) {
            if (line.startsWith("event: ")) name = line.slice(7);
            else if (line.startsWith("data: ")) data.push(line.slice(6));
          }
          if (data.length) deliver({ event: name, data: JSON.parse(data.join("\n")) });
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  return {
    events,
    ended,
    next(match) {
      const seen = events.find(match);
      return seen ? Promise.resolve(seen) : new Promise((resolve) => waiters.push({ match, resolve }));
    },
    close: () => controller.abort(),
  };
}
