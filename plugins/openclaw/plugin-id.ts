export const PLUGIN_ID = "clawperator";
