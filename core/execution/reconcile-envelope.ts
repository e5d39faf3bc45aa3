import type { ResultEnvelope } from "../contracts/envelope.ts";

/**
 * Aligns the envelope's `status` and `error` with its steps once the host finished them (close_app, snapshots,
 * screenshots), as the reference runtime does (docs/protocol.md#envelope-post-processing): a failed step fails the
 * execution, with `Step <id> (<actionType>) failed: <data.error>`; every step succeeded is success. An envelope without
 * steps (the APK's own failure envelopes) is left as sent.
 */
export function reconcileEnvelope(envelope: ResultEnvelope): ResultEnvelope {
  if (envelope.stepResults.length === 0) return envelope;
  const { hint: _hint, errorCode, ...rest } = envelope;
  const failed = envelope.stepResults.find((step) => !step.success);
  if (!failed) return { ...rest, status: "success", error: null };
  const detail = failed.data.error ? `: ${failed.data.error}` : "";
  return {
    ...rest,
    ...(errorCode === undefined ? {} : { errorCode }),
    status: "failed",
    error: `Step ${failed.id} (${failed.actionType}) failed${detail}`,
  };
}
