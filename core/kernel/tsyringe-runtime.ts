// tsyringe needs the Reflect metadata polyfill in place before it loads.
import "reflect-metadata";

export { container, instanceCachingFactory } from "tsyringe";
