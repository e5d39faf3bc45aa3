declare const serviceType: unique symbol;

/**
 * A service identifier that carries its service's type, so `services.resolve(Transport)` needs no type argument
 * (VS Code's service identifiers). It is a registered symbol: the CLI bundle and a plugin that imports the
 * package root hold different module instances but still name the same service.
 */
export type Token<T> = symbol & { readonly [serviceType]?: T };

/** Makes the token for a service; `name` is unique across clawperator and its plugins (prefix third-party ones). */
export function createToken<T>(name: string): Token<T> {
  return Symbol.for(`clawperator.${name}`) as Token<T>;
}
