export { seededRandom } from "./seeded-random.ts";
export type { DeviceFacts } from "./execution-context.ts";
export { createVirtualOperator, type VirtualOperator, type VirtualOperatorDeps } from "./virtual-operator.ts";
