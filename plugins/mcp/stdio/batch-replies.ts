import {
  ErrorCode,
  isJSONRPCErrorResponse,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  type JSONRPCErrorResponse,
  type JSONRPCMessage,
} from "@modelcontextprotocol/sdk/types.js";
import { rpcError } from "../protocol/check-message.ts";

interface Batch {
  waiting: Set<string>;
  answers: JSONRPCMessage[];
}

const key = (id: string | number) => `${typeof id}:${id}`;

/**
 * The answers of batches in flight: JSON-RPC 2.0 answers a batch with one array holding the response to each of
 * its requests, once all are there (a batch of notifications alone gets none).
 */
export class BatchReplies {
  readonly #byId = new Map<string, Batch>();

  /** Starts collecting a batch's answers; a batch that repeats a request id, or reuses one in flight, is refused. */
  open(messages: readonly JSONRPCMessage[]): JSONRPCErrorResponse | undefined {
    const ids = messages.filter(isJSONRPCRequest).map((m) => key(m.id));
    if (new Set(ids).size !== ids.length || ids.some((id) => this.#byId.has(id)))
      return rpcError(ErrorCode.InvalidRequest, "Invalid Request: a batch's request ids must be unique");
    if (ids.length === 0) return undefined;
    const batch: Batch = { waiting: new Set(ids), answers: [] };
    for (const id of ids) this.#byId.set(id, batch);
    return undefined;
  }

  /**
   * Takes a message the server sends: `held` when it answers a batch still waiting for others, the whole batch's
   * answers when it was the last, undefined when it answers no batch.
   */
  answer(message: JSONRPCMessage): "held" | JSONRPCMessage[] | undefined {
    if (!isJSONRPCResultResponse(message) && !isJSONRPCErrorResponse(message)) return undefined;
    if (message.id === undefined) return undefined;
    return this.#settle(message.id, message);
  }

  /**
   * A request the client cancelled gets no answer (MCP, "Cancellation"): its batch no longer waits for it. Returns
   * the batch's answers when that was the last one it waited for.
   */
  cancelled(id: string | number): JSONRPCMessage[] | undefined {
    const settled = this.#settle(id, undefined);
    return Array.isArray(settled) && settled.length > 0 ? settled : undefined;
  }

  #settle(requestId: string | number, answer: JSONRPCMessage | undefined): "held" | JSONRPCMessage[] | undefined {
    const id = key(requestId);
    const batch = this.#byId.get(id);
    if (!batch) return undefined;
    this.#byId.delete(id);
    batch.waiting.delete(id);
    if (answer) batch.answers.push(answer);
    return batch.waiting.size === 0 ? batch.answers : "held";
  }
}
