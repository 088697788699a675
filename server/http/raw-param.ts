/**
 * A path parameter as the request carries it before validation, for what runs earlier than the
 * route's schema (an access derivation, `permissionOf` in access.ts, runs in preValidation):
 * the text of `name`, or undefined when the params hold no string of that name. Nothing about
 * their shape is assumed.
 */
export function rawParam(request: { readonly params: unknown }, name: string): string | undefined {
  const params = request.params;
  if (typeof params !== 'object' || params === null || !Object.hasOwn(params, name)) {
    return undefined;
  }
  const value: unknown = Reflect.get(params, name);
  return typeof value === 'string' ? value : undefined;
}
