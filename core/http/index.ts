export { BODY_LIMIT_BYTES } from "./body-limit.ts";
export { BODY_ERROR_CODES, isJsonMediaType, JsonObject, readJsonBody } from "./read-json-body.ts";
