/** Typed access to the kernel's tsyringe container by token; plugins need no decorators. */
export interface ServiceAccess {
  register<T>(token: symbol, provider: { useValue: T } | { useFactory: (services: ServiceAccess) => T }): void;
  resolve<T>(token: symbol): T;
  isRegistered(token: symbol): boolean;
}
