export { agentViewOf, buildAgentView, outlineText, type AgentViewOptions, type ViewLine } from "./build-view.ts";
export { issued, loadLineage, newLineage, storeLineage, type RefLineage, type StoredLineage } from "./lineage.ts";
export { displayBox, visibility, type DisplaySize } from "./visible.ts";
