/** The weight `accept` gives a media type: its own entry, else its `type/*`, else `*\/*` (q defaults to 1). */
function weightOf(accept: string, type: string): number {
  const [major] = type.split("/");
  let best: { specificity: number; q: number } | undefined;
  for (const entry of accept.split(",")) {
    const [range = "", ...params] = entry.split(";").map((part) => part.trim().toLowerCase());
    const specificity = range === type ? 3 : range === `${major}/*` ? 2 : range === "*/*" ? 1 : 0;
    if (specificity === 0 || (best && best.specificity >= specificity)) continue;
    const q = Number(params.find((p) => p.startsWith("q="))?.slice(2) ?? "1");
    best = { specificity, q: Number.isFinite(q) ? q : 0 };
  }
  return best?.q ?? 0;
}

/** Whether a client's Accept header prefers image/png to JSON (a tie, `*\/*` or no header answers JSON). */
export function prefersPng(accept: string | null): boolean {
  if (!accept) return false;
  const png = weightOf(accept, "image/png");
  return png > 0 && png > weightOf(accept, "application/json");
}
