export { BODY_ERROR_CODES, BODY_LIMIT_BYTES, isJsonMediaType, JsonObject, readJsonBody } from "./read-json-body.ts";
