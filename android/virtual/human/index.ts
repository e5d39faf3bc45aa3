export { HumanInput, HumanInputError, type HumanResult, type NodeSummary, type SentEvent } from "./human-input.ts";
export { answerHuman, HUMAN_SERVICE, HumanRequest, type HumanAnswer } from "./human-request.ts";
export type { HumanTarget } from "./human-target.ts";
