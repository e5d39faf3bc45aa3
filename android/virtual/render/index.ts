export { renderScreenPng } from "./render-screen.ts";
