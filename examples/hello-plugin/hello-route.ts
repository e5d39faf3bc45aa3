import { defineHandler } from "h3";

export default defineHandler((event) => ({
  ok: true,
  greeting: `Hello, ${event.url.searchParams.get("name") ?? "world"}!`,
}));
