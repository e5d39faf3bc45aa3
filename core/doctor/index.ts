export { createDoctorFacts, type DoctorFacts, OperatorVersion, SelectedDevice } from "./facts.ts";
export type { DoctorFixOutcome, DoctorReport } from "./report.ts";
