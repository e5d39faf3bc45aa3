export { buildAgentView } from "./build-view.ts";
