export { seededRandom, systemClock, type OperatorClock } from "./clock.ts";
export type { DeviceFacts } from "./execution-context.ts";
export { createVirtualOperator, type VirtualOperator, type VirtualOperatorDeps } from "./virtual-operator.ts";
