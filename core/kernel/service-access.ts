import type { Token } from "./token.ts";

export type ServiceProvider<T> = { useValue: T } | { useFactory: (services: ServiceAccess) => T };

/** Typed access to the kernel's tsyringe container by token; plugins need no decorators. */
export interface ServiceAccess {
  register<T>(token: Token<T>, provider: ServiceProvider<T>): void;
  resolve<T>(token: Token<T>): T;
  isRegistered(token: Token<unknown>): boolean;
}
