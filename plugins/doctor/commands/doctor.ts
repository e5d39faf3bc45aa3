import type { DoctorReport } from "../../../core/doctor/report.ts";
import { createDoctorFacts, SelectedDevice } from "../../../core/doctor/facts.ts";
import { DEFAULT_OPERATOR_PACKAGE } from "../../../core/contracts/limits.ts";
import { CheckRegistry, defineCommandHandler } from "../../../core/kernel/index.ts";
import { applyFixes } from "../apply-fixes.ts";
import { doctorArgs } from "../doctor-args.ts";
import { nextActions } from "../next-actions.ts";
import { orderChecks } from "../order-checks.ts";
import { paletteFor, renderDoctor } from "../render-pretty.ts";
import { runChecks } from "../run-checks.ts";

/** What rendering and the exit code need beyond the report itself. */
const runs = new WeakMap<DoctorReport, { critical: Set<string>; checkOnly: boolean }>();

/**
 * `doctor`: runs every contributed check in doctor's fixed order (docs/doctor.md#checks) and reports a DoctorReport.
 * Exit 0 when every critical check passed (1 otherwise); `--check-only` always exits 0.
 */
const doctor = defineCommandHandler(doctorArgs, {
  async run(args, { globals, services, config, logger }): Promise<DoctorReport> {
    const receiverPackage = globals.receiverPackage ?? config.operatorPackage ?? DEFAULT_OPERATOR_PACKAGE;
    const facts = createDoctorFacts();
    const checks = orderChecks(services.resolve(CheckRegistry).entries(), Boolean(args.full));
    const run = await runChecks(
      checks,
      {
        services,
        config,
        globals,
        receiverPackage,
        facts,
        flags: {
          fix: Boolean(args.fix),
          full: Boolean(args.full),
          checkOnly: Boolean(args["check-only"]),
          ...(args.apk ? { apk: args.apk } : {}),
        },
      },
      (message) => logger.progress(message),
    );
    const criticalOk = !run.results.some((r) => r.status === "fail" && run.critical.has(r.id));
    const deviceId = facts.get(SelectedDevice);
    const fixes = args.fix ? await applyFixes(run.results) : undefined;
    const actions = nextActions(run.results, {
      fixed: Boolean(args.fix),
      receiverPackage,
      ...(deviceId ? { deviceId } : {}),
    });
    const report: DoctorReport = {
      ok: criticalOk,
      criticalOk,
      ...(deviceId ? { deviceId } : {}),
      receiverPackage,
      checks: run.results,
      ...(actions ? { nextActions: actions } : {}),
      ...(fixes ? { fixes } : {}),
    };
    runs.set(report, { critical: run.critical, checkOnly: Boolean(args["check-only"]) });
    return report;
  },
  pretty(result) {
    const report = result;
    return renderDoctor(report, runs.get(report)?.critical ?? new Set(), paletteFor(process.stdout));
  },
  exitCode(result) {
    const report = result;
    return runs.get(report)?.checkOnly || report.criticalOk ? 0 : 1;
  },
});

export default doctor;
