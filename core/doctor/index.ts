export { DoctorFacts } from "./facts.ts";
export type { DoctorFixOutcome, DoctorReport } from "./report.ts";
