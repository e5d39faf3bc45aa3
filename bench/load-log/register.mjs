// `node --import <this file>` logs every module URL Node loads to $LOAD_LOG (bench/lazy-loads.mjs).
import { register } from "node:module";

register("./hooks.mjs", import.meta.url);
