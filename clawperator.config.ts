import { defineConfig } from "clawperator/config";

// The project's own config, and the example users copy. Every key is optional; these are the defaults.
export default defineConfig({
  // Third-party plugins: package names, paths relative to this file, or [name, options].
  plugins: [],
  // Built-in plugins to leave out, by name.
  disablePlugins: [],
  operatorPackage: "com.clawperator.operator",
});
