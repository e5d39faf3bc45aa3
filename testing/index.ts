export {
  HOSTILE_WORDS,
  transportConformance,
  type ConformanceOptions,
  type ConformanceTarget,
} from "./transport-conformance.ts";
