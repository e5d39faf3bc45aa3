// tsyringe needs the Reflect metadata API in place before it loads. The "lite" build is the same API without the
// Map, Set and WeakMap polyfills only pre-ES2015 runtimes use: less to compile at every start.
import "reflect-metadata/lite";

export { container, Lifecycle } from "tsyringe";
